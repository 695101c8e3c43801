// The public lists end to end, in Chromium against the built server with the sample content:
// every list newest first with its links, the admissions search (as you type, and without
// script), page links, the /ALLteacher guard, an admin's Delete, accessibility signed in and a
// phone.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleContent } from "../../server/sample-content/data";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite, waitForHydration } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const member = { name: "Karim", email: "karim@school.test", password: "karim-password-1" };
const sample = sampleContent(new Date().getUTCFullYear());
// The public lists show the approved students and teachers; the others wait for review.
const publicStudents = sample.students.filter((student) => student.status === "approved");
const publicTeachers = sample.teachers.filter((teacher) => teacher.status === "approved");

const listPages = ["/admitionAll", "/services", "/resultAll", "/AllStudent", "/teacher", "/notices"];

describe("the public lists in the browser", () => {
  const site = useSite({ sampleContent: true, admin });
  let adminToken: string;

  beforeAll(async () => {
    const signIn = await apiSignIn(site.server, admin.email, admin.password);
    expect(signIn.status).toBe(200);
    adminToken = sessionOf(signIn).token;
    expect(adminToken).not.toBe("");
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(member),
    });
    expect(signUp.status).toBe(200);
  });

  const open = async (path: string, options?: Parameters<typeof newPage>[1]) => {
    const { page } = await newPage(site.browser, options);
    await page.goto(site.url + path);
    return page;
  };

  const hydrated = (page: Page) => waitForHydration(page);

  async function logIn(page: Page, email: string, password: string) {
    await page.getByLabel("E-mail").fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Login" }).last().click();
  }

  /** A page signed in as this user, on `path` (through /login?redirectTo=). */
  async function signedIn(user: { email: string; password: string }, path: string) {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, user, path);
    await page.waitForURL((url) => url.pathname === path.split("?")[0]);
    return page;
  }

  const headings = (page: Page) =>
    page.getByTestId("list").getByRole("heading", { level: 2 }).allTextContents();
  const hrefs = (page: Page) =>
    page
      .getByTestId("list")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const apiIds = async (path: string) => {
    const response = await fetch(`${site.url}/api${path}?limit=100`);
    return ((await response.json()) as { _id: string }[]).map((record) => record._id);
  };

  it("shows every list newest first, with links to each record's page", async () => {
    const admissions = await open("/admitionAll");
    expect(await admissions.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Admissions"]);
    expect(await headings(admissions)).toEqual(sample.admissions.map((a) => a.title));
    const admissionIds = await apiIds("/Admition/admition");
    expect(await hrefs(admissions)).toEqual(admissionIds.map((id) => `/admition/${id}`));
    // 'check out' says which admission; the price is in dollars.
    const first = sample.admissions[0];
    await admissions.getByRole("link", { name: `check out ${first?.title}`, exact: true }).waitFor();
    const firstCard = admissions.getByTestId("admission-card").first();
    expect(await firstCard.textContent()).toContain("$120.00");
    expect(await admissions.title()).toBe("Admissions | Maktab");
    expect(await admissions.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${site.url}/admitionAll`,
    );

    const services = await open("/services");
    expect(await services.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Our Services"]);
    expect(await headings(services)).toEqual(sample.services.map((s) => s.name));
    expect(await hrefs(services)).toEqual((await apiIds("/service/services")).map((id) => `/services/${id}`));

    const results = await open("/resultAll");
    expect(await headings(results)).toEqual(sample.results.map((r) => r.title));
    expect(await hrefs(results)).toEqual((await apiIds("/result/results")).map((id) => `/result/${id}`));

    const students = await open("/AllStudent");
    expect(await students.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["All Students"]);
    expect(await headings(students)).toEqual(publicStudents.map((s) => s.name));
    expect(await students.getByTestId("list").textContent()).toContain("Class Eight");

    const teachers = await open("/teacher");
    expect(await teachers.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["All Teachers"]);
    expect(await headings(teachers)).toEqual(publicTeachers.map((t) => t.name));
    expect(await hrefs(teachers)).toEqual((await apiIds("/teacher/teachers")).map((id) => `/about/${id}`));
    expect(await teachers.getByTestId("teacher-card").first().textContent()).toContain("Principal");

    const notices = await open("/notices");
    expect(await notices.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Notice board"]);
    expect(await headings(notices)).toEqual(sample.notices.map((n) => n.title));
    // In full, with the date.
    const firstNotice = notices.getByTestId("notice").first();
    expect(await firstNotice.textContent()).toContain(sample.notices[0]?.about);
    expect(await firstNotice.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Everything fits on one page: no page links.
    expect(await notices.getByRole("navigation", { name: "Pages" }).count()).toBe(0);
  });

  it("cuts student descriptions to 50 characters plus the ellipsis", async () => {
    const page = await open("/AllStudent");
    const descriptions = await page.getByTestId("student-description").allTextContents();
    expect(descriptions).toHaveLength(publicStudents.length);
    for (const [i, text] of descriptions.entries()) {
      const whole = publicStudents[i]?.description ?? "";
      if (whole.length <= 50) expect(text).toBe(whole);
      else {
        expect(text.endsWith("…")).toBe(true);
        expect(text.length).toBeLessThanOrEqual(51);
        expect(whole.startsWith(text.slice(0, -1))).toBe(true);
      }
    }
    expect(descriptions.some((text) => text.endsWith("…"))).toBe(true);
  });

  it("filters admissions by title with the search box: Enter sends it, an empty search lists all", async () => {
    // A reading page runs no React (decision 0059): the search is a GET form, sent by Enter.
    const page = await open("/admitionAll");
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill("HIFZ");
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "HIFZ");
    await expect.poll(() => headings(page)).toEqual(["Hifz programme"]);
    // The page shows what was searched for.
    expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("HIFZ");

    await page.getByRole("searchbox", { name: "Search" }).fill("no such programme");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await page.getByText("Nothing matches your search.").waitFor();
    expect(await page.getByTestId("list").count()).toBe(0);

    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect.poll(() => headings(page)).toHaveLength(sample.admissions.length);
  });

  it("searches admissions without script too, by submitting the form", async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/admitionAll`);
    await page.getByRole("searchbox", { name: "Search" }).fill("hifz");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "hifz");
    expect(await headings(page)).toEqual(["Hifz programme"]);
    expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("hifz");
    await page.goto(`${site.url}/admitionAll?q=${encodeURIComponent("no such programme")}`);
    expect(await page.getByText("Nothing matches your search.").count()).toBe(1);
    await context.close();
  });

  it("splits a long list into pages", async () => {
    const extra = Array.from({ length: 8 }, (_, i) => `Extra notice ${i + 1}`);
    for (const title of extra) {
      const response = await fetch(`${site.url}/api/Notice/notices`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${adminToken}`,
          "content-type": "application/json",
          origin: site.url,
        },
        body: JSON.stringify({ Title: title, about: `About ${title}.` }),
      });
      expect(response.status).toBe(201);
    }
    const all = [...[...extra].reverse(), ...sample.notices.map((n) => n.title)];

    const page = await open("/notices");
    expect(await headings(page)).toEqual(all.slice(0, 12));
    const pages = page.getByRole("navigation", { name: "Pages" });
    expect(await pages.getByRole("link", { name: "1" }).getAttribute("aria-current")).toBe("page");
    // An ordinary link between reading pages (decision 0059).
    await pages.getByRole("link", { name: "2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => headings(page)).toEqual(all.slice(12));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${site.url}/notices?page=2`,
    );
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Previous" }).waitFor();

    // The address alone gives the page (links, the back button, no script).
    const direct = await open("/notices?page=2");
    expect(await headings(direct)).toEqual(all.slice(12));
    const past = await fetch(`${site.url}/notices?page=9`);
    expect(past.status).toBe(404);
  });

  it("sends an anonymous visitor from /ALLteacher to /login and back", async () => {
    const page = await open("/ALLteacher");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/ALLteacher");
    await logIn(page, member.email, member.password);
    await page.waitForURL((next) => next.pathname === "/ALLteacher");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).allTextContents())
      .toEqual(["All Teachers"]);
    await expect.poll(() => headings(page)).toEqual(publicTeachers.map((t) => t.name));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${site.url}/teacher`);
  });

  it("shows no Delete to visitors or to a signed-in user who is not an admin", async () => {
    const visitor = await open("/admitionAll");
    expect(await visitor.getByRole("button", { name: "Delete" }).count()).toBe(0);
    const user = await signedIn(member, "/admitionAll");
    await user.getByRole("button", { name: "LogOut" }).waitFor();
    expect(await user.getByTestId("admission-card").count()).toBe(sample.admissions.length);
    expect(await user.getByRole("button", { name: "Delete" }).count()).toBe(0);
  });

  it("lets an admin delete an admission: the question, the notice, the card gone without a reload", async () => {
    const page = await signedIn(admin, "/admitionAll");
    await hydrated(page);
    const cards = page.getByTestId("admission-card");
    const before = await cards.count();
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(before);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });

    const title = "Evening Arabic language course";
    const card = cards.filter({ has: page.getByRole("heading", { name: title }) });
    await card.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator("p").textContent()).toBe("Are You Deleted This Admition?");
    await dialog.getByRole("button", { name: "Delete" }).click();

    await page.getByTestId("notices").getByText("Deleted successfully").waitFor();
    await expect.poll(() => cards.count()).toBe(before - 1);
    expect(await headings(page)).not.toContain(title);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    expect(await apiIds("/Admition/admition")).toHaveLength(before - 1);
  });

  // Each list as a visitor sees it passes every axe rule, in both languages and on a phone:
  // tests/e2e/no-script.test.ts. Here, what only signed-in people see.
  it.each(["/ALLteacher", "/admitionAll?q=hifz", "/admitionAll?q=none-at-all", "/notices?page=2"])(
    "has no accessibility violations on %s, signed in",
    async (path) => {
      const page = await signedIn(member, path);
      const violations = await checkAccessibility(page);
      expect(violations, `${path}\n${formatViolations(violations)}`).toEqual([]);
      await page.context().close();
    },
  );

  it("has no accessibility violations on an admin's admissions, a Delete button and its dialog on every card", async () => {
    const page = await signedIn(admin, "/admitionAll");
    const violations = await checkAccessibility(page);
    expect(violations, `admin /admitionAll\n${formatViolations(violations)}`).toEqual([]);
    await page.context().close();
  });

  it("loads the first card's image at once, with high priority, and the others when scrolled to", async () => {
    // The first card's image is the largest thing a phone shows first (its LCP): lazy loading
    // it waits for layout and cost /admitionAll 2.1 s in Lighthouse.
    for (const path of ["/admitionAll", "/services", "/resultAll", "/AllStudent", "/teacher"]) {
      const page = await open(path);
      const images = await page
        .locator("img.card__media")
        .evaluateAll((tags) =>
          (tags as HTMLImageElement[]).map((img) => ({ loading: img.loading, priority: img.fetchPriority })),
        );
      expect(images.length, path).toBeGreaterThan(1);
      const [first, ...rest] = images;
      expect(first, path).toEqual({ loading: "eager", priority: "high" });
      for (const image of rest) expect(image, path).toEqual({ loading: "lazy", priority: "auto" });
      await page.context().close();
    }
  });

  it("fits a 360 px phone without sideways scrolling", async () => {
    for (const path of listPages) {
      const page = await open(path, { viewport: { width: 360, height: 740 } });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });

  it("speaks Bangla with Bengali digits in prices", async () => {
    const { context, page } = await newPage(site.browser);
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/admitionAll`);
    await page.getByRole("heading", { level: 1, name: "ভর্তি" }).waitFor();
    expect(await page.getByTestId("admission-card").first().textContent()).toMatch(/[০-৯]/);
    await context.close();
  });
});
