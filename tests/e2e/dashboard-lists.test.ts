// The dashboard's content lists end to end, in Chromium against the built server with the sample
// content: thumbnails, search, approving and featuring a pending teacher (who then shows on the
// home page), editing an admission, deleting two notices at once, paging by links, and the door
// for non-admins.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkAccessibility,
  formatViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  signInThroughLogin,
  startServer,
} from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const karim = { email: "karim@school.test", password: "karim-password", name: "Karim Uddin" };

describe("the dashboard's content lists", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SAMPLE_CONTENT: "on" },
      }),
      launchBrowser(),
    ]);
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(karim),
    });
    expect(signUp.ok).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(path: string, who = admin): Promise<Page> {
    const { page } = await newPage(browser);
    await signInThroughLogin(page, server.url, who, path);
    return page;
  }

  async function list(path: string): Promise<Page> {
    const page = await signedIn(path);
    await page.locator('[data-testid="content-table"][data-hydrated]').waitFor();
    return page;
  }

  const titles = (page: Page) => page.getByTestId("row-title").allTextContents();

  it("lists a kind's sample records with thumbnails, and searches them", async () => {
    const page = await list("/DeashBoard/list/services");
    expect(await titles(page)).toEqual(
      expect.arrayContaining([
        "Library",
        "Transport",
        "Hostel",
        "Science lab",
        "Computer lab",
        "Counselling",
      ]),
    );
    const thumbnails = page.getByTestId("row-thumbnail");
    expect(await thumbnails.count()).toBeGreaterThan(0);
    expect(await thumbnails.first().getAttribute("src")).toBeTruthy();
    await expect
      .poll(() => thumbnails.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    await page.getByLabel("Search by title or name").fill("lab");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "lab");
    // The old rows stay until the new page's data arrives: wait for exactly the matching ones.
    await expect.poll(async () => (await titles(page)).sort()).toEqual(["Computer lab", "Science lab"]);

    const menu = page.getByTestId("dashboard-menu");
    expect(await menu.locator('a[href="/DeashBoard/list/teachers"]').count()).toBe(1);
    expect(await menu.locator('a[href="/DeashBoard/AddAdmition"]').count()).toBe(1);
  });

  it("sorts oldest first on request", async () => {
    const page = await list("/DeashBoard/list/notices");
    const newest = await titles(page);
    const oldest = await (await list("/DeashBoard/list/notices?sort=oldest"))
      .getByTestId("row-title")
      .allTextContents();
    expect(oldest).toEqual([...newest].reverse());
  });

  it("marks a pending teacher, approves and features it, and the home page shows it", async () => {
    const page = await list("/DeashBoard/list/teachers?q=Imran");
    const row = page.getByTestId("content-row").filter({ hasText: "Imran Hossain" });
    expect(await row.getAttribute("data-status")).toBe("pending");
    expect(await row.getByTestId("row-status").textContent()).toBe("Pending");

    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status")).toBe("approved");
    await row.getByRole("button", { name: "Feature", exact: true }).click();
    await expect.poll(() => row.getAttribute("data-featured")).toBe("");
    await row.getByTestId("row-featured").waitFor();

    const { page: home } = await newPage(browser);
    await home.goto(`${server.url}/`);
    await home
      .locator('[data-testid="teacher-card"]:visible', { hasText: "Imran Hossain" })
      .first()
      .waitFor();
  });

  it("edits an admission's title, and the public list shows it", async () => {
    const page = await list("/DeashBoard/list/admissions?q=Hifz");
    await page.getByRole("link", { name: "Edit" }).first().click();
    const form = page.locator('[data-testid="content-form"][data-hydrated]');
    await form.waitFor();
    const title = page.getByLabel("Title");
    expect(await title.inputValue()).toBe("Hifz programme");
    expect(await page.getByLabel("Price").inputValue()).not.toBe("");
    await title.fill("Hifz programme for girls");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");

    const { page: visitor } = await newPage(browser);
    await visitor.goto(`${server.url}/admitionAll`);
    await visitor.getByText("Hifz programme for girls").first().waitFor();
  });

  it("deletes two selected notices after the confirmation", async () => {
    const page = await list("/DeashBoard/list/notices");
    const before = await titles(page);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const chosen = before.slice(0, 2);
    const boxes = page.getByTestId("row-select");
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByTestId("delete-selected").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Are You Deleted This Admition?").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("list-notice").getByText("Deleted successfully").waitFor();
    await expect.poll(() => titles(page)).toHaveLength(before.length - 2);
    const after = await titles(page);
    for (const title of chosen) expect(after).not.toContain(title);
  });

  it("pages through a long list with real links, with or without script, leaving a banner behind", async () => {
    // One sign-in for all of it: the sign-in limit (10 a minute) is shared by this file's tests.
    const page = await list("/DeashBoard/list/notices");
    for (let i = 1; i <= 21; i++) {
      const created = await page.request.post(`${server.url}/api/Notice/notices`, {
        headers: { origin: server.url },
        data: { Title: `Paged notice ${i}`, about: "" },
      });
      expect(created.status()).toBe(201);
    }
    // Newest first, 20 a page: the first one is alone on page 2.
    await page.goto(`${server.url}/DeashBoard/list/notices?q=Paged`);
    await expect.poll(async () => (await titles(page)).length).toBe(20);
    await page.getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => titles(page)).toEqual(["Paged notice 1"]);
    await page.getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "1");
    await expect.poll(async () => (await titles(page)).length).toBe(20);

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await context.addCookies(await page.context().cookies());
      const plain = await context.newPage();
      await plain.goto(`${server.url}/DeashBoard/list/notices?q=Paged&notice=sent`);
      const next = plain.getByRole("link", { name: "Next page" });
      const href = new URL((await next.getAttribute("href")) ?? "", plain.url());
      expect(href.searchParams.has("notice")).toBe(false);
      await next.click();
      await plain.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(await plain.getByTestId("row-title").allTextContents()).toEqual(["Paged notice 1"]);
    } finally {
      await context.close();
    }
  });

  it("sends a non-admin to the login page", async () => {
    const page = await signedIn("/", karim);
    await page.goto(`${server.url}/DeashBoard/list/notices`);
    await page.waitForURL((url) => url.pathname === "/login");
    const response = await page.goto(
      `${server.url}/DeashBoard/edit/notices/00000000-0000-4000-8000-000000000000`,
    );
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(response?.ok()).toBe(true);
  });

  it("has no accessibility violations on a list, its confirmation and an edit form", async () => {
    const page = await list("/DeashBoard/list/teachers");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByTestId("row-select").first().check();
    await page.getByTestId("delete-selected").click();
    await page.getByRole("dialog").getByText("Are You Deleted This Admition?").waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Edit" }).first().click();
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("answers 404 for an unknown kind", async () => {
    const page = await signedIn("/DeashBoard/Home");
    const response = await page.goto(`${server.url}/DeashBoard/list/comments`);
    expect(response?.status()).toBe(404);
  });
});
