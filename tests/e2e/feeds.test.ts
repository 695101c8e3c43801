// The feeds for search engines and readers (sitemap, robots.txt, the blogs' RSS) and the page
// actions behind the contact section and the subscribe box, against the built server.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiSignIn, newPage, publicListPages, sessionOf, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };

const trickyTitle = `<script>alert("x")</script> Tom & Jerry's "news"`;
const trickyBody = "Fish & chips <b>for</b> everyone. ".repeat(20);

const publicPages = [...publicListPages, "/classRoome"];

type ParsedXml = { error: string | null; root: string | null };

describe("feeds and the contact forms", () => {
  const site = useSite({ sampleContent: true, admin });
  let page: Page;
  let token: string;
  let trickyId: string;

  beforeAll(async () => {
    token = sessionOf(await apiSignIn(site.server, admin.email, admin.password)).token;
    expect(token).not.toBe("");
    const created = await fetch(`${site.url}/api/blog/blogs`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: trickyTitle,
        email: admin.email,
        blog: trickyBody,
        catagori: "News & views",
      }),
    });
    expect(created.status).toBe(201);
    trickyId = (await created.json()).insertedId;
    // A page of the site itself, so that fetch() below is a same-origin request from it.
    ({ page } = await newPage(site.browser));
    await page.goto(`${site.url}/robots.txt`);
  });

  /** Parses XML with the browser's own parser: a parse error means the document is not well formed. */
  const parseXml = (xml: string) =>
    page.evaluate((text): ParsedXml => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.querySelector("parsererror");
      return { error: error ? error.textContent : null, root: doc.documentElement?.nodeName ?? null };
    }, xml);

  const texts = (xml: string, selector: string) =>
    page.evaluate(
      ([text, query]) =>
        [
          ...new DOMParser()
            .parseFromString(text as string, "application/xml")
            .querySelectorAll(query as string),
        ].map((node) => node.textContent ?? ""),
      [xml, selector],
    );

  it("serves a sitemap of the public pages and every public blog, with absolute addresses", async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(await parseXml(xml)).toEqual({ error: null, root: "urlset" });
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');

    const locations = await texts(xml, "url > loc");
    for (const path of publicPages) expect(locations).toContain(site.url + path);
    expect(locations).toContain(`${site.url}/blog/${trickyId}`);
    for (const hidden of ["/DeashBoard", "/login", "/register", "/allOrder", "/profile", "/ALLteacher"]) {
      expect(locations.some((loc) => loc.toLowerCase().startsWith(site.url + hidden.toLowerCase()))).toBe(
        false,
      );
    }

    const blogs = await fetch(`${site.url}/api/blog/blogs?limit=1`);
    const blogCount = Number(blogs.headers.get("x-total-count"));
    expect(blogCount).toBeGreaterThan(1);
    expect(locations.filter((loc) => loc.startsWith(`${site.url}/blog/`))).toHaveLength(blogCount);

    // Every blog has a last modification time; it is a W3C date-time.
    const blogEntries = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return [...doc.querySelectorAll("url")]
        .map((url) => ({
          loc: url.querySelector("loc")?.textContent ?? "",
          lastmod: url.querySelector("lastmod")?.textContent ?? null,
        }))
        .filter((entry) => entry.loc.includes("/blog/"));
    }, xml);
    for (const entry of blogEntries) {
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
  });

  it("serves robots.txt: everything public, not the dashboard, the API or the account pages", async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/DeashBoard", "/api/", "/login", "/register", "/allOrder", "/profile"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  it("serves an RSS 2.0 feed of the newest blogs, with every text escaped", async () => {
    const response = await fetch(`${site.url}/blogs/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(await parseXml(xml)).toEqual({ error: null, root: "rss" });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<b>");
    expect(xml).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&apos;s");

    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const channel = doc.querySelector("rss > channel");
      return {
        title: channel?.querySelector(":scope > title")?.textContent,
        link: channel?.querySelector(":scope > link")?.textContent,
        items: [...doc.querySelectorAll("channel > item")].map((item) => ({
          title: item.querySelector("title")?.textContent ?? "",
          link: item.querySelector("link")?.textContent ?? "",
          guid: item.querySelector("guid")?.textContent ?? "",
          pubDate: item.querySelector("pubDate")?.textContent ?? "",
          description: item.querySelector("description")?.textContent ?? "",
          category: item.querySelector("category")?.textContent ?? null,
        })),
      };
    }, xml);
    expect(feed.title).toBeTruthy();
    expect(feed.link).toBe(`${site.url}/blogs`);
    expect(feed.items.length).toBeGreaterThan(1);
    expect(feed.items.length).toBeLessThanOrEqual(20);

    // The newest first: the blog made above, its title and body as plain text.
    const [newest] = feed.items;
    expect(newest?.title).toBe(trickyTitle);
    expect(newest?.link).toBe(`${site.url}/blog/${trickyId}`);
    expect(newest?.guid).toBe(newest?.link);
    expect(newest?.category).toBe("News & views");
    expect(newest?.description.startsWith("Fish & chips <b>for</b> everyone.")).toBe(true);
    expect(newest?.description.length).toBeLessThan(trickyBody.length);
    for (const item of feed.items) {
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.link).toMatch(new RegExp(`^${site.url}/blog/[0-9a-f-]{36}$`));
    }
    const dates = feed.items.map((item) => Date.parse(item.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  /** Posts a form from the site's own page, as the contact section's fetcher does. */
  const postForm = (path: string, fields: Record<string, string>) =>
    page.evaluate(
      async ([target, values]) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(values as Record<string, string>))
          form.append(name, value);
        const response = await fetch(target as string, { method: "POST", body: form });
        return {
          status: response.status,
          type: response.headers.get("content-type"),
          body: await response.json(),
        };
      },
      [path, fields] as const,
    );

  const message = { name: "Abdul Karim", email: "karim@example.com", message: "Is there a hostel?" };

  it("takes a contact message from the page and answers JSON", async () => {
    const sent = await postForm("/contact", message);
    expect(sent).toEqual({
      status: 200,
      type: expect.stringContaining("application/json"),
      body: { ok: true },
    });

    const invalid = await postForm("/contact", { name: "", email: "karim@", message: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      ok: false,
      error: null,
      // Each field's problem by its code (decision 0034): the page words it in the reader's language.
      fields: {
        name: { key: "field.required", params: { label: "name" } },
        email: { key: "email.invalid" },
        message: { key: "field.required", params: { label: "message" } },
      },
    });
  });

  /** Sends a plain HTML form (no fetcher), as a browser without script would, and waits for the next page. */
  async function submitPlainForm(target: Page, path: string, fields: Record<string, string>) {
    await target.goto(`${site.url}/robots.txt`);
    await Promise.all([
      target.waitForURL(`${site.url}/`),
      target.evaluate(
        ([action, values]) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = action as string;
          for (const [name, value] of Object.entries(values as Record<string, string>)) {
            const input = document.createElement("input");
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        [path, fields] as const,
      ),
    ]);
    await target.getByTestId("flash").waitFor();
    return (await target.getByTestId("flash").textContent()) ?? "";
  }

  it("answers a form sent without script with the home page and a banner", async () => {
    const { page: plain } = await newPage(site.browser);
    expect(await submitPlainForm(plain, "/contact", message)).toContain(
      "Thank you! Your message has been sent.",
    );
    expect(await submitPlainForm(plain, "/contact", { ...message, email: "" })).toContain(
      "Your message was not sent",
    );
    expect(await submitPlainForm(plain, "/subscribe", { email: "plain@example.com" })).toContain(
      "Thank you for subscribing!",
    );
    await plain.context().close();
  });

  it("shares the contact limit between the page and the API, then says to wait", async () => {
    // Two sent above; two more from the page and one through the API make five.
    for (let i = 0; i < 2; i++) expect((await postForm("/contact", message)).body).toEqual({ ok: true });
    const viaApi = await page.evaluate(async (body) => {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return response.status;
    }, message);
    expect(viaApi).toBe(201);

    const refused = await postForm("/contact", message);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ ok: false, error: { key: "limit.messages" } });
  });

  it("subscribes from the page, and a second time is still a success", async () => {
    const first = await postForm("/subscribe", { email: "Family@Example.com" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, alreadySubscribed: false });
    const second = await postForm("/subscribe", { email: "family@example.com" });
    expect(second.body).toEqual({ ok: true, alreadySubscribed: true });

    const invalid = await postForm("/subscribe", { email: "family" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      ok: false,
      error: null,
      fields: { email: { key: "email.invalid" } },
    });
  });

  it("refuses a post from another site, and sends a plain visit to the home page", async () => {
    for (const path of ["/contact", "/subscribe"]) {
      const forged = await fetch(site.url + path, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...message }).toString(),
      });
      expect(forged.status, path).toBe(403);

      const visit = await fetch(site.url + path, { redirect: "manual" });
      expect(visit.status, path).toBe(302);
      expect(new URL(visit.headers.get("location") ?? "", site.url).pathname).toBe("/");
    }
    // A form post from our own origin with a plain form body works too.
    const own = await fetch(`${site.url}/subscribe`, {
      method: "POST",
      headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "office@example.com" }).toString(),
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ ok: true, alreadySubscribed: false });
  });
});
