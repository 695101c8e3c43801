// The dashboard's people screens end to end, in Chromium against the built server: the accounts
// list with Make admin and Remove admin (never the last admin), and the subscribers with their
// CSV export.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiSignIn,
  checkAccessibility,
  formatViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  sessionOf,
  signInThroughLogin,
  startServer,
} from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const karim = { email: "karim@school.test", password: "karim-password", name: "Karim Uddin" };

describe("the dashboard's people screens", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SAMPLE_CONTENT: "off" },
      }),
      launchBrowser(),
    ]);
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(karim),
    });
    expect(signUp.ok).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function adminPage(path: string, options?: Parameters<typeof newPage>[1]): Promise<Page> {
    const { page } = await newPage(browser, options);
    await signInThroughLogin(page, server.url, admin, path);
    await page.waitForURL((url) => url.pathname === path);
    return page;
  }

  /** Axe's findings on the whole screen, the dashboard menu included. */
  const ownViolations = (page: Page) => checkAccessibility(page);

  const rowOf = (page: Page, email: string) =>
    page.locator(`[data-testid="user-row"][data-email="${email}"]`);

  it("makes a registered user an admin and removes the role again", async () => {
    const page = await adminPage("/DeashBoard/users");
    await page.getByRole("heading", { name: "Users" }).waitFor();
    const row = rowOf(page, karim.email);
    expect(await row.getByTestId("user-role").textContent()).toBe("User");
    expect(await row.textContent()).toContain(karim.name);

    await row.getByRole("button", { name: "Make admin" }).click();
    await row.getByTestId("user-notice").waitFor();
    expect(await row.getByTestId("user-notice").textContent()).toBe("Now an admin.");
    await row.getByRole("button", { name: "Remove admin" }).waitFor();
    expect(await row.getByTestId("user-role").textContent()).toBe("Admin");

    await row.getByRole("button", { name: "Remove admin" }).click();
    await row.getByText("No longer an admin.").waitFor();
    await row.getByRole("button", { name: "Make admin" }).waitFor();
    expect(await row.getByTestId("user-role").textContent()).toBe("User");
  });

  it("searches the accounts", async () => {
    const page = await adminPage("/DeashBoard/users");
    await page.getByLabel("Search by name or e-mail").fill("UDDIN");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "UDDIN");
    await page.getByTestId("users-count").getByText("1 account", { exact: true }).waitFor();
    expect(await page.getByTestId("user-row").count()).toBe(1);
  });

  it("refuses to remove the last admin, with the server's message", async () => {
    const page = await adminPage("/DeashBoard/users");
    const row = rowOf(page, admin.email);
    await row.getByRole("button", { name: "Remove admin" }).click();
    await row.getByTestId("user-error").waitFor();
    expect(await row.getByTestId("user-error").textContent()).toBe("There must always be at least one admin");
    expect(await row.getByTestId("user-role").textContent()).toBe("Admin");
  });

  it("keeps the people screens inside the screen of a phone, accessibly", async () => {
    const page = await adminPage("/DeashBoard/users", { viewport: { width: 375, height: 740 } });
    await page.getByTestId("users-table").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(formatViolations(await ownViolations(page))).toBe("");
    await page.goto(`${server.url}/DeashBoard/subscribers`);
    await page.getByRole("heading", { name: "Subscribers" }).waitFor();
    expect(formatViolations(await ownViolations(page))).toBe("");
  });

  it("lists a new subscriber and downloads the CSV", async () => {
    const subscribe = await fetch(`${server.url}/api/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "Reader@School.test" }),
    });
    expect(subscribe.ok).toBe(true);

    const page = await adminPage("/DeashBoard/subscribers");
    await page.getByRole("heading", { name: "Subscribers" }).waitFor();
    expect(await page.getByTestId("subscriber-row").first().textContent()).toContain("reader@school.test");
    expect(await page.getByTestId("subscribers-count").textContent()).toBe("1 subscriber");
    const link = page.getByRole("link", { name: "Export CSV" });
    expect(await link.getAttribute("href")).toBe("/DeashBoard/subscribers.csv");

    const { cookie } = sessionOf(await apiSignIn(server, admin.email, admin.password));
    const csv = await fetch(`${server.url}/DeashBoard/subscribers.csv`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="maktab-subscribers.csv"');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("email,subscribed_at");
    expect(lines).toContainEqual(expect.stringMatching(/^reader@school\.test,\d{4}-\d\d-\d\dT/));

    const anonymous = await fetch(`${server.url}/DeashBoard/subscribers.csv`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });
});
