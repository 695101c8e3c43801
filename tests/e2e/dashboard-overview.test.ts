// The dashboard home's overview numbers and the audit trail end to end, in Chromium against the
// built server: numbers that follow what was added through the API, a number that leads to its
// list, an edit made with the dashboard form listed in the trail, the filters, the door for
// non-admins, and both screens on a phone.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const karim = { email: "karim@school.test", password: "karim-password", name: "Karim Uddin" };

describe("the dashboard overview and audit trail", () => {
  const site = useSite({ admin });
  let token: string;

  beforeAll(async () => {
    token = sessionOf(await apiSignIn(site.server, admin.email, admin.password)).token;
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(karim),
    });
    expect(signUp.ok).toBe(true);
  }, 120_000);

  /** A call as the admin, by bearer token. */
  async function api(path: string, method: string, body: unknown): Promise<{ insertedId: string }> {
    const response = await fetch(`${site.url}/api${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return response.json();
  }

  async function signedIn(path: string, who = admin, options?: Parameters<typeof newPage>[1]): Promise<Page> {
    const { page } = await newPage(site.browser, options);
    await signInThroughLogin(page, site.url, who, path);
    return page;
  }

  const numberOf = (page: Page, card: string) =>
    page.getByTestId(card).getByTestId("overview-number").textContent();

  it("shows the numbers on the dashboard home, each leading to its list", async () => {
    const teacher = (name: string) => ({
      name,
      email: "t@school.test",
      phone: "01711000000",
      address: "Dhaka",
    });
    await api("/teacher/addTeacher", "POST", teacher("Abdul Karim"));
    const approved = await api("/teacher/addTeacher", "POST", teacher("Rahim Mia"));
    await api("/teacher/addTeacher", "POST", teacher("Salma Akter"));
    await api(`/teacher/teacher/${approved.insertedId}`, "PATCH", { status: "approved" });
    await api("/Notice/notices", "POST", { Title: "Exam routine" });
    const contact = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({
        name: "Rahima",
        email: "rahima@example.com",
        message: "When does Class Six start?",
      }),
    });
    expect(contact.status).toBe(201);

    const page = await signedIn("/DeashBoard/Home");
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    expect(await numberOf(page, "overview-pending-teachers")).toBe("2");
    // On the site: the approved teacher; the other two wait for review.
    expect(await numberOf(page, "overview-teachers")).toBe("1");
    expect(await page.getByTestId("overview-teachers").textContent()).toContain("2 waiting for review");
    expect(await numberOf(page, "overview-notices")).toBe("1");
    expect(await numberOf(page, "overview-students")).toBe("0");
    expect(await numberOf(page, "overview-unread")).toBe("1");
    expect(await page.getByTestId("overview-orders-empty").textContent()).toBe("No orders yet.");

    // The number and its meaning are one link, read together.
    await page.getByRole("link", { name: "2 Teachers waiting for review" }).click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/list/teachers");
    await page.getByTestId("content-table").waitFor();
  });

  it("lists an edit made with the dashboard form in the audit trail, linked to the record", async () => {
    const { insertedId } = await api("/Notice/notices", "POST", { Title: "Sports day" });
    const page = await signedIn(`/DeashBoard/edit/notices/${insertedId}`);
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    // Titled with what is edited, not a bare "Edit".
    expect(await page.title()).toBe("Edit notice: Sports day · Dashboard | Maktab");
    await page.getByRole("heading", { name: "Edit notice: Sports day" }).waitFor();
    await page.getByLabel("Title").fill("Sports day moved to Sunday");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");

    await page.getByTestId("dashboard-menu").getByRole("link", { name: "Audit trail" }).click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/audit");
    const first = page.getByTestId("audit-row").first();
    await first.waitFor();
    expect(await first.getByTestId("audit-who").textContent()).toBe(admin.email);
    expect(await first.getByTestId("audit-action").textContent()).toBe("Changed");
    expect(await first.getByTestId("audit-what").textContent()).toBe("Notice");
    const label = first.getByRole("link", { name: "Sports day moved to Sunday" });
    expect(await label.getAttribute("href")).toBe(`/DeashBoard/edit/notices/${insertedId}`);
    const second = page.getByTestId("audit-row").nth(1);
    expect(await second.getByTestId("audit-action").textContent()).toBe("Created");
    expect(await second.getByTestId("audit-label").textContent()).toBe("Sports day");

    // Only teachers: the kind filter, kept in the address.
    await page.getByLabel("Kind").selectOption("teacher");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("subject") === "teacher");
    await expect
      .poll(async () => [...new Set(await page.getByTestId("audit-what").allTextContents())])
      .toEqual(["Teacher"]);
    expect(await page.getByTestId("audit-count").textContent()).toBe("4 entries");

    // Who: nobody else has changed anything.
    await page.getByLabel("Search by who (e-mail)").fill("karim");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("audit-empty").waitFor();
  });

  it("shows a signed-in account without the role the 403 page, not the audit trail", async () => {
    const page = await signedIn("/", karim);
    const refused = await page.goto(`${site.url}/DeashBoard/audit`);
    expect(refused?.status()).toBe(403);
    expect(new URL(page.url()).pathname).toBe("/DeashBoard/audit");
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
  });

  /**
   * How far a region sticks out of the screen on the right (0 or less: it fits). A table may
   * scroll sideways inside its own box; the region as a whole must not. (Only our region: the
   * site header is another screen's concern.)
   */
  const overflow = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((region) => {
      const box = region.getBoundingClientRect();
      return Math.max(box.right, box.left + region.scrollWidth) - window.innerWidth;
    });

  const phone = { viewport: { width: 360, height: 740 } };

  it("fits the overview with its recent orders on a 360 px phone, accessibly", async () => {
    const { insertedId } = await api("/AddAdmition", "POST", {
      title: "Class Six admission",
      price: "120.50",
      image1: "https://img.example/a.jpg",
    });
    const { token: buyer } = sessionOf(await apiSignIn(site.server, karim.email, karim.password));
    const intent = await fetch(`${site.url}/api/Order/create-payment-intent`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${buyer}` },
      body: JSON.stringify({ items: [{ id: insertedId, quantity: 2 }] }),
    });
    expect(intent.status).toBe(200);

    const page = await signedIn("/DeashBoard/Home", admin, phone);
    await page.getByTestId("overview").waitFor();
    const order = page.getByTestId("overview-order");
    expect(await order.count()).toBe(1);
    expect(await order.textContent()).toContain(karim.name);
    expect(await order.textContent()).toContain("Pending");
    expect(await overflow(page, "overview")).toBeLessThanOrEqual(0);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("keeps the menu beside the screen on a wide window, with the current screen marked", async () => {
    const page = await signedIn("/DeashBoard", admin);
    const menu = page.getByTestId("dashboard-menu");
    await page.getByTestId("overview").waitFor();
    expect(await page.getByRole("button", { name: "Dashboard menu" }).isVisible()).toBe(false);
    const menuBox = await menu.boundingBox();
    const screenBox = await page.getByTestId("overview").boundingBox();
    expect(menuBox?.width).toBe(240);
    // Side by side: the screen starts right of the menu, level with its top.
    expect(screenBox?.x).toBeGreaterThanOrEqual((menuBox?.x ?? 0) + 240);
    expect(Math.abs((screenBox?.y ?? 0) - (menuBox?.y ?? 0))).toBeLessThan(40);
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe("Home");

    await menu.getByRole("link", { name: "Audit trail" }).click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/audit");
    // The address changes before React commits the new screen.
    await expect.poll(() => menu.locator('[aria-current="page"]').textContent()).toBe("Audit trail");
    expect((await menu.boundingBox())?.width).toBe(240);
  });

  it("slides the menu out from its button on a phone, for the keyboard too", async () => {
    const page = await signedIn("/DeashBoard/Home", admin, phone);
    await page.getByTestId("overview").waitFor();
    const menu = page.getByTestId("dashboard-menu");
    const button = page.getByRole("button", { name: "Dashboard menu" });
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await menu.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await overflow(page, "dashboard-menu")).toBeLessThanOrEqual(0);
    // Focus moves into the menu; Escape closes it and gives focus back to its button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
      "dashboard-menu",
    );

    // Chosen with the keyboard, a link opens its screen and the menu closes.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await menu.getByRole("link", { name: "Users" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/DeashBoard/users");
    await menu.waitFor({ state: "hidden" });
  });

  it("fits the audit trail on a 360 px phone, accessibly", async () => {
    const page = await signedIn("/DeashBoard/audit", admin, phone);
    await page.getByTestId("audit-table").waitFor();
    expect(await overflow(page, "audit-page")).toBeLessThanOrEqual(0);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });
});
