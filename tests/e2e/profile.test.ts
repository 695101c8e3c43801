// The profile area end to end, in Chromium against the built server, as a new user would try
// it (the walk-through, one person throughout): register, change the photo (the progress
// bar shows; a link works too, a bad link is refused), fill in the profile, verify a phone number
// with the code from the SMS outbox so that the saved profile shows it verified, open 'My
// bookings' from the profile menu, post a blog that waits for an admin, who approves it in the
// dashboard so that it appears on /blogs. Also: the header's photo and name, the login guard,
// the dialog's keyboard use, no script, a 360 px phone and axe.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Cookie, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeSentTo } from "../fixtures/outbox";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const user = { name: "Nadia Islam", email: "nadia@school.test", password: "nadia-password" };
const blogTitle = "A week at the science fair";
/** The number Nadia verifies (her profile's contact "Number" is another one). */
const phoneNumber = "+8801722222222";
/** A photo on another site: the browser's requests for it are answered by the test. */
const photoLink = "https://images.example/nadia-at-school.jpg";

describe("the profile area", () => {
  let photo: Buffer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-e2e-profile-"));
  // Removed once the server has stopped (after hooks run last first).
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const site = useSite({ admin, dataDir });

  beforeAll(async () => {
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

  async function signIn(page: Page, account: { email: string; password: string }, path: string) {
    await signInThroughLogin(page, site.url, account, path);
    await page.waitForURL((url) => url.pathname === path);
  }

  /**
   * A page for Nadia at `path`. She signs in through /login once; later pages carry that session's
   * cookies. Better Auth allows 10 sign-ins per address while each comes within a minute of the
   * last, which a sign-in per step of this walk-through would pass.
   */
  let userCookies: Cookie[] | undefined;
  const userPage = async (path: string, options?: Parameters<typeof newPage>[1]) => {
    const { context, page } = await newPage(site.browser, options);
    if (userCookies) {
      await context.addCookies(userCookies);
      await page.goto(site.url + path);
      expect(new URL(page.url()).pathname).toBe(path);
      return page;
    }
    await signIn(page, user, path);
    userCookies = await context.cookies();
    return page;
  };

  /** Waits until the page's script runs, so clicks reach React rather than the bare markup. */
  const hydrated = (page: Page) => page.locator(".profile[data-hydrated]").waitFor({ timeout: 30_000 });

  it("sends an anonymous visitor to /login and back", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/profile`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/profile-route");
  });

  it("registers a new user whose name then shows in the header, linking to the profile", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/register`);
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

  it("sets the photo from an https link, and refuses a link that is not http or https on its field", async () => {
    const page = await userPage("/profile-route");
    await hydrated(page);
    // No network in tests: the other site's answer is the test photo.
    await page.route(photoLink, (route) =>
      route.fulfill({ status: 200, contentType: "image/jpeg", body: photo }),
    );
    const dialog = page.getByRole("dialog", { name: "Update photo" });
    const link = dialog.getByLabel("Or an image link");

    await page.getByTestId("update-photo").click();
    await dialog.waitFor();
    await link.fill("ftp://images.example/nadia.jpg");
    await page.getByTestId("photo-save").click();
    await expect.poll(() => link.getAttribute("aria-invalid")).toBe("true");
    const linkError = page.locator(`[id="${await link.getAttribute("id")}-error"]`);
    expect(await linkError.textContent()).toBe("Photo link must be an http or https link");
    expect(await link.getAttribute("aria-describedby")).toContain(await linkError.getAttribute("id"));
    // Nothing changed: the dialog stays open and the uploaded photo is still the one shown.
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByTestId("profile-photo").getAttribute("src")).toMatch(/^\/files\/images\//);

    await link.fill(photoLink);
    await page.getByTestId("photo-save").click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    expect(await page.getByTestId("photo-saved").textContent()).toBe("Photo updated");
    await expect.poll(() => page.getByTestId("profile-photo").getAttribute("src")).toBe(photoLink);
    const headerPhoto = page.getByTestId("header-account").getByTestId("header-avatar");
    await expect.poll(() => headerPhoto.getAttribute("src")).toBe(photoLink);
    await expect
      .poll(() => page.getByTestId("profile-photo").evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // It stays after a reload.
    await page.reload();
    expect(await page.getByTestId("profile-photo").getAttribute("src")).toBe(photoLink);

    // Back to an uploaded photo, which the later steps expect.
    await hydrated(page);
    await page.getByTestId("update-photo").click();
    await page
      .getByTestId("photo-file")
      .setInputFiles({ name: "nadia.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByTestId("photo-save").click();
    await dialog.waitFor({ state: "hidden", timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId("profile-photo").getAttribute("src"))
      .toMatch(/^\/files\/images\/nadia-/);
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

  it("verifies a phone number with the code from the outbox, and UpdatedProfile shows it verified", async () => {
    const page = await userPage("/profile-route/UpdatedProfile");
    await hydrated(page);
    await page.getByTestId("saved-phone").getByRole("link", { name: "Add and verify one" }).click();
    await page.waitForURL((url) => url.pathname === "/profile-route/phone");
    await expect
      .poll(() =>
        page.getByRole("navigation", { name: "Profile menu" }).locator('[aria-current="page"]').textContent(),
      )
      .toBe("Phone");
    expect(await page.getByTestId("phone-state").textContent()).toBe("No verified phone number yet.");

    await page.getByRole("textbox", { name: "Phone number" }).fill("+880 1722-222222");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText(`We sent a 6-digit code to ${phoneNumber}`).waitFor({ timeout: 20_000 });
    const code = await codeSentTo(site.server.dataDir, phoneNumber);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("flash").filter({ hasText: "Your phone number is verified." }).waitFor({
      timeout: 20_000,
    });
    expect(await page.getByTestId("phone-state").textContent()).toBe(`Verified: ${phoneNumber}`);

    await page
      .getByRole("navigation", { name: "Profile menu" })
      .getByRole("link", { name: "Profile", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/profile-route/UpdatedProfile");
    const saved = page.getByTestId("saved-phone");
    await expect.poll(() => saved.getByTestId("phone-state").textContent()).toBe("Verified");
    expect(await saved.textContent()).toContain(phoneNumber);
    // The contact number of the profile form is a separate field, unchanged.
    expect(await page.getByTestId("saved-number").textContent()).toBe("+8801711111111");
  }, 60_000);

  it("opens 'My bookings' from the profile menu", async () => {
    const page = await userPage("/profile-route");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Profile menu" })
      .getByRole("link", { name: "My bookings" })
      .click();
    await page.waitForURL((url) => url.pathname === "/bookings");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("My bookings");
    // Nadia has booked nothing yet.
    await page.getByTestId("bookings-empty").waitFor();
  }, 60_000);

  it("saves the profile form without script too", async () => {
    const context = await site.browser.newContext({
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
      await target.goto(`${site.url}/blogs`);
      return target.locator("main").textContent();
    };
    expect(await titlesOn(page)).not.toContain(blogTitle);
    const { page: visitor } = await newPage(site.browser);
    expect(await titlesOn(visitor)).not.toContain(blogTitle);

    const { page: office } = await newPage(site.browser);
    await signIn(office, admin, "/DeashBoard/list/blogs");
    await office.locator("[data-testid=content-table][data-hydrated]").waitFor({ timeout: 30_000 });
    const row = office.getByTestId("content-row").filter({ hasText: blogTitle });
    expect(await row.getAttribute("data-status")).toBe("pending");
    expect(await row.getByTestId("row-status").textContent()).toBe("Pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status"), { timeout: 15_000 }).toBe("approved");

    expect(await titlesOn(visitor)).toContain(blogTitle);
    await page.goto(`${site.url}/profile-route/MyBlogs`);
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

    await page.goto(`${site.url}/profile-route/MyBlogs`);
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
      await page.goto(site.url + path);
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
    await page.getByLabel("Open menu", { exact: true }).click();
    const inMenu = page.getByTestId("menu-account");
    await inMenu.waitFor();
    expect(await inMenu.textContent()).toContain("Nadia Rahman");
    expect(await inMenu.getByTestId("header-avatar").getAttribute("src")).toMatch(/^\/files\/images\//);
    await inMenu.click();
    await page.waitForURL((url) => url.pathname === "/profile-route");
  }, 60_000);
});
