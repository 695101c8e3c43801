// The one form pattern (docs/forms.md) in Chromium against the built server: a form's mistake is
// shown beside its field (aria-invalid, aria-describedby) in the browser before anything is sent,
// and the same words come from the server for a page without script, in English and Bangla.
// The contact form and the subscribe box, the dashboard's compose, the profile's blog form and
// photo dialog.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { english } from "../../common/errors/english";
import { problem } from "../../common/errors/problem";
import { type Problem, renderProblem } from "../../i18n/errors/render-problem";
import { errorTextsBn } from "../../i18n/errors/texts-bn";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite, waitForHydration } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
type Locale = "en" | "bn";
const words = (locale: Locale, found: Problem) =>
  renderProblem(locale === "bn" ? errorTextsBn : english, found);
const required = (label: "name" | "email" | "message" | "title") => problem("field.required", { label });

/** What describes a field (its hint and its error), once it is marked invalid. */
async function describing(field: Locator): Promise<string[]> {
  if ((await field.getAttribute("aria-invalid")) !== "true") return [];
  const ids = (await field.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
  const texts = await Promise.all(
    ids.map((id) => field.page().locator(`[id="${id}"]`).first().textContent()),
  );
  return texts.map((text) => (text ?? "").trim());
}

/** Waits until the field is marked invalid and described by exactly these words. */
async function expectErrorBeside(field: Locator, text: string) {
  await expect.poll(() => describing(field)).toContain(text);
}

/** Counts the POSTs the page sends to a path (fetches, uploads and plain posts alike). */
function postsTo(page: Page, pathname: string) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === pathname) seen.push(request.url());
  });
  return () => seen.length;
}

