// A page carries in its head only the rules of the public stylesheets its markup uses
// (app/styles/page-css.server.ts): as the server sent it, on a desktop and on a 360 px phone,
// every public page looks exactly as it does with every rule (no computed style of any element
// changes when the whole stylesheet is added), and carries far fewer rules than the whole.
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

  const viewports = [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ];

  async function checkPage(path: string) {
    for (const viewport of viewports) {
      const page = await pageWithItsOwnCss(site.browser, viewport);
      await page.goto(`${site.url}${path}`);
      expect(await stylesLeftOut(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
  }

  it.each(pages)("leaves out no rule %s uses", checkPage);

  it("leaves out no rule a blog's, a service's or an album's page uses", async () => {
    await checkPage(await firstLink("/blogs", "/blog/"));
    await checkPage(await firstLink("/services", "/services/"));
    await checkPage(await firstLink("/gallery", "/gallery/"));
  });

  it("sends a page a part of the whole stylesheet, and the whole once it has loaded", async () => {
    const html = await (await fetch(`${site.url}/results`)).text();
    const inline = html.match(/<style[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? "";
    const { page } = await newPage(site.browser);
    const loaded: string[] = [];
    page.on("response", (response) => {
      if (/\/assets\/public-[\w-]+\.css$/.test(response.url())) loaded.push(response.url());
    });
    await page.goto(`${site.url}/results`);
    await expect.poll(() => loaded.length).toBe(1);
    const whole = await (await fetch(loaded[0]!)).text();
    expect(inline.length).toBeGreaterThan(1000);
    expect(inline.length).toBeLessThan(whole.length / 2);
  });
});
