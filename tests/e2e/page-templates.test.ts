// Signed-in people's pages come from templates with placeholders (decision 0037): each person sees
// their own name, e-mail and photo and nobody else's, whatever their name holds; the page
// hydrates without a mismatch; gzip and plain answers are the same page; a burst of requests
// after a change renders the page once. A person's own pages (decision 0038) are answered again
// without their loaders, to that person alone, until something stored changes, whoever stores it.
import { get } from "node:http";
import { gunzipSync } from "node:zlib";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../fixtures/throwaway-database";
import {
  newPage,
  pageWithItsOwnCss,
  type RunningServer,
  sessionOf,
  startServer,
  stylesLeftOut,
  useSite,
  waitForHydration,
} from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const password = "reader-password-1";
// Names that React, JSON and React Router's data script each escape in their own way.
const readers = [
  {
    email: "rahim@school.test",
    name: `Rahim <b>&amp; "O'Neil"</b>`,
    about: "Class monitor & <i>captain</i>",
  },
  {
    email: "karim@school.test",
    name: "করিম </script><script>alert(1)</script>",
    about: 'ক্রিকেট \u2028 "দল"',
  },
  { email: "salma@school.test", name: 'Salma "\\u2028" \u2029 😀 \\', about: "Reads </textarea> & writes" },
];
const tokenPattern = /maktab[0-9a-f]{24}/;

/** React's escaping of text and attribute values. */
const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c] ?? c,
  );