describe("forms on the one pattern", () => {
  const site = useSite({ admin });

  async function open(path: string, locale: Locale, javaScript = true) {
    const { context, page } = await newPage(site.browser, { javaScript });
    if (locale === "bn") await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(site.url + path);
    return page;
  }

  /** A page for the admin at `path`, with or without script (signed in with script first). */
  async function adminPage(path: string, locale: Locale, javaScript = true) {
    const { context, page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, path);
    const { context: later, page: laterPage } = await newPage(site.browser, { javaScript });
    await later.addCookies(await context.cookies());
    if (locale === "bn") await later.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await laterPage.goto(site.url + path);
    return laterPage;
  }

  for (const locale of ["en", "bn"] as const) {
    // The home page is a reading page without React (decision 0059): its contact form is checked
    // by the server, which answers each field beside it, with script as without.
    it(`answers each empty field of the contact form beside it, with script on (${locale})`, async () => {
      const page = await open("/", locale);
      const form = page.locator('form[action*="form=contact"]');
      await form.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.searchParams.get("form") === "contact");
      const refused = page.locator('form[action*="form=contact"]');
      await expectErrorBeside(refused.locator('[name="name"]'), words(locale, required("name")));
      await expectErrorBeside(refused.locator('[name="email"]'), words(locale, required("email")));
      await expectErrorBeside(refused.locator('[name="message"]'), words(locale, required("message")));
    });

    it(`shows the server's refusal of the contact form beside its field without script (${locale})`, async () => {
      const page = await open("/", locale, false);
      const form = page.locator('form[action*="form=contact"]');
      await form.locator('[name="name"]').fill("Rahima Begum");
      await form.locator('[name="email"]').fill("not an e-mail");
      await form.locator('[name="message"]').fill("When does the admission test take place?");
      await form.locator('button[type="submit"]').click();
      // The home page answers its own form, with the error beside the field.
      await page.waitForURL((url) => url.searchParams.get("form") === "contact");
      const refused = page.locator('form[action*="form=contact"]');
      await expectErrorBeside(refused.locator('[name="email"]'), words(locale, problem("email.invalid")));
      // What was typed is kept.
      expect(await refused.locator('[name="name"]').inputValue()).toBe("Rahima Begum");
      expect(await refused.locator('[name="message"]').inputValue()).toBe(
        "When does the admission test take place?",
      );
      // Mended, it is sent.
      await refused.locator('[name="email"]').fill("rahima@example.com");
      await refused.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === "/" && url.search === "");
      await page.getByTestId("flash").waitFor();
    });
  }

  it("shows the server's refusal of the subscribe box beside its field without script", async () => {
    const page = await open("/", "en", false);
    const box = page.locator('form[action*="form=subscribe"]');
    await box.locator('[name="email"]').fill("parent at example");
    await box.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.searchParams.get("form") === "subscribe");
    const refused = page.locator('form[action*="form=subscribe"]');
    await expectErrorBeside(refused.locator('[name="email"]'), words("en", problem("email.invalid")));
    expect(await refused.locator('[name="email"]').inputValue()).toBe("parent at example");
  });

  it("checks the compose form in the browser before sending, and on the server without script", async () => {
    const page = await adminPage("/DeashBoard/compose", "en");
    const sent = postsTo(page, "/DeashBoard/compose");
    const form = page.getByTestId("compose-form");
    await form.locator('[name="to"]').fill("board at example");
    await form.locator('[name="subject"]').fill("Open day");
    await page.getByTestId("send").click();
    await expectErrorBeside(form.locator('[name="to"]'), words("en", problem("email.invalid")));
    await expectErrorBeside(form.locator('[name="body"]'), words("en", required("message")));
    expect(sent()).toBe(0);

    const plain = await adminPage("/DeashBoard/compose", "bn", false);
    const plainForm = plain.getByTestId("compose-form");
    await plainForm.locator('[name="to"]').fill("board at example");
    await plainForm.locator('[name="subject"]').fill("Open day");
    await plainForm.locator('[name="body"]').fill("Our open day is on Friday.");
    await plain.getByTestId("send").click();
    await plain.waitForLoadState();
    const refused = plain.getByTestId("compose-form");
    await expectErrorBeside(refused.locator('[name="to"]'), words("bn", problem("email.invalid")));
    expect(await refused.locator('[name="body"]').inputValue()).toBe("Our open day is on Friday.");
  });

  it("checks a blog in the browser before uploading anything, and on the server without script", async () => {
    const page = await adminPage("/profile-route/postBlog", "bn");
    await page.locator(".profile[data-hydrated]").waitFor({ timeout: 30_000 });
    const sent = postsTo(page, "/profile-route/postBlog");
    const form = page.getByTestId("blog-form");
    await page.getByTestId("blog-submit").click();
    await expectErrorBeside(form.locator('[name="title"]'), words("bn", required("title")));
    expect(sent()).toBe(0);

    const plain = await adminPage("/profile-route/postBlog", "en", false);
    await plain.getByTestId("blog-submit").click();
    await plain.waitForLoadState();
    await expectErrorBeside(
      plain.getByTestId("blog-form").locator('[name="title"]'),
      words("en", required("title")),
    );
  });

  it("asks for a photo or a link beside the file field before sending anything", async () => {
    const page = await adminPage("/profile-route/updateInformations", "en");
    await page.locator(".profile[data-hydrated]").waitFor({ timeout: 30_000 });
    const sent = postsTo(page, "/api/User/photo");
    await page.getByTestId("update-photo").click();
    const dialog = page.getByTestId("photo-dialog");
    await dialog.locator('[name="photoURl"]').fill("javascript:alert(1)");
    await page.getByTestId("photo-save").click();
    await expectErrorBeside(
      dialog.locator('[name="photoURl"]'),
      words("en", problem("field.notLink", { label: "photoLink" })),
    );
    await dialog.locator('[name="photoURl"]').fill("");
    await page.getByTestId("photo-save").click();
    await expectErrorBeside(dialog.locator('[name="image"]'), words("en", problem("content.photoOrLink")));
    expect(sent()).toBe(0);
  });
});

/** Counts every POST the page sends (a navigation, a fetcher's `.data`, an upload to the API). */
function allPosts(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") seen.push(request.url());
  });
  return () => seen.length;
}

