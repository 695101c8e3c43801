// Results day in Chromium against the built server: an admin's exam imported and published
// through the API; a visitor finds one marksheet by roll and registration number without script,
// reads it in English and Bangla on a phone, prints it on one page and downloads its PDF.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { budgets } from "../../bench/budgets";
import { kb } from "../../bench/stats";
import { checkAccessibility, formatViolations } from "./accessibility";
import {
  apiSignIn,
  newPage,
  pageWithItsOwnCss,
  sessionOf,
  signInThroughLogin,
  stylesLeftOut,
  useSite,
  waitForHydration,
} from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const exam = {
  name: "Annual Examination",
  session: "2026",
  class: "Class Ten",
  subjects: [
    {
      code: "101",
      name: "Bangla",
      components: [
        { kind: "written", full: 70, pass: 23 },
        { kind: "mcq", full: 30, pass: 10 },
      ],
    },
    { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] },
    {
      code: "126",
      name: "Higher Mathematics",
      optional: true,
      components: [{ kind: "written", full: 100, pass: 33 }],
    },
  ],
};
// Bangla 75 A 4, Mathematics 68 A- 3.5; Higher Mathematics 90 A+ 5 adds 3: 10.5 / 2 = 5.25, at
// most 5.00; without it 7.5 / 2 = 3.75.
const sheet = [
  "roll,registration,name,101 written,101 mcq,109,126",
  "7,2026000007,Nusrat Jahan,50,25,68,90",
  "8,2026000008,Jamal Sheikh,20,8,40,40",
].join("\r\n");

