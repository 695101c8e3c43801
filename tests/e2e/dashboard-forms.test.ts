// The dashboard's add forms in Chromium against the built server: an admission with an uploaded
// photo, a teacher, each rule of the admission and teacher forms checked in the browser with its
// message under the field, the progress bar of a slow upload, the server's wrong-type and
// too-large answers on the image field, the side menu's links, and the guard for a signed-in
// non-admin.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, type RunningServer, sessionOf, startServer, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };

async function jpeg(width: number, height: number, noise = false): Promise<Buffer> {
  if (!noise)
    return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function logIn(page: Page, server: RunningServer, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Login" }).last().click();
  await page.getByRole("button", { name: "LogOut" }).waitFor();
}

/** The message shown under a field (the text its aria-describedby points to), or "" for none. */
function errorUnder(page: Page, label: string): Promise<string> {
  return page
    .getByLabel(label)
    .first()
    .evaluate((field) =>
      (field.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim(),
    );
}

describe("the dashboard's add forms", () => {
  let folder: string;
  let photo: string;
  // A second server that takes smaller uploads, for the too-large message: started beside this
  // file's own (useSite), and awaited where it is used.
  let small: Promise<RunningServer>;

  beforeAll(async () => {
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, UPLOAD_MAX_BYTES: "50000" };
    small = startServer({ env });
    small.catch(() => undefined);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-forms-"));
    photo = path.join(folder, "photo.jpg");
    fs.writeFileSync(photo, await jpeg(64, 48));
  });
  afterAll(async () => {
    await (await small.catch(() => undefined))?.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  const site = useSite({ admin });

  const asAdmin = async (target: RunningServer, pathname: string) => {
    const { page } = await newPage(site.browser);
    await logIn(page, target, admin.email, admin.password);
    await page.goto(target.url + pathname);
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    return page;
  };

  it("adds an admission with an uploaded photo, says so and resets the form", async () => {
    const page = await asAdmin(site.server, "/DeashBoard/AddAdmition");
    await page.getByLabel("Title").fill("Hifz morning class");
    await page.getByLabel("Price").fill("120.50");
    await page.getByLabel("About").fill("Six days a week");
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole("img", { name: "Preview of the chosen image" }).waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    expect(await page.getByTestId("form-success").textContent()).toBe("added successfully");
    expect(await page.getByLabel("Title").inputValue()).toBe("");
    expect(await page.getByLabel("Price").inputValue()).toBe("");
    expect(await page.getByRole("img", { name: "Preview of the chosen image" }).count()).toBe(0);

    await page.goto(`${site.url}/admitionAll`);
    await page.getByText("Hifz morning class").first().waitFor();
  });

  it("takes a photo over 1 MB (under the 5 MB limit) through the form", async () => {
    const big = path.join(folder, "big-photo.jpg");
    fs.writeFileSync(big, await jpeg(1600, 1200, true));
    expect(fs.statSync(big).size).toBeGreaterThan(1024 * 1024);
    const page = await asAdmin(site.server, "/DeashBoard/noticeADD");
    await page.getByLabel("Title").fill("Photo of the prize-giving");
    await page.locator('input[type="file"]').setInputFiles(big);
    await page.getByRole("img", { name: "Preview of the chosen image" }).waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${site.url}/notices`);
    await page.getByText("Photo of the prize-giving").first().waitFor();
  });

  it("adds a teacher, who waits for review and shows on /teacher once approved", async () => {
    const page = await asAdmin(site.server, "/DeashBoard/teacherADD");
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("ADD TEACHER");
    expect(await page.locator('input[name="status"]').count()).toBe(0);
    await page.getByLabel("Name").fill("Abdul Karim");
    await page.getByLabel("E-mail").fill("karim.teacher@school.test");
    await page.getByLabel("Phone").fill("+880 1700 000000");
    await page.getByLabel("Address").fill("Dhaka");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await approve(page, "/DeashBoard/list/teachers", "Abdul Karim", "/teacher");
  });

  it("adds a result, a blog, a service and a student, each then on its public list", async () => {
    const forms: { path: string; fill: [string, string][]; list: string; shows: string; review?: string }[] =
      [
        {
          path: "/DeashBoard/AddResult",
          fill: [["Title", "Half-yearly results 2026"]],
          list: "/resultAll",
          shows: "Half-yearly results 2026",
        },
        {
          path: "/DeashBoard/blogAdd",
          fill: [
            ["Title", "Our new library"],
            ["Author e-mail", "office@school.test"],
            ["Category", "News"],
          ],
          list: "/blogs",
          shows: "Our new library",
        },
        {
          path: "/DeashBoard/servicesAdd",
          fill: [["Service name", "School bus"]],
          list: "/services",
          shows: "School bus",
        },
        {
          path: "/DeashBoard/StudentAdd",
          fill: [
            ["Name", "Rafiq Hasan"],
            ["E-mail", "rafiq@school.test"],
          ],
          list: "/AllStudent",
          shows: "Rafiq Hasan",
          review: "/DeashBoard/list/students",
        },
      ];
    const page = await asAdmin(site.server, forms[0]?.path ?? "");
    for (const form of forms) {
      await page.goto(site.url + form.path);
      await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
      for (const [label, value] of form.fill) await page.getByLabel(label).fill(value);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      expect(await page.getByTestId("form-success").textContent(), form.path).toBe("added successfully");
      if (form.review) {
        await approve(page, form.review, form.shows, form.list);
        continue;
      }
      await page.goto(site.url + form.list);
      await page.getByText(form.shows).first().waitFor();
    }
  });

  /** A new student or teacher is not public until an admin approves them; then they are. */
  async function approve(page: Page, review: string, name: string, publicList: string) {
    await page.goto(`${site.url}${publicList}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByText(name).count(), `${name} before approval`).toBe(0);
    await page.goto(`${site.url}${review}?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId("content-row").filter({ hasText: name });
    expect(await row.getAttribute("data-status")).toBe("pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status")).toBe("approved");
    await page.goto(`${site.url}${publicList}`);
    await page.getByText(name).first().waitFor();
  }

  it("serves every kind from one module, with the specification's headings and placeholders", async () => {
    const headings: [string, string][] = [
      ["/DeashBoard/AddResult", "ADD RESULT"],
      ["/DeashBoard/blogAdd", "ADD BOLG"],
      ["/DeashBoard/servicesAdd", "ADD SERVICE"],
      ["/DeashBoard/StudentAdd", "ADD STUDENT"],
      ["/DeashBoard/noticeADD", "ADD NOTICE"],
    ];
    const page = await asAdmin(site.server, "/DeashBoard/StudentAdd");
    // The class select starts on its placeholder, with no value, and lists Class One to Alim.
    expect(await page.locator('input[name="className"]').inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: "Class" }).getAttribute("placeholder")).toBe(
      "Choose one",
    );
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByRole("combobox", { name: "Class" }).click();
    const options = await page.getByRole("option").allTextContents();
    expect(options[0]).toBe("Class One");
    expect(options).toContain("Class Three");
    expect(options.at(-1)).toBe("Alim");
    await page.keyboard.press("Escape");
    for (const [pathname, heading] of headings) {
      await page.goto(site.url + pathname);
      await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
      expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe(heading);
    }
    // A notice needs no image.
    await page.getByLabel("Title").fill("School closed on Friday");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${site.url}/notices`);
    await page.getByText("School closed on Friday").first().waitFor();
  });

  it("checks the admission form in the browser, each rule's message next to its field, without sending", async () => {
    const page = await asAdmin(site.server, "/DeashBoard/AddAdmition");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posted++;
    });
    const add = page.getByRole("button", { name: "Add", exact: true });

    // Nothing filled in: each required field says so.
    await add.click();
    await expect.poll(() => errorUnder(page, "Title")).toBe("Title is required");
    expect(await errorUnder(page, "Price")).toBe("Price is required");
    expect(await page.getByTestId("image-error").textContent()).toBe("a photo must be chosen");
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");

    // Too long: the title over 100 characters, the price over 20.
    await page.getByLabel("Title").fill("x".repeat(101));
    await page.getByLabel("Price").fill("1".repeat(21));
    await add.click();
    await expect.poll(() => errorUnder(page, "Title")).toBe("Title must be at most 100 characters");
    expect(await errorUnder(page, "Price")).toBe("Price must be at most 20 characters");
    expect(await page.getByTestId("image-error").textContent()).toBe("a photo must be chosen");

    // A price that is no amount; the title and the photo are now fine and say nothing.
    await page.getByLabel("Title").fill("Evening class");
    await page.getByLabel("Price").fill("twelve taka");
    await page.locator('input[type="file"]').setInputFiles(photo);
    await add.click();
    await expect.poll(() => errorUnder(page, "Price")).toBe("Price must be an amount such as 120 or 120.50");
    expect(await errorUnder(page, "Title")).toBe("");
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByTestId("image-error").count()).toBe(0);

    // "12,50" (12.50 or 1,250?) is refused by the same parser as the API's, before sending.
    await page.getByLabel("Price").fill("12,50");
    await add.click();
    await expect
      .poll(() => errorUnder(page, "Price"))
      .toBe("Price: a comma only separates thousands, such as 1,250.50");

    expect(posted).toBe(0);
    // The input stays.
    expect(await page.getByLabel("Title").inputValue()).toBe("Evening class");
    expect(await page.getByLabel("Price").inputValue()).toBe("12,50");
  });

  it("checks the teacher form in the browser, each rule's message next to its field, without sending", async () => {
    const page = await asAdmin(site.server, "/DeashBoard/teacherADD");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posted++;
    });
    const add = page.getByRole("button", { name: "Add", exact: true });

    await add.click();
    await expect.poll(() => errorUnder(page, "Name")).toBe("Name is required");
    expect(await errorUnder(page, "E-mail")).toBe("E-mail is required");
    expect(await errorUnder(page, "Phone")).toBe("Phone is required");
    expect(await errorUnder(page, "Address")).toBe("Address is required");

    await page.getByLabel("Name").fill("n".repeat(21));
    await page.getByLabel("E-mail").fill("karim-at-school.test");
    await page.getByLabel("Phone").fill("+880 1700 000001");
    await page.getByLabel("Address").fill("Sylhet");
    await add.click();
    await expect.poll(() => errorUnder(page, "Name")).toBe("Name must be at most 20 characters");
    expect(await errorUnder(page, "E-mail")).toBe("Enter a valid e-mail address");
    expect(await errorUnder(page, "Phone")).toBe("");
    expect(await errorUnder(page, "Address")).toBe("");
    expect(await page.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Phone").getAttribute("aria-invalid")).toBeNull();

    expect(posted).toBe(0);
    expect(await page.getByLabel("E-mail").inputValue()).toBe("karim-at-school.test");
  });

  it("shows a progress bar while the photo uploads slowly, then saves the admission", async () => {
    const slow = path.join(folder, "slow-photo.jpg");
    fs.writeFileSync(slow, await jpeg(800, 600, true));
    const bytes = fs.statSync(slow).size;
    expect(bytes).toBeGreaterThan(200_000);
    const page = await asAdmin(site.server, "/DeashBoard/AddAdmition");
    await page.getByLabel("Title").fill("Slow upload class");
    await page.getByLabel("Price").fill("75");
    await page.locator('input[type="file"]').setInputFiles(slow);
    await page.getByRole("img", { name: "Preview of the chosen image" }).waitFor();
    // Every value the bar shows, recorded in the page as it changes.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
        if (value != null && seen.at(-1) !== Number(value)) seen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // A slow connection: the body takes seconds to go up.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: Math.round(bytes / 4),
    });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Seen on the screen: a bar without its styles has no height and counts as hidden.
    const bar = page.getByRole("progressbar", { name: "Uploading" });
    await bar.waitFor({ state: "visible", timeout: 15_000 });
    await page.getByTestId("form-success").waitFor({ timeout: 60_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.getByTestId("form-success").textContent()).toBe("added successfully");
    expect(await bar.count()).toBe(0);
    // The bar moved through the upload, not straight from empty to full.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(
      seen.some((value) => value > 0 && value < 100),
      `values seen: ${seen.join(", ")}`,
    ).toBe(true);

    await page.goto(`${site.url}/admitionAll`);
    await page.getByText("Slow upload class").first().waitFor();
  }, 120_000);

  it("shows the server's wrong-type message on the image field for a file that is no image", async () => {
    const page = await asAdmin(site.server, "/DeashBoard/AddAdmition");
    await page.getByLabel("Title").fill("Not a picture");
    await page.getByLabel("Price").fill("10");
    const refused = [
      { name: "timetable.txt", mimeType: "text/plain", buffer: Buffer.from("Saturday: Quran, Arabic") },
      // Named and typed as a JPEG, but text inside: the server reads the bytes, not the name.
      { name: "timetable.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Sunday: Hadith, Fiqh") },
    ];
    for (const file of refused) {
      await page.locator('input[type="file"]').setInputFiles(file);
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().endsWith("/DeashBoard/AddAdmition"),
      );
      await page.getByRole("button", { name: "Add", exact: true }).click();
      expect((await answered).status(), file.name).toBe(415);
      await page.getByTestId("image-error").waitFor();
      expect(await page.getByTestId("image-error").textContent(), file.name).toBe(
        "Upload a JPEG, PNG, WebP or AVIF image",
      );
      expect(await page.getByTestId("form-success").count()).toBe(0);
      expect(await page.getByLabel("Title").inputValue()).toBe("Not a picture");
    }
    await page.goto(`${site.url}/admitionAll`);
    // The list is rendered on the server: it is complete once the page has loaded.
    expect(await page.getByText("Not a picture").count()).toBe(0);
  });

  it("lists every screen of the dashboard in the side menu, each opening for the admin", async () => {
    const { page } = await newPage(site.browser);
    await logIn(page, site.server, admin.email, admin.password);
    await page.goto(`${site.url}/DeashBoard`);
    const menu = page.getByTestId("dashboard-menu");
    await menu.waitFor();
    const links = () =>
      menu
        .getByRole("link")
        .evaluateAll((anchors) =>
          anchors.map((a) => [a.textContent?.trim() ?? "", a.getAttribute("href") ?? ""]),
        );
    // The specification's sub-routes, then the list screens.
    const expected: [string, string][] = [
      ["Home", "/DeashBoard"],
      ["Add admin", "/DeashBoard/AddAdmin"],
      ["Add teacher", "/DeashBoard/teacherADD"],
      ["Add blog", "/DeashBoard/blogAdd"],
      ["Add notice", "/DeashBoard/noticeADD"],
      ["Add student", "/DeashBoard/StudentAdd"],
      ["Add service", "/DeashBoard/servicesAdd"],
      ["Add admission", "/DeashBoard/AddAdmition"],
      ["Add result", "/DeashBoard/AddResult"],
      ["Admissions", "/DeashBoard/list/admissions"],
      ["Results", "/DeashBoard/list/results"],
      ["Blogs", "/DeashBoard/list/blogs"],
      ["Notices", "/DeashBoard/list/notices"],
      ["Services", "/DeashBoard/list/services"],
      ["Students", "/DeashBoard/list/students"],
      ["Teachers", "/DeashBoard/list/teachers"],
      ["Exports", "/DeashBoard/exports"],
    ];
    const onHome = await links();
    for (const [name, href] of expected)
      expect(
        onHome.filter(([text, to]) => text === name && to === href),
        `${name} → ${href} in ${JSON.stringify(onHome)}`,
      ).toHaveLength(1);
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe("Home");

    // Away from /DeashBoard, Home leads to /DeashBoard/Home; the open screen is marked.
    await page.goto(`${site.url}/DeashBoard/AddAdmition`);
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect((await links()).filter(([text]) => text === "Home")).toEqual([["Home", "/DeashBoard/Home"]]);
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe("Add admission");

    // Each link opens its screen for the admin: no redirect to /login, no error.
    for (const [name, href] of [...expected, ["Home", "/DeashBoard/Home"]]) {
      const response = await page.request.get(site.url + href);
      expect(response.status(), `${name} → ${href}`).toBe(200);
      expect(new URL(response.url()).pathname, `${name} → ${href}`).toBe(href);
    }
  });

  it("shows the server's too-large message on the image field", async () => {
    const big = path.join(folder, "big.jpg");
    fs.writeFileSync(big, await jpeg(400, 300, true));
    expect(fs.statSync(big).size).toBeGreaterThan(50_000);
    const page = await asAdmin(await small, "/DeashBoard/AddAdmition");
    await page.getByLabel("Title").fill("Too big");
    await page.getByLabel("Price").fill("10");
    await page.locator('input[type="file"]').setInputFiles(big);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("image-error").waitFor();
    expect(await page.getByTestId("image-error").textContent()).toMatch(/at most|too large|larger/i);
    expect(await page.getByTestId("form-success").count()).toBe(0);
    expect(await page.getByLabel("Title").inputValue()).toBe("Too big");
  });

  it("refuses a post far over the limit with 413 before reading it", async () => {
    const limited = await small;
    const { cookie } = sessionOf(await apiSignIn(limited, admin.email, admin.password));
    const body = new FormData();
    body.set("title", "Huge");
    body.set("priceMinor", "10");
    body.set("image", new Blob([new Uint8Array(400_000)], { type: "image/jpeg" }), "huge.jpg");
    const response = await fetch(`${limited.url}/DeashBoard/AddAdmition`, {
      method: "POST",
      headers: { cookie, origin: limited.url, "x-requested-with": "XMLHttpRequest" },
      body,
    });
    expect(response.status).toBe(413);
    const answer = (await response.json()) as { ok: boolean; fields: Record<string, { key: string }> };
    expect(answer.ok).toBe(false);
    // The page's answer carries the problem by its code; the form words it.
    expect(answer.fields.image).toMatchObject({ key: "upload.imageTooLarge" });
  });

  it("shows a signed-in account without the role the 403 page, not the form", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/register`);
    await page.getByLabel("Name").fill("Rahim");
    await page.getByLabel("E-mail").fill("rahim@school.test");
    await page.locator('input[name="password"]').fill("rahim-password");
    await page.locator('input[name="retypePassword"]').fill("rahim-password");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    const refused = await page.goto(`${site.url}/DeashBoard/AddAdmition`);
    expect(refused?.status()).toBe(403);
    expect(new URL(page.url()).pathname).toBe("/DeashBoard/AddAdmition");
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
    expect(await page.getByLabel("Title").count()).toBe(0);
  });
});
