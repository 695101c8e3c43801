// Every public page for every reader, in Chromium against the built server with the sample
// content. With JavaScript turned off, each shows all its content (names and titles of records
// the public API lists) and no placeholder waiting for a script, in English and Bangla, fresh and
// from the page cache. With script, axe finds nothing with every one of its rules, in English and
// Bangla, on a desktop and on a 360 px phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, publicListPages, useSite } from "./harness";

/** The pages anyone can open without signing in (a blog's page is added with its id). */
const publicPages = [
  ...publicListPages,
  "/classRoome",
  // The newer pages' own files check them more closely (events, downloads with a category, the
  // gallery's albums, an album and a photo); here the downloads as a visitor first finds them.
  "/downloads",
  "/login",
  "/register",
  "/forgot-password",
  "/no-such-page",
];

// The specification's wire names of a record's title, by kind.
type WireRecord = {
  _id: string;
  title?: string;
  name?: string;
  Title?: string;
  serviceName?: string;
  admition?: { title: string };
};

describe("the public pages without script", () => {
  const site = useSite({ sampleContent: true });

  /** The newest records an anonymous client of the API gets (what the public pages show). */
  const listed = async (path: string): Promise<WireRecord[]> => {
    const response = await fetch(`${site.url}/api${path}`);
    expect(response.status, path).toBe(200);
    return (await response.json()) as WireRecord[];
  };
  const nameOf = (record: WireRecord | undefined) => {
    const name =
      record?.title ?? record?.name ?? record?.Title ?? record?.serviceName ?? record?.admition?.title;
    expect(name, "a sample record with a name or title").toBeTruthy();
    return name as string;
  };
  const newest = async (path: string) => nameOf((await listed(path))[0]);

  /** A page opened with JavaScript off, in the given language (the language cookie). */
  async function open(path: string, locale: "en" | "bn" = "en"): Promise<Page> {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    if (locale === "bn") await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    const response = await page.goto(site.url + path);
    expect(response?.status(), path).toBe(200);
    return page;
  }

  /** The texts are on screen (not in a hidden template waiting for a script), with no placeholder. */
  async function expectComplete(page: Page, texts: string[]) {
    const where = page.url();
    expect(await page.getByTestId("skeleton").count(), `placeholders on ${where}`).toBe(0);
    expect(await page.locator("[aria-busy=true]").count(), `busy regions on ${where}`).toBe(0);
    for (const text of texts) {
      const shown = page.getByText(text, { exact: true }).filter({ visible: true });
      expect(await shown.count(), `"${text}" on ${where}`).toBeGreaterThan(0);
    }
  }

  /** One record of each of the home page's lists, as the public API gives them. */
  async function homeTexts() {
    const [teachers, students] = await Promise.all([
      listed("/teacher/teachers"),
      listed("/student/students"),
    ]);
    return {
      newest: await Promise.all([
        newest("/Admition/admition"),
        newest("/result/results"),
        newest("/service/services"),
        newest("/blog/blogs"),
        newest("/Notice/notices"),
      ]),
      students: nameOf(students[0]),
      teachers: teachers.map(nameOf),
    };
  }

  it.each(["/", "/home"])(
    "shows every section of the home page %s, fresh and from the cache",
    async (path) => {
      const texts = await homeTexts();
      for (const pass of ["fresh", "kept"]) {
        const page = await open(path);
        await expectComplete(page, [...texts.newest, texts.students]);
        // The featured teachers are some of the public ones.
        const teacherNames = await page
          .getByRole("region", { name: "Our teachers", exact: true })
          .getByRole("article")
          .getByRole("heading")
          .allTextContents();
        expect(teacherNames.length, pass).toBeGreaterThan(0);
        for (const name of teacherNames) expect(texts.teachers, pass).toContain(name);
        await page.context().close();
      }
    },
  );

  it("shows every section of the home page in Bangla", async () => {
    const texts = await homeTexts();
    const page = await open("/", "bn");
    expect(await page.locator("html").getAttribute("lang")).toBe("bn");
    await page.getByRole("heading", { level: 2, name: "আমাদের শিক্ষকবৃন্দ" }).waitFor();
    await expectComplete(page, [...texts.newest, texts.students]);
    await page.context().close();
  });

  it.each([
    ["/admitionAll", "/Admition/admition"],
    ["/services", "/service/services"],
    ["/resultAll", "/result/results"],
    ["/blogs", "/blog/blogs"],
    ["/AllStudent", "/student/students"],
    ["/teacher", "/teacher/teachers"],
    ["/notices", "/Notice/notices"],
  ])("shows the list %s with its newest record", async (path, api) => {
    const first = await newest(api);
    // Both languages at once: most of a page view is waiting for the server or the browser.
    await Promise.all(
      (["en", "bn"] as const).map(async (locale) => {
        const page = await open(path, locale);
        await expectComplete(page, [first]);
        await page.context().close();
      }),
    );
  });

  it("opens the menu on a 360 px phone and reaches Class Room through it", async () => {
    const page = await open("/");
    await page.setViewportSize({ width: 360, height: 740 });
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await page.getByLabel("Open menu", { exact: true }).click();
    await menu.getByRole("link", { name: "Class Room" }).click();
    await page.waitForURL(/\/classRoome$/);
    expect(await page.getByRole("heading", { name: "Class Room" }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("shows a blog with its text and its comments", async () => {
    const [blog] = await listed("/blog/blogs");
    const page = await open(`/blog/${blog?._id}`);
    await expectComplete(page, [nameOf(blog)]);
    expect(await page.locator(".blog__body").textContent()).not.toBe("");
    await page.context().close();
  });

  it.each([...publicPages, "a blog"])(
    "passes every axe rule on %s in both languages, desktop and phone",
    async (which) => {
      const path = which === "a blog" ? `/blog/${(await listed("/blog/blogs"))[0]?._id}` : which;
      // Both languages at once, each in its own context (the order of the report is kept).
      const found = await Promise.all(
        ["en", "bn"].map(async (locale) => {
          const problems: string[] = [];
          const { context, page } = await newPage(site.browser);
          await context.addCookies([{ name: "maktab_lang", value: locale, url: site.url }]);
          await page.goto(site.url + path);
          // The same page laid out for a desktop, then for a 360 px phone.
          for (const width of [1280, 360]) {
            await page.setViewportSize({ width, height: 800 });
            const violations = await checkAccessibility(page);
            if (violations.length > 0)
              problems.push(`${locale} ${width} px:\n${formatViolations(violations)}`);
          }
          await context.close();
          return problems;
        }),
      );
      expect(found.flat().join("\n"), path).toBe("");
    },
  );

  it.each([
    ["/classRoome", "Class Room"],
    ["/login", "Login"],
    ["/register", "Register"],
    ["/forgot-password", "Forgot password"],
  ])("shows %s with its heading", async (path, heading) => {
    const page = await open(path);
    await expectComplete(page, []);
    await page.getByRole("heading", { level: 1 }).filter({ hasText: heading }).waitFor();
    await page.context().close();
  });
});