// The dashboard's content form, album photos, exams and routines (docs/forms.md), on the sample
// content (classes, teachers, routines, albums) with an exam made through the API.
describe("the dashboard's forms on the one pattern", () => {
  const office = { email: "office@school.test", password: "office-password-1" };
  const site = useSite({ sampleContent: true, admin: office });
  let examId = "";
  let albumId = "";
  let six = "";
  let seven = "";

  beforeAll(async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, office.email, office.password));
    const headers = { cookie, origin: site.url };
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    six = classes.find((item) => item.name === "Class Six")?._id ?? "";
    seven = classes.find((item) => item.name === "Class Seven")?._id ?? "";
    const created = await fetch(`${site.url}/api/results/exams`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Half-yearly Examination",
        session: "2026",
        class: "Class Six",
        subjects: [{ code: "101", name: "Bangla", components: [{ kind: "written", full: 70, pass: 23 }] }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    examId = (await created.json())._id;
    const sheet = new FormData();
    sheet.set("file", new File(["roll,registration,name,101\r\n7,2026000007,Nusrat Jahan,50"], "six.csv"));
    const imported = await fetch(`${site.url}/api/results/exams/${examId}/marks`, {
      method: "POST",
      headers,
      body: sheet,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const albums = (await (await fetch(`${site.url}/api/gallery`)).json()) as { _id: string }[];
    albumId = albums[0]?._id ?? "";
  });

  // Signed in once: each sign-in counts against the address's limit.
  let cookies: Awaited<ReturnType<BrowserContext["cookies"]>> | undefined;

  /** The page at `path` for the admin, with or without script. */
  async function adminPage(path: string, javaScript = true) {
    if (!cookies) {
      const { context, page } = await newPage(site.browser);
      await signInThroughLogin(page, site.url, office, "/DeashBoard");
      cookies = await context.cookies();
    }
    const { context, page } = await newPage(site.browser, { javaScript });
    await context.addCookies(cookies);
    await page.goto(site.url + path);
    if (javaScript) await waitForHydration(page);
    return page;
  }

  it("checks the content form in the browser before uploading anything, and on the server without script", async () => {
    const page = await adminPage("/DeashBoard/AddAdmition");
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    const sent = allPosts(page);
    const form = page.getByTestId("content-form");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expectErrorBeside(form.locator('[name="title"]'), words("en", required("title")));
    expect(await page.getByTestId("image-error").textContent()).toBe(
      words("en", problem("upload.photoRequired")),
    );
    expect(sent()).toBe(0);

    const plain = await adminPage("/DeashBoard/AddAdmition", false);
    await plain.getByLabel("Price").fill("120");
    await plain.getByRole("button", { name: "Add", exact: true }).click();
    await plain.waitForLoadState();
    await expectErrorBeside(
      plain.getByTestId("content-form").locator('[name="title"]'),
      words("en", required("title")),
    );
  });

  it("checks an album's photos and captions in the browser before sending anything", async () => {
    const page = await adminPage(`/DeashBoard/albums/${albumId}/photos`);
    const sent = allPosts(page);
    await page
      .getByTestId("album-photo-files")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }]);
    await expectErrorBeside(page.getByTestId("album-photo-files"), words("en", problem("upload.imageType")));
    await page.getByTestId("caption-0").fill("x".repeat(501));
    await page.getByRole("button", { name: "Save caption" }).first().click();
    await expectErrorBeside(
      page.getByTestId("caption-0"),
      words("en", problem("field.tooLong", { label: "caption", max: 500 })),
    );
    expect(sent()).toBe(0);
  });

  it("shows the server's refusal of an album's photo beside the file field without script", async () => {
    const page = await adminPage(`/DeashBoard/albums/${albumId}/photos`, false);
    await page
      .getByTestId("album-photo-files")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }]);
    await page.getByRole("button", { name: "Add the chosen photos" }).click();
    await page.waitForLoadState();
    await expectErrorBeside(page.getByTestId("album-photo-files"), words("en", problem("upload.imageType")));
  });

  it("checks the exam forms in the browser before sending anything", async () => {
    const page = await adminPage("/DeashBoard/exams");
    const sent = allPosts(page);
    const form = page.getByTestId("exam-form-create");
    await form.getByRole("button", { name: "Set up the exam" }).click();
    await expectErrorBeside(form.locator('[name="name"]'), words("en", problem("value.required")));
    const row = page.getByTestId("class-new");
    await row.locator('[name="name"]').fill("Class Nine");
    await row.locator('[name="sections"]').fill("A, a");
    await row.getByRole("button").click();
    await expectErrorBeside(row.locator('[name="sections"]'), words("en", problem("exam.sectionsOnce")));

    const marks = await adminPage(`/DeashBoard/exams/${examId}`);
    const posted = allPosts(marks);
    await marks.getByTestId("import-form").getByRole("button", { name: "Check the sheet" }).click();
    await expectErrorBeside(marks.locator("#marks-file"), words("en", problem("exam.fileRequired")));
    const link = marks.getByTestId("link-account-form");
    await link.locator('[name="email"]').fill("parent at example");
    await link.getByRole("button").click();
    await expectErrorBeside(link.locator('[name="email"]'), words("en", problem("value.email")));
    expect(sent() + posted()).toBe(0);
  });

  it("shows the server's refusals of the exam forms beside their fields without script", async () => {
    const page = await adminPage("/DeashBoard/exams", false);
    const row = page.getByTestId("class-new");
    await row.locator('[name="name"]').fill("Class Nine");
    await row.locator('[name="sections"]').fill("A, a");
    await row.getByRole("button").click();
    await page.waitForLoadState();
    await expectErrorBeside(
      page.getByTestId("class-new").locator('[name="sections"]'),
      words("en", problem("exam.sectionsOnce")),
    );

    const marks = await adminPage(`/DeashBoard/exams/${examId}`, false);
    const cell = marks.getByTestId("marks-grid").locator("input").first();
    await cell.fill("500");
    await marks.getByRole("button", { name: "Save the marks" }).click();
    await marks.waitForLoadState();
    await expectErrorBeside(
      marks.getByTestId("marks-grid").locator("input").first(),
      words("en", problem("exam.scoreRange", { full: 70 })),
    );
  });

  it("checks the routine forms in the browser before sending anything", async () => {
    const page = await adminPage(`/DeashBoard/routines?class=${six}`);
    const sent = allPosts(page);
    const week = page.getByTestId("week-form");
    await week.locator('[name="periods"]').fill("1 08:00 07:30");
    await week.getByRole("button", { name: "Save periods and days" }).click();
    await expectErrorBeside(
      week.locator('[name="periods"]'),
      words("en", { key: "routine.afterStart", at: "periods.0.end" }),
    );
    // A browser that lets more be typed than the box's maxlength still meets the schema.
    const subject = page.getByLabel("Subject: Monday, Period 2");
    await subject.evaluate((box) => box.removeAttribute("maxlength"));
    await subject.fill("x".repeat(81));
    await page.getByRole("button", { name: "Save the routine" }).click();
    await expectErrorBeside(
      page.getByLabel("Subject: Monday, Period 2"),
      words("en", problem("value.tooLong", { max: 80 })),
    );
    const substitute = page.getByTestId("substitute-form");
    await substitute.locator('[name="date"]').fill("");
    await substitute.getByRole("button").click();
    await expectErrorBeside(substitute.locator('[name="date"]'), words("en", problem("value.date")));
    expect(sent()).toBe(0);
  });

  it("shows the server's refusals of the routine forms beside their fields without script, a clash named", async () => {
    const sixWeek = await (await fetch(`${site.url}/api/routines/classes/${six}`)).json();
    const taken = sixWeek.slots.find(
      (slot: { day: string; period: number }) => slot.day === "monday" && slot.period === 2,
    );
    const page = await adminPage(`/DeashBoard/routines?class=${seven}`, false);
    await page.getByLabel("Teacher: Monday, Period 2").selectOption(taken.teacher._id);
    await page.getByRole("button", { name: "Save the routine" }).click();
    await page.waitForLoadState();
    const clash = `Teacher ${taken.teacher.name} already teaches Class Six on Monday in period 2`;
    expect(await page.getByTestId("form-error").textContent()).toBe(clash);
    await expectErrorBeside(page.getByLabel("Teacher: Monday, Period 2"), clash);

    const plain = await adminPage("/DeashBoard/routines", false);
    await plain.getByTestId("substitute-form").locator('[name="date"]').fill("");
    await plain.getByTestId("substitute-form").getByRole("button").click();
    await plain.waitForLoadState();
    await expectErrorBeside(
      plain.getByTestId("substitute-form").locator('[name="date"]'),
      words("en", problem("value.date")),
    );
  });
});
