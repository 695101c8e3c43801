// The dashboard's add forms in Chromium against the built server: an admission with an uploaded
// photo, a teacher, the rules checked in the browser, the server's too-large answer on the image
// field, and the guard for a signed-in non-admin.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiSignIn,
  checkAccessibility,
  formatViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  sessionOf,
  startServer,
} from "./harness";

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

describe("the dashboard's add forms", () => {
  let server: RunningServer;
  let small: RunningServer;
  let browser: Browser;
  let folder: string;
  let photo: string;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-forms-"));
    photo = path.join(folder, "photo.jpg");
    fs.writeFileSync(photo, await jpeg(64, 48));
    const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    [server, small, browser] = await Promise.all([
      startServer({ env }),
      startServer({ env: { ...env, UPLOAD_MAX_BYTES: "50000" } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), small?.stop()]);
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const asAdmin = async (target: RunningServer, pathname: string) => {
    const { page } = await newPage(browser);
    await logIn(page, target, admin.email, admin.password);
    await page.goto(target.url + pathname);
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    return page;
  };

  it("adds an admission with an uploaded photo, says so and resets the form", async () => {
    const page = await asAdmin(server, "/DeashBoard/AddAdmition");
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

    await page.goto(`${server.url}/admitionAll`);
    await page.getByText("Hifz morning class").first().waitFor();
  });

  it("takes a photo over 1 MB (under the 5 MB limit) through the form", async () => {
    const big = path.join(folder, "big-photo.jpg");
    fs.writeFileSync(big, await jpeg(1600, 1200, true));
    expect(fs.statSync(big).size).toBeGreaterThan(1024 * 1024);
    const page = await asAdmin(server, "/DeashBoard/noticeADD");
    await page.getByLabel("Title").fill("Photo of the prize-giving");
    await page.locator('input[type="file"]').setInputFiles(big);
    await page.getByRole("img", { name: "Preview of the chosen image" }).waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${server.url}/notices`);
    await page.getByText("Photo of the prize-giving").first().waitFor();
  });

  it("adds a teacher, who shows on /teacher", async () => {
    const page = await asAdmin(server, "/DeashBoard/teacherADD");
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("ADD TEACHER");
    expect(await page.locator('input[name="status"]').count()).toBe(0);
    await page.getByLabel("Name").fill("Abdul Karim");
    await page.getByLabel("E-mail").fill("karim.teacher@school.test");
    await page.getByLabel("Phone").fill("+880 1700 000000");
    await page.getByLabel("Address").fill("Dhaka");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();

    await page.goto(`${server.url}/teacher`);
    await page.getByText("Abdul Karim").first().waitFor();
  });

  it("adds a result, a blog, a service and a student, each then on its public list", async () => {
    const forms: { path: string; fill: [string, string][]; list: string; shows: string }[] = [
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
      },
    ];
    const page = await asAdmin(server, forms[0]?.path ?? "");
    for (const form of forms) {
      await page.goto(server.url + form.path);
      await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
      for (const [label, value] of form.fill) await page.getByLabel(label).fill(value);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      expect(await page.getByTestId("form-success").textContent(), form.path).toBe("added successfully");
      await page.goto(server.url + form.list);
      await page.getByText(form.shows).first().waitFor();
    }
  });

  it("serves every kind from one module, with the specification's headings and placeholders", async () => {
    const headings: [string, string][] = [
      ["/DeashBoard/AddResult", "ADD RESULT"],
      ["/DeashBoard/blogAdd", "ADD BOLG"],
      ["/DeashBoard/servicesAdd", "ADD SERVICE"],
      ["/DeashBoard/StudentAdd", "ADD STUDENT"],
      ["/DeashBoard/noticeADD", "ADD NOTICE"],
    ];
    const page = await asAdmin(server, "/DeashBoard/StudentAdd");
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
      await page.goto(server.url + pathname);
      await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
      expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe(heading);
    }
    // A notice needs no image.
    await page.getByLabel("Title").fill("School closed on Friday");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${server.url}/notices`);
    await page.getByText("School closed on Friday").first().waitFor();
  });

  it("checks the admission form in the browser, next to the fields, without sending", async () => {
    const page = await asAdmin(server, "/DeashBoard/AddAdmition");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posted++;
    });
    await page.getByLabel("Title").fill("x".repeat(101));
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Title must be at most 100 characters").waitFor();
    await page.getByText("Price is required").waitFor();
    await page.getByText("a photo must be chosen").waitFor();
    expect(posted).toBe(0);
    // The input stays.
    expect(await page.getByLabel("Title").inputValue()).toHaveLength(101);
  });

  it("checks the teacher form in the browser", async () => {
    const page = await asAdmin(server, "/DeashBoard/teacherADD");
    await page.getByLabel("Name").fill("n".repeat(21));
    await page.getByLabel("E-mail").fill("someone@school.test");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Name must be at most 20 characters").waitFor();
    await page.getByText("Phone is required").waitFor();
  });

  it("shows the server's too-large message on the image field", async () => {
    const big = path.join(folder, "big.jpg");
    fs.writeFileSync(big, await jpeg(400, 300, true));
    expect(fs.statSync(big).size).toBeGreaterThan(50_000);
    const page = await asAdmin(small, "/DeashBoard/AddAdmition");
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
    const { cookie } = sessionOf(await apiSignIn(small, admin.email, admin.password));
    const body = new FormData();
    body.set("title", "Huge");
    body.set("priceMinor", "10");
    body.set("image", new Blob([new Uint8Array(400_000)], { type: "image/jpeg" }), "huge.jpg");
    const response = await fetch(`${small.url}/DeashBoard/AddAdmition`, {
      method: "POST",
      headers: { cookie, origin: small.url, "x-requested-with": "XMLHttpRequest" },
      body,
    });
    expect(response.status).toBe(413);
    const answer = (await response.json()) as { ok: boolean; fields: Record<string, string> };
    expect(answer.ok).toBe(false);
    expect(answer.fields.image).toMatch(/^The image is larger than/);
  });

  it("sends a signed-in non-admin to /login with the page as the origin", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Name").fill("Rahim");
    await page.getByLabel("E-mail").fill("rahim@school.test");
    await page.locator('input[name="password"]').fill("rahim-password");
    await page.locator('input[name="retypePassword"]').fill("rahim-password");
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    await page.goto(`${server.url}/DeashBoard/AddAdmition`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/DeashBoard/AddAdmition");
  });
});
