// A page carries in its head only the rules of the public stylesheets its markup uses
// (app/styles/page-css.server.ts): as the server sent it, every public page holds each rule of
// the whole stylesheet that can apply to it (in any state, at any width, in print), so it looks
// as with every rule, and carries far fewer rules than the whole, which comes once the page is
// shown; a navigation shows the next page once it is there.
import { describe, expect, it } from "vitest";
import { newPage, pageWithItsOwnCss, publicListPages, readOnlySite, stylesLeftOut } from "./harness";

const pages = [
  ...publicListPages,
  "/ALLteacher",
  "/classRoome",
  "/events",
  "/downloads",
  "/gallery",
  "/results",
  "/login",
  "/register",
  "/forgot-password",
  "/no-such-page",
];

describe("each page's own CSS", () => {
  const site = readOnlySite();

  /** The first link on `path` whose address starts with `prefix`: a record's own page. */
  async function firstLink(path: string, prefix: string): Promise<string> {
    const html = await (await fetch(`${site.url}${path}`)).text();
    const found = html.match(new RegExp(`href="(${prefix}[^"]+)"`));
    expect(found, `a link to ${prefix}… on ${path}`).toBeTruthy();
    return found![1]!;
  }

  async function checkPage(path: string) {
    const page = await pageWithItsOwnCss(site.browser);
    await page.goto(`${site.url}${path}`);
    expect(await stylesLeftOut(page), path).toEqual([]);
  }

  it.each(pages)("leaves out no rule %s uses", checkPage);

  it("leaves out no rule a blog's, a service's or an album's page uses", async () => {
    await checkPage(await firstLink("/blogs", "/blog/"));
    await checkPage(await firstLink("/services", "/services/"));
    await checkPage(await firstLink("/gallery", "/gallery/"));
  });

  it("sends a page a part of the whole stylesheet, and the whole once it has loaded where React runs", async () => {
    const html = await (await fetch(`${site.url}/login`)).text();
    const inline = html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? "";
    const { page } = await newPage(site.browser);
    const loaded: string[] = [];
    page.on("response", (response) => {
      if (/\/assets\/public-[\w-]+\.css$/.test(response.url())) loaded.push(response.url());
    });
    await page.goto(`${site.url}/login`);
    await expect.poll(() => loaded.length).toBe(1);
    const whole = await (await fetch(loaded[0]!)).text();
    expect(inline.length).toBeGreaterThan(1000);
    expect(inline.length).toBeLessThan(whole.length / 2);
    // A reading page (decision 0059) shows nothing the server did not send: its own rules only.
    await page.goto(`${site.url}/results`, { waitUntil: "networkidle" });
    expect(loaded).toHaveLength(1);
  });

  it("shows a page reached by a navigation once the whole stylesheet has loaded", async () => {
    const { page } = await newPage(site.browser);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/public-[\w-]+\.css$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    // From a page with React (a reading page's links load the next page: decision 0059).
    await page.goto(`${site.url}/login`);
    expect(asked).toBe(true);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Blogs" })
      .click();
    // Held back by the stylesheet (a slow network): the login page stays.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/login");
    release();
    await page.waitForURL(/\/blogs$/);
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((sheet) => /\/public-/.test(sheet.href ?? "")),
      ),
    ).toBe(true);
  });
});