describe("exam results in the browser", () => {
  const site = useSite({ admin, env: { INSTITUTE_NAME: "Green Valley School", BENCH_COUNTERS: "1" } });
  let examId: string;
  let adminHeaders: Record<string, string>;
  const found = () => `/results?exam=${examId}&roll=7&registration=2026000007`;

  beforeAll(async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const headers = { cookie, origin: site.url };
    adminHeaders = headers;
    const created = await fetch(`${site.url}/api/results/exams`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(exam),
    });
    expect(created.status).toBe(201);
    examId = (await created.json())._id;
    const form = new FormData();
    form.set("file", new File([sheet], "class-ten.csv"));
    const imported = await fetch(`${site.url}/api/results/exams/${examId}/marks`, {
      method: "POST",
      headers,
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const published = await fetch(`${site.url}/api/results/exams/${examId}/publish`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(published.status).toBe(200);
  });

  it("words a marks sheet's problems in Bangla on a Bangla page, by their codes", async () => {
    // A sheet checked (nothing saved) from the exam's page, as its form posts without script.
    const form = new FormData();
    form.set("intent", "check");
    const wrong = [
      "roll,registration,name,101 written,101 mcq,109,126",
      "7,2026000007,Nusrat Jahan,75,25,68,90",
    ];
    form.set("file", new File([wrong.join("\r\n")], "class-ten.csv", { type: "text/csv" }));
    const answer = await fetch(`${site.url}/DeashBoard/exams/${examId}`, {
      method: "POST",
      headers: { ...adminHeaders, cookie: `${adminHeaders.cookie}; maktab_lang=bn` },
      body: form,
    });
    expect(answer.status).toBe(400);
    // What the page shows (its scripts carry the page's data, the API's English words among them).
    const html = (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    // 75 in a written part of 70: the problem in Bangla, with Bengali digits, not in English.
    expect(html).toContain("নম্বর সর্বোচ্চ ৭০ হতে পারে, যা পূর্ণ নম্বর।");
    expect(html).not.toContain("The score must be at most 70");
  });

  it("finds a marksheet by roll and registration without script, linked from /resultAll", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/resultAll`);
    await page.getByRole("link", { name: "Find a result by roll and registration number" }).click();
    await page.getByLabel("Roll").fill("7");
    await page.getByLabel("Registration number").fill("2026000007");
    await page.getByRole("button", { name: "Show the result" }).click();
    const marksheet = page.locator(".marksheet");
    await marksheet.waitFor();
    const text = (await marksheet.textContent()) ?? "";
    expect(text).toContain("Green Valley School");
    expect(text).toContain("Nusrat Jahan");
    expect(text).toMatch(/GPA\s*5\.00/);
    expect(text).toMatch(/GPA without the optional subject\s*3\.75/);
    expect(text).toContain("Passed");
  });

  it("says a wrong registration number did not match, and keeps what was typed", async () => {
    const { page } = await newPage(site.browser);
    const response = await page.goto(`${site.url}/results?exam=${examId}&roll=7&registration=2026000008`);
    expect(response?.status()).toBe(404);
    const found = await fetch(`${site.url}/results?exam=${examId}&roll=7&registration=2026000007`);
    expect(found.headers.get("cache-control")).toBe("private, no-store");
    await page.getByText("No result matches this roll and registration number").waitFor();
    expect(await page.getByLabel("Roll").inputValue()).toBe("7");
    expect(await page.locator(".marksheet").count()).toBe(0);
  });

  it("shows each student their own marksheet from the exam's one page, rendered once", async () => {
    const students = [
      { roll: "7", registration: "2026000007", name: "Nusrat Jahan" },
      { roll: "8", registration: "2026000008", name: "Jamal Sheikh" },
    ];
    const made = async () => (await (await fetch(`${site.url}/__bench/templates`)).json()).made as number;
    const adminCookie = adminHeaders.cookie as string;
    const lookup = (student: (typeof students)[number], cookie?: string) =>
      fetch(`${site.url}/results?exam=${examId}&roll=${student.roll}&registration=${student.registration}`, {
        headers: cookie ? { cookie } : {},
      });
    // The first lookup of each view (a visitor, a signed-in admin) renders the exam's page.
    for (const cookie of [undefined, adminCookie]) await (await lookup(students[1]!, cookie)).text();
    const before = await made();
    for (let round = 0; round < 2; round++) {
      for (const cookie of [undefined, adminCookie]) {
        for (const student of students) {
          const answer = await lookup(student, cookie);
          const where = `${student.name}${cookie ? " (signed in)" : ""}`;
          expect(answer.status, where).toBe(200);
          expect(answer.headers.get("cache-control"), where).toBe("private, no-store");
          const html = await answer.text();
          expect(html, where).not.toMatch(/maktab[0-9a-f]{24}/);
          expect(html, where).toContain(`<dd>${student.name}</dd>`);
          expect(html, where).toContain(`name="roll" value="${student.roll}"`);
          expect(html, where).toContain(`value="${student.registration}"`);
          // The language switch comes back to this student's lookup.
          expect(html, where).toContain(
            `&amp;roll=${student.roll}&amp;registration=${student.registration}"`,
          );
          for (const other of students.filter((s) => s !== student)) {
            expect(html, where).not.toContain(other.name);
            expect(html, where).not.toContain(other.registration);
          }
          if (cookie) expect(html, where).toContain("account-link__name");
        }
      }
    }
    expect(await made()).toBe(before);

    // Filled from the template, the page shows as rendered, with no error in the browser, and goes
    // on to the next lookup (a plain GET form: the page runs no React, decision 0059).
    const { page } = await newPage(site.browser);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${site.url}/results?exam=${examId}&roll=8&registration=2026000008`);
    await waitForHydration(page);
    expect(await page.locator(".marksheet").textContent()).toContain("Jamal Sheikh");
    await page.getByLabel("Roll").fill("7");
    await page.getByLabel("Registration number").fill("2026000007");
    await page.getByRole("button", { name: "Show the result" }).click();
    await expect.poll(() => page.locator(".marksheet").textContent()).toContain("Nusrat Jahan");
    expect(await page.getByLabel("Roll").inputValue()).toBe("7");
    expect(problems).toEqual([]);
  });

  it(`sends the lookup with a marksheet in at most ${budgets.marksheetKb} KB in all, without React (issue 39)`, async () => {
    const { page } = await newPage(site.browser);
    const transfers: Promise<{ url: string; bytes: number }>[] = [];
    page.on("requestfinished", (request) => {
      transfers.push(
        request.sizes().then((sizes) => ({
          url: request.url(),
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        })),
      );
    });
    await page.goto(`${site.url}${found()}`, { waitUntil: "networkidle" });
    expect(await page.locator(".marksheet").textContent()).toContain("Nusrat Jahan");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    const all = await Promise.all(transfers);
    const total = all.reduce((sum, transfer) => sum + transfer.bytes, 0);
    expect(kb(total), all.map((t) => `${t.url} ${t.bytes}`).join("\n")).toBeLessThanOrEqual(
      budgets.marksheetKb,
    );
  });

  it("styles every student's marksheet filled into the exam's page as with every rule", async () => {
    // Nusrat passed and Jamal failed a subject: whoever's lookup made the exam's page, the
    // other's marksheet finds its rules in it (app/styles/page-css.server.ts).
    const page = await pageWithItsOwnCss(site.browser);
    for (const [roll, registration] of [
      ["7", "2026000007"],
      ["8", "2026000008"],
      ["8", "2026000007"],
    ]) {
      const address = `/results?exam=${examId}&roll=${roll}&registration=${registration}`;
      await page.goto(site.url + address);
      expect(await stylesLeftOut(page), address).toEqual([]);
    }
  });

  it("passes every axe rule with a marksheet, and fits a 360 px phone", async () => {
    const { page } = await newPage(site.browser, { viewport: { width: 360, height: 740 } });
    await page.goto(site.url + found());
    await page.locator(".marksheet").waitFor();
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Side margins: the marksheet and the form do not touch the screen's edges.
    const margins = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [box.left, document.documentElement.clientWidth - box.right];
        });
    for (const side of await margins(".marksheet")) expect(side).toBeGreaterThanOrEqual(12);
    await page.goto(`${site.url}/results`);
    for (const side of await margins(".results-form")) expect(side).toBeGreaterThanOrEqual(12);
  });

  it("speaks Bangla with Bengali digits", async () => {
    const { context, page } = await newPage(site.browser);
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(site.url + found());
    const text = (await page.locator(".marksheet").textContent()) ?? "";
    expect(text).toContain("জিপিএ");
    expect(text).toContain("৫.০০");
    expect(text).toContain("২০২৬০০০০০৭");
  });

  it("prints the marksheet alone on one A4 page", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(site.url + found());
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".results-form").isVisible()).toBe(false);
    expect(await page.locator(".site-header").isVisible()).toBe(false);
    const pdf = await page.pdf({ format: "A4" });
    const folder = mkdtempSync(path.join(tmpdir(), "maktab-print-"));
    writeFileSync(path.join(folder, "print.pdf"), pdf);
    const info = execFileSync("pdfinfo", [path.join(folder, "print.pdf")], { encoding: "utf8" });
    expect(info).toMatch(/Pages:\s+1\n/);
  });

  it("downloads the marksheet as a PDF in English and in Bangla, with the text extractable", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "maktab-marksheet-"));
    for (const [lang, expected] of [
      ["en", "Nusrat Jahan"],
      ["bn", "জিপিএ"],
    ] as const) {
      const response = await fetch(
        `${site.url}/results/marksheet/${examId}/7.pdf?registration=2026000007&lang=${lang}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain("attachment");
      const file = path.join(folder, `${lang}.pdf`);
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).normalize("NFC");
      expect(text).toContain(expected);
    }
    const wrong = await fetch(`${site.url}/results/marksheet/${examId}/7.pdf?registration=2026000008`);
    expect(wrong.status).toBe(404);
  });

  it("lets the admin type marks in the grid with the keyboard, each saved as the cell is left", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/exams/${examId}?subject=109`);
    const grid = page.getByTestId("marks-grid");
    await grid.waitFor();
    const nusrat = page.getByLabel("Nusrat Jahan, Written");
    const jamal = page.getByLabel("Jamal Sheikh, Written");
    expect(await nusrat.inputValue()).toBe("68");
    // What the grid sends: one Enter is one save (it was two, with two audit entries).
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") saves.push(request.postData() ?? "");
    });
    await nusrat.fill("70");
    await nusrat.press("Enter");
    // Enter saves and moves down to the next student's cell.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Jamal Sheikh, Written");
    await jamal.fill("150");
    await jamal.press("Tab");
    await expect.poll(() => jamal.getAttribute("aria-invalid")).toBe("true");
    const marks = async () => {
      const answer = await fetch(`${site.url}/api/results/exams/${examId}/marks`, {
        headers: adminHeaders,
      });
      const body = (await answer.json()) as {
        students: { roll: string; scores: Record<string, Record<string, number>> }[];
      };
      return Object.fromEntries(body.students.map((s) => [s.roll, s.scores["109"]?.written]));
    };
    await expect.poll(marks).toEqual({ 7: 70, 8: 40 });
    expect(saves).toHaveLength(1);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("lists every error of a marks sheet in the dashboard and saves nothing", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/exams/${examId}`);
    await page.getByLabel("Marks sheet").setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("roll,registration,name,101 written\r\n9,2026000009,Rina,75\r\n10,abc,Mina,20"),
    });
    await page.getByRole("button", { name: "Import" }).click();
    const errors = page.getByTestId("import-errors");
    await errors.waitFor();
    const text = (await errors.textContent()) ?? "";
    expect(text).toContain("101 written");
    expect(text).toContain("registration");
    const answer = await fetch(`${site.url}/api/results/exams/${examId}/marks`, { headers: adminHeaders });
    expect(((await answer.json()) as { students: unknown[] }).students).toHaveLength(2);
  });

  it("lets the admin link a guardian's account from the exam's page, and shows the guardian the marksheet under My results", async () => {
    const guardian = { name: "Parveen Akter", email: "parveen@family.test", password: "parveen-password-1" };
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(guardian),
    });
    expect(signUp.status).toBe(200);
    const office = (await newPage(site.browser)).page;
    await signInThroughLogin(office, site.url, admin, `/DeashBoard/exams/${examId}`);
    const form = office
      .locator("form")
      .filter({ has: office.getByRole("button", { name: "Link", exact: true }) });
    await form.getByLabel("E-mail of the account").fill("not an address");
    await form.getByLabel("Student").selectOption({ label: "7 · Nusrat Jahan" });
    await form.getByLabel("As").selectOption({ label: "A guardian" });
    // The browser's own check is off, so the server's answer is seen.
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Link", exact: true }).click();
    await expect.poll(async () => (await form.textContent()) ?? "").toContain("must be an e-mail address");
    await form.getByLabel("E-mail of the account").fill(guardian.email);
    await form.getByRole("button", { name: "Link", exact: true }).click();
    await expect
      .poll(
        async () =>
          (await office
            .getByTestId("account-linked")
            .textContent()
            .catch(() => "")) ?? "",
      )
      .toContain("The account is linked to Nusrat Jahan.");
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, guardian, "/profile-route/results");
    await page.getByRole("heading", { name: "My results" }).waitFor();
    await expect
      .poll(async () => (await page.locator(".marksheet").textContent()) ?? "")
      .toContain("Nusrat Jahan");
  });

  it("changes the exam's name from its dashboard page, the subjects filled in as lines", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/exams/${examId}`);
    await page.getByText("Change the exam (name, grading, subjects)").click();
    const subjects = page.getByLabel("Subjects");
    expect(await subjects.inputValue()).toContain("101, Bangla, written 70/23, mcq 30/10");
    expect(await subjects.inputValue()).toContain("126, Higher Mathematics, written 100/33, optional");
    await page.getByLabel("Name").first().fill("Annual Examination (final)");
    await page.getByRole("button", { name: "Save the changes" }).click();
    await page.getByText("The exam is changed and every student graded again.").waitFor();
    const answer = await fetch(`${site.url}/api/results/exams/${examId}`);
    expect(((await answer.json()) as { name: string }).name).toBe("Annual Examination (final)");
  });

  it("asks before unpublishing, and publishes at a time set on Dhaka's clock", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/exams");
    const row = page.getByTestId("exams").locator("tr").filter({ hasText: "Annual Examination (final)" });
    const exam = async () =>
      (await (await fetch(`${site.url}/api/results/exams/${examId}`, { headers: adminHeaders })).json()) as {
        published: boolean;
        publishAt: string | null;
      };
    await row.getByText("Unpublish…").click();
    await row.getByRole("button", { name: /^Unpublish/ }).click();
    await page.getByText("Tick the box to confirm").waitFor();
    expect((await exam()).published).toBe(true);
    const disclosure = row.getByTestId("unpublish");
    if (!(await disclosure.evaluate((details) => (details as HTMLDetailsElement).open))) {
      await row.getByText("Unpublish…").click();
    }
    await row.getByLabel("Yes, hide these results from families").check();
    await row.getByRole("button", { name: /^Unpublish/ }).click();
    await page.getByText("The results are hidden again.").waitFor();
    expect((await exam()).published).toBe(false);
    // As the README and the API offer: a time, here Dhaka's 10:00 (04:00 UTC).
    await row.getByText("Publish at…").click();
    await row.getByLabel("Publish at (Dhaka time)").fill("2030-01-01T10:00");
    await row.getByRole("button", { name: /^Publish then/ }).click();
    await page.getByText("The results will be published at the time set.").waitFor();
    expect(await exam()).toMatchObject({ published: false, publishAt: "2030-01-01T04:00:00.000Z" });
    await row.getByRole("button", { name: /^Publish now/ }).click();
    await page.getByText("The results are published.").waitFor();
  });
});