describe("signed-in pages from templates", () => {
  const site = useSite({ sampleContent: true, admin, env: { BENCH_COUNTERS: "1" } });
  const cookies = new Map<string, string>();

  async function cookieOf(email: string, name?: string): Promise<string> {
    const known = cookies.get(email);
    if (known) return known;
    if (name) {
      const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url },
        body: JSON.stringify({ email, password, name }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
    }
    const signIn = await fetch(`${site.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email, password: name ? password : admin.password }),
    });
    expect(signIn.status).toBe(200);
    const { cookie } = sessionOf(signIn);
    cookies.set(email, cookie);
    return cookie;
  }

  beforeAll(async () => {
    for (const reader of readers) {
      const cookie = await cookieOf(reader.email, reader.name);
      // Their own profile texts, shown on their profile page only.
      const saved = await fetch(`${site.url}/api/User/updated`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json", origin: site.url },
        body: JSON.stringify({ about: reader.about, number: `01711-${readers.indexOf(reader)}00000` }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
  });

  async function firstBlogPath(): Promise<string> {
    const blogs = await (await fetch(`${site.url}/api/blog/blogs?limit=1`)).json();
    return `/blog/${blogs.items?.[0]?._id ?? blogs[0]?._id}`;
  }

  const page = (path: string, cookie: string, encoding: string) =>
    fetch(site.url + path, { headers: { cookie, "accept-encoding": encoding } });

  /** The page's text as sent (gzip unzipped here, strictly: fetch would unzip it leniently). */
  function pageText(path: string, cookie: string, encoding: "gzip" | "identity") {
    return new Promise<{ text: string; encoding: string | null }>((resolve, reject) => {
      get(site.url + path, { headers: { cookie, "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          try {
            expect(response.statusCode).toBe(200);
            expect(response.headers["cache-control"]).toMatch(/private/);
            const bytes = Buffer.concat(chunks);
            const gzip = response.headers["content-encoding"] === "gzip";
            expect(Number(response.headers["content-length"])).toBe(bytes.length);
            resolve({
              text: gzip ? gunzipSync(bytes).toString() : bytes.toString(),
              encoding: response.headers["content-encoding"] ?? null,
            });
          } catch (error) {
            reject(error);
          }
        });
      }).on("error", reject);
    });
  }

  it("shows each reader their own name and e-mail, and nobody else's, on shared and personal pages", async () => {
    const paths = [
      "/",
      "/blogs",
      "/AllTeacher",
      await firstBlogPath(),
      "/profile-route",
      "/allOrder",
      "/payment-getway/stripe",
    ];
    // Twice round: the first makes the templates, the second fills them for each reader.
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        for (const reader of readers) {
          const cookie = await cookieOf(reader.email);
          const gzip = await pageText(path, cookie, "gzip");
          const plain = await pageText(path, cookie, "identity");
          const where = `${path} for ${reader.email}`;
          expect(plain.encoding, where).toBeNull();
          // The same page either way, but for the request's own nonce.
          const nonceless = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
          expect(nonceless(gzip.text), where).toBe(nonceless(plain.text));
          const html = plain.text;
          expect(html, where).not.toMatch(tokenPattern);
          expect(html, where).toContain(`<span class="account-link__name">${escaped(reader.name)}</span>`);
          if (path === "/profile-route") {
            expect(html, where).toContain(escaped(reader.about));
            expect(html, where).toContain(`01711-${readers.indexOf(reader)}00000`);
            for (const other of readers.filter((r) => r !== reader))
              expect(html, `${where}: ${other.about}`).not.toContain(escaped(other.about));
          }
          // The billing form starts with the reader's own name and e-mail.
          if (path === "/payment-getway/stripe") {
            expect(html, where).toContain(`name="email" value="${escaped(reader.email)}"`);
            expect(html, where).toContain(`name="name" value="${escaped(reader.name)}"`);
          }
          for (const other of readers.filter((r) => r !== reader)) {
            expect(html, `${where}: ${other.email}`).not.toContain(other.email);
            expect(html, `${where}: ${other.name}`).not.toContain(escaped(other.name));
          }
          // The inline scripts carry the request's nonce, as the policy names it.
          const policy = (await page(path, cookie, "identity")).headers.get("content-security-policy") ?? "";
          expect(policy, where).toMatch(/'nonce-[^']+'/);
        }
      }
    }
    // Pages whose data is the same for every reader are filled from their template, not rendered
    // again, for each of them; so is the profile of readers whose profiles show the same way.
    const made = async () => (await (await fetch(`${site.url}/__bench/templates`)).json()).made as number;
    for (const path of paths) {
      const before = await made();
      for (const reader of readers) await pageText(path, await cookieOf(reader.email), "gzip");
      expect(await made(), path).toBe(before);
    }
  });

  it("hydrates the filled page as the browser renders it, and keeps the reader's details on the next page", async () => {
    const reader = readers[2] as (typeof readers)[number];
    const cookie = await cookieOf(reader.email);
    const { page: tab } = await newPage(site.browser);
    const problems: string[] = [];
    tab.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    tab.on("pageerror", (error) => problems.push(error.message));
    const [name, value] = cookie.split(";")[0]?.split("=") ?? [];
    await tab.context().addCookies([{ name: name ?? "", value: value ?? "", url: site.url }]);
    // The template is made by another reader first, so this reader's page is filled, not rendered.
    await pageText("/", await cookieOf((readers[0] as (typeof readers)[number]).email), "gzip");
    await tab.goto(`${site.url}/`);
    await waitForHydration(tab);
    await expect.poll(() => tab.getByTestId("header-account").first().textContent()).toContain(reader.name);
    await tab.getByRole("link", { name: "More Blogs" }).click();
    await tab.waitForURL(/\/blogs$/);
    expect(await tab.getByTestId("header-account").first().textContent()).toContain(reader.name);

    // The profile page, filled from the template of readers whose profiles show the same way.
    await pageText("/profile-route", await cookieOf((readers[0] as (typeof readers)[number]).email), "gzip");
    await tab.goto(`${site.url}/profile-route`);
    await waitForHydration(tab);
    expect(await tab.getByTestId("profile-name").textContent()).toBe(reader.name);
    await expect.poll(() => tab.locator("main").textContent()).toContain(reader.about);
    // Its edit form, reached by a navigation, starts from the reader's own texts.
    await tab.getByRole("link", { name: "Update information" }).first().click();
    await tab.waitForURL(/updateInformations$/);
    expect(await tab.locator('textarea[name="about"]').inputValue()).toBe(reader.about);
    expect(problems).toEqual([]);
  });

  it("styles a reader's and an admin's pages as with every rule, from their own CSS", async () => {
    const pages = [
      {
        email: (readers[1] as (typeof readers)[number]).email,
        paths: [
          "/",
          "/allOrder",
          "/payment-getway",
          "/bookings",
          "/profile-route",
          "/profile-route/updateInformations",
          "/profile-route/MyBlogs",
          "/profile-route/postBlog",
        ],
      },
      {
        email: admin.email,
        paths: ["/", "/blogs", "/DeashBoard", "/DeashBoard/list/blogs", "/DeashBoard/orders"],
      },
    ];
    for (const { email, paths } of pages) {
      const tab = await pageWithItsOwnCss(site.browser);
      const [name, value] = (await cookieOf(email)).split(";")[0]?.split("=") ?? [];
      await tab.context().addCookies([{ name: name ?? "", value: value ?? "", url: site.url }]);
      for (const path of paths) {
        const answer = await tab.goto(site.url + path);
        expect(answer?.status(), path).toBe(200);
        expect(await stylesLeftOut(tab), `${email} ${path}`).toEqual([]);
      }
    }
  });

  it("answers a reader's own pages again without their loaders, to that reader alone", async () => {
    const own = ["/profile-route", "/profile-route/MyBlogs", "/bookings", await firstBlogPath()];
    const adminOwn = ["/DeashBoard", "/DeashBoard/list/blogs", "/DeashBoard/orders"];
    const queriesOf = (answer: Response) =>
      Number(/queries;dur=(\d+)/.exec(answer.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
    const nonceless = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    const pairs = [
      ...readers.flatMap((reader) => own.map((path) => ({ who: reader.email, path }))),
      ...adminOwn.map((path) => ({ who: admin.email, path })),
    ];
    // A change first, so that each page is rendered afresh once.
    const created = await fetch(`${site.url}/api/Notice/notices`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: await cookieOf(admin.email), origin: site.url },
      body: JSON.stringify({ Title: "Library open on Friday", about: "From nine to twelve." }),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const first = new Map<string, string>();
    for (const { who, path } of pairs) {
      const answer = await page(path, await cookieOf(who), "identity");
      expect(answer.status, path).toBe(200);
      expect(queriesOf(answer), `${path} for ${who}, rendered`).toBeGreaterThan(1);
      first.set(`${who} ${path}`, nonceless(await answer.text()));
    }
    // Again, each reader in turn: found by their view, with one query (the records generation).
    for (const { who, path } of pairs) {
      const answer = await page(path, await cookieOf(who), "identity");
      expect(queriesOf(answer), `${path} for ${who}, again`).toBeLessThanOrEqual(1);
      const html = nonceless(await answer.text());
      expect(html, `${path} for ${who}`).toBe(first.get(`${who} ${path}`));
      expect(html).not.toMatch(tokenPattern);
    }
  });

  it("shows a change on a reader's own page at once, whoever stored it", async () => {
    const adminCookie = await cookieOf(admin.email);
    const before = await (await page("/DeashBoard", adminCookie, "identity")).text();
    await page("/DeashBoard", adminCookie, "identity");
    // A visitor's message: no content changes, so no page cache is emptied, but the inbox has it.
    const sender = `Parent ${Date.now()}`;
    const sent = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ name: sender, email: "parent@example.test", message: "When does term begin?" }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect(before).not.toContain(sender);
    expect(await (await page("/DeashBoard", adminCookie, "identity")).text()).toContain(sender);
  });

  it("renders a page once for a burst of readers just after a change", async () => {
    const adminCookie = await cookieOf(admin.email);
    const readerCookies = await Promise.all(readers.map((r) => cookieOf(r.email)));
    const made = async () => (await (await fetch(`${site.url}/__bench/templates`)).json()).made as number;
    // A change: an admin adds a notice, which starts a new content generation.
    const created = await fetch(`${site.url}/api/Notice/notices`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie, origin: site.url },
      body: JSON.stringify({ Title: "Sports day moved to Sunday", about: "The sports day is on Sunday." }),
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const before = await made();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        page("/", readerCookies[index % readerCookies.length] as string, "gzip"),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("Sports day moved to Sunday");
    }
    expect(await made()).toBe(before + 1);
  });
});

// On PostgreSQL the home page's streamed sections answer in no fixed order, and React Router
// serializes them in the order they answered: two renders of the same data are not the same
// bytes. The page is still found by its view.
describe.runIf(process.env.TEST_DATABASE_URL)("a signed-in page from its template on PostgreSQL", () => {
  let made: Awaited<ReturnType<typeof throwawayDatabase>>;
  let database: postgres.Sql;
  let server: RunningServer;
  beforeAll(async () => {
    made = await throwawayDatabase();
    database = postgres(made.url, { max: 1, onnotice: () => {} });
    server = await startServer({ env: { DATABASE_URL: made.url, SAMPLE_CONTENT: "on" } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.end();
    await made?.drop();
  });

  /** The home page as a reader, while `table` is locked for a moment: its section answers last. */
  async function homeWith(cookie: string, table: "teachers" | "notices") {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locked = database.begin(async (sql) => {
      await sql.unsafe(`lock table ${table} in access exclusive mode`);
      await released;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = fetch(`${server.url}/`, { headers: { cookie, "accept-encoding": "gzip" } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await locked;
    const page = await answer;
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  }

  it("finds a reader's home page by its view when its sections answered in another order", async () => {
    const cookies: string[] = [];
    for (const email of ["amina@school.test", "babul@school.test"]) {
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email, password, name: "Reader" }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      cookies.push(sessionOf(signUp).cookie);
    }
    const [amina, babul] = cookies as [string, string];
    // The view's first page, its notices last; then, once the view is checked again (5 s), the
    // same data with its teachers last.
    await homeWith(amina, "notices");
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    await homeWith(babul, "teachers");
    // Had the second page seemed another, the server would say so and stop finding the view's
    // page for the rest of the content generation: every reader's page rendered afresh.
    expect(server.logs()).not.toContain("changed between two of them");
  });
});
