// The one form pattern (docs/forms.md) in Chromium against the built server: a form's mistake is
// shown beside its field (aria-invalid, aria-describedby) in the browser before anything is sent,
// and the same words come from the server for a page without script, in English and Bangla.
// The contact form and the subscribe box, the dashboard's compose, the profile's blog form and
// photo dialog.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { errorTextsBn } from "../../app/i18n/errors";
import { english } from "../../common/errors/english";
import { type Problem, problem, renderProblem } from "../../common/errors/problem";
import { newPage, signInThroughLogin, useSite } from "./harness";

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
    it(`checks the contact form in the browser before sending anything (${locale})`, async () => {
      const page = await open("/", locale);
      const sent = postsTo(page, "/contact");
      const form = page.locator('form[action*="form=contact"]');
      await form.locator('button[type="submit"]').click();
      await expectErrorBeside(form.locator('[name="name"]'), words(locale, required("name")));
      await expectErrorBeside(form.locator('[name="email"]'), words(locale, required("email")));
      await expectErrorBeside(form.locator('[name="message"]'), words(locale, required("message")));
      // The reader is taken to the first field to mend.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

      await form.locator('[name="name"]').fill("Rahima Begum");
      await form.locator('[name="email"]').fill("not an e-mail");
      await form.locator('[name="message"]').fill("When does the admission test for Class Six take place?");
      await form.locator('button[type="submit"]').click();
      await expectErrorBeside(form.locator('[name="email"]'), words(locale, problem("email.invalid")));
      expect(await form.locator('[name="name"]').getAttribute("aria-invalid")).toBeNull();
      expect(sent()).toBe(0);
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
