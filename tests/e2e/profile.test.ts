// The profile area end to end, in Chromium against the built server, as a new user would try
// it: register, change the photo (the progress bar shows), fill in the profile, post a blog that
// waits for an admin, who approves it in the dashboard so that it appears on /blogs. Also: the
// header's photo and name, the login guard, the dialog's keyboard use, no script, a 360 px phone
// and axe.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
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
const user = { name: "Nadia Islam", email: "nadia@school.test", password: "nadia-password" };
const blogTitle = "A week at the science fair";

describe("the profile area", () => {
  let server: RunningServer;
  let browser: Browser;
  let photo: Buffer;
  let dataDir: string;

  beforeAll(async () => {
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SAMPLE_CONTENT: "off" };
    dataDir = mkdtempSync(path.join(tmpdir(), "maktab-e2e-profile-"));
    server = await startServer({ env, dataDir });
    browser = await launchBrowser();
    // Noise keeps the JPEG large (about 750 KB), so a slowed upload takes a moment.
    photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(page: Page, account: { email: string; password: string }, path: string) {
    await signInThroughLogin(page, server.url, account, path);
    await page.waitForURL((url) => url.pathname === path);
  }

  const userPage = async (path: string, options?: Parameters<typeof newPage>[1]) => {
    const { page } = await newPage(browser, options);
    await signIn(page, user, path);
    return page;
  };

  /** Waits until the page's script runs, so clicks reach React rather than the bare markup. */
  const hydrated = (page: Page) => page.locator(".profile[data-hydrated]").waitFor({ timeout: 30_000 });

  it("sends an anonymous visitor to /login and back", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/profile`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/profile-route");
  });

  it("registers a new user whose name then shows in the header, linking to the profile", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("E-mail").fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="retypePassword"]').fill(user.password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    const account = page.getByTestId("header-account");
    expect(await account.textContent()).toContain(user.name);
    // No photo yet: the initials stand in.
    expect(await account.getByTestId("header-avatar").textContent()).toBe("NI");
    await account.click();
    await page.waitForURL((url) => url.pathname === "/profile-route");
    expect(await page.getByTestId("profile-name").textContent()).toBe(user.name);
    expect(await page.getByTestId("profile-email").textContent()).toBe(user.email);
  }, 60_000);

  it("changes the photo through the dialog with a progress bar, and the header shows it", async () => {
    const page = await userPage("/profile-route");
    await hydrated(page);
    // Escape closes the dialog and gives the focus back to its button.
    await page.getByTestId("update-photo").click();
    const dialog = page.getByRole("dialog", { name: "Update photo" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "update-photo",
    );

    // A file that is no image is refused on its field.
    await page.getByTestId("update-photo").click();
    await page.getByTestId("photo-file").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("these are words, not pixels"),
    });
    await page.getByTestId("photo-save").click();
    await page.getByTestId("photo-file-error").waitFor();
    expect(await page.getByTestId("photo-file-error").textContent()).toMatch(/JPEG|image/i);
    expect(await page.getByTestId("photo-file").getAttribute("aria-invalid")).toBe("true");

    // A slow connection, so that the upload's progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 400_000,
    });
    await page
      .getByTestId("photo-file")
      .setInputFiles({ name: "nadia.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByTestId("photo-save").click();
    const progress = page.getByTestId("photo-progress");
    await progress.waitFor({ timeout: 15_000 });
    expect(await progress.getAttribute("aria-label")).toBe("Uploading");
    await dialog.waitFor({ state: "hidden", timeout: 60_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.getByTestId("photo-saved").textContent()).toBe("Photo updated");

    const src = /^\/files\/images\/nadia-[0-9a-f]{8}-320\.webp$/;
    await expect.poll(() => page.getByTestId("profile-photo").getAttribute("src")).toMatch(src);
    const headerPhoto = page.getByTestId("header-account").getByTestId("header-avatar");
    await expect.poll(() => headerPhoto.getAttribute("src")).toMatch(src);
    expect(await headerPhoto.getAttribute("width")).toBe("32");
    const loaded = await headerPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(loaded).toBeGreaterThan(0);
  }, 120_000);

  it("saves the profile form with 'added successfully', and UpdatedProfile shows it", async () => {
    const page = await userPage("/profile-route/updateInformations");
    await hydrated(page);
    expect(await page.getByLabel("E-mail").inputValue()).toBe(user.email);
    expect(await page.getByLabel("E-mail").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Class").inputValue()).toBe("");
    await page.locator('input[name="displayName"]').fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Name cannot be empty").waitFor();
    expect(await page.locator('input[name="displayName"]').getAttribute("aria-invalid")).toBe("true");

    await page.locator('input[name="displayName"]').fill("Nadia Rahman");
    await page.getByLabel("About").fill("Captain of the debate team.");
    await page.getByLabel("Number", { exact: true }).fill("+8801711111111");
    await page.getByLabel("Class").selectOption("Class Nine");
    await page.getByLabel("Roll number").fill("7");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("profile-saved").waitFor();
    expect(await page.getByTestId("profile-saved").textContent()).toBe("added successfully");
    await expect.poll(() => page.getByTestId("header-account").textContent()).toContain("Nadia Rahman");

    await page
      .getByRole("navigation", { name: "Profile menu" })
      .getByRole("link", { name: "Profile", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/profile-route/UpdatedProfile");
    // The address changes a moment before React renders the new page.
    await page.getByTestId("saved-name").waitFor();
    await expect
      .poll(() =>
        page.getByRole("navigation", { name: "Profile menu" }).locator('[aria-current="page"]').textContent(),
      )
      .toBe("Profile");
    expect(await page.getByTestId("saved-name").textContent()).toBe("Nadia Rahman");
    expect(await page.getByTestId("saved-about").textContent()).toBe("Captain of the debate team.");
    expect(await page.getByTestId("saved-number").textContent()).toBe("+8801711111111");
    expect(await page.getByTestId("saved-class").textContent()).toBe("Class Nine");
    expect(await page.getByTestId("saved-roll").textContent()).toBe("7");
    expect(await page.getByTestId("saved-phone").textContent()).toContain("No phone number yet.");
  }, 60_000);

  it("saves the profile form without script too", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await signIn(page, user, "/profile-route/updateInformations");
    await page.getByLabel("About").fill("Captain of the debate team. Likes chess.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("profile-saved").waitFor();
    expect(await page.getByLabel("About").inputValue()).toBe("Captain of the debate team. Likes chess.");
    await context.close();
  }, 60_000);

  it("posts a blog that waits for approval; once an admin approves it, it shows on /blogs", async () => {
    const page = await userPage("/profile-route/postBlog");
    await hydrated(page);
    await page.getByRole("button", { name: "Send for approval" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByLabel("Title").fill(blogTitle);
    await page.getByLabel("Category").fill("Events");
    await page.getByLabel("Body").fill("We built a water filter from sand and charcoal.");
    await page
      .getByTestId("blog-image")
      .setInputFiles({ name: "fair.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Send for approval" }).click();
    await page.getByTestId("blog-saved").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("blog-saved").textContent()).toContain("waits for an admin's approval");

    await page.getByRole("link", { name: "My blogs" }).first().click();
    await page.waitForURL((url) => url.pathname === "/profile-route/MyBlogs");
    const mine = page.getByTestId("my-blog").filter({ hasText: blogTitle });
    expect(await mine.getAttribute("data-status")).toBe("pending");
    expect(await mine.getByTestId("my-blog-status").textContent()).toBe("Waiting for approval");
    expect(await mine.locator("img").getAttribute("src")).toMatch(/^\/files\/images\/fair-/);

    const titlesOn = async (target: Page) => {
      await target.goto(`${server.url}/blogs`);
      return target.locator("main").textContent();
    };
    expect(await titlesOn(page)).not.toContain(blogTitle);
    const { page: visitor } = await newPage(browser);
    expect(await titlesOn(visitor)).not.toContain(blogTitle);

    const { page: office } = await newPage(browser);
    await signIn(office, admin, "/DeashBoard/list/blogs");
    await office.locator("[data-testid=content-table][data-hydrated]").waitFor({ timeout: 30_000 });
    const row = office.getByTestId("content-row").filter({ hasText: blogTitle });
    expect(await row.getAttribute("data-status")).toBe("pending");
    expect(await row.getByTestId("row-status").textContent()).toBe("Pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status"), { timeout: 15_000 }).toBe("approved");

    expect(await titlesOn(visitor)).toContain(blogTitle);
    await page.goto(`${server.url}/profile-route/MyBlogs`);
    expect(await page.getByTestId("my-blog").filter({ hasText: blogTitle }).getAttribute("data-status")).toBe(
      "approved",
    );
  }, 120_000);

  it("edits an own blog (back to review) and deletes it after asking", async () => {
    const page = await userPage("/profile-route/MyBlogs");
    await hydrated(page);
    const mine = page.getByTestId("my-blog").filter({ hasText: blogTitle });
    await mine.getByRole("link", { name: `Edit ${blogTitle}` }).click();
    await page.waitForURL(
      (url) => url.pathname === "/profile-route/postBlog" && url.searchParams.has("edit"),
    );
    expect(await page.getByLabel("Title").inputValue()).toBe(blogTitle);
    await page.getByLabel("Body").fill("We built a water filter. It worked!");
    await page.getByRole("button", { name: "Save and send for approval" }).click();
    await page.getByTestId("blog-saved").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("blog-saved").textContent()).toContain(
      "waits for an admin's approval again",
    );

    await page.goto(`${server.url}/profile-route/MyBlogs`);
    await hydrated(page);
    const edited = page.getByTestId("my-blog").filter({ hasText: blogTitle });
    expect(await edited.getAttribute("data-status")).toBe("pending");
    await edited.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Delete the blog “${blogTitle}”?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("my-blogs-empty").waitFor({ timeout: 15_000 });
  }, 120_000);

  it("has no WCAG A/AA violations on the profile pages", async () => {
    const page = await userPage("/profile-route");
    for (const path of ["/profile-route", "/profile-route/updateInformations", "/profile-route/postBlog"]) {
      await page.goto(server.url + path);
      const violations = await checkAccessibility(page);
      expect(violations, `${path}\n${formatViolations(violations)}`).toEqual([]);
    }
    await hydrated(page);
    await page.getByTestId("update-photo").click();
    await page.getByRole("dialog", { name: "Update photo" }).waitFor();
    const inDialog = await checkAccessibility(page);
    expect(inDialog, formatViolations(inDialog)).toEqual([]);
  }, 120_000);

  it("fits a 360 px phone: menu above the page, no sideways scrolling, the account in the phone menu", async () => {
    const page = await userPage("/profile-route/updateInformations", {
      viewport: { width: 360, height: 740 },
    });
    await hydrated(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const menu = await page.getByRole("navigation", { name: "Profile menu" }).boundingBox();
    const form = await page.getByRole("heading", { name: "Update information" }).boundingBox();
    expect(menu && form && menu.y + menu.height <= form.y).toBe(true);
    expect(
      await page
        .getByRole("navigation", { name: "Profile menu" })
        .locator('[aria-current="page"]')
        .textContent(),
    ).toBe("Update information");

    // The bar has no room for the account on a phone: the menu starts with it.
    expect(await page.getByTestId("header-account").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const inMenu = page.getByTestId("menu-account");
    await inMenu.waitFor();
    expect(await inMenu.textContent()).toContain("Nadia Rahman");
    expect(await inMenu.getByTestId("header-avatar").getAttribute("src")).toMatch(/^\/files\/images\//);
    await inMenu.click();
    await page.waitForURL((url) => url.pathname === "/profile-route");
  }, 60_000);
});
