// Stored cross-site scripting: script payloads in every text field of every kind of content, in
// a comment, a contact message, a user's name, profile and blog, stored through the REST API of
// the built server; then every page that shows them is rendered in Chromium. No script may run
// (a payload sets window.__xss or opens a dialog), none may even be blocked by the CSP (that
// would mean it reached the page as markup), no element may carry an inline event handler or a
// javascript: link, and the payloads must be on the page as plain text. The public pages are
// rendered twice: the second view comes from the page cache (X-Cache: HIT), where inline scripts
// run by their hashes instead of a nonce, and the same must hold there. The RSS feed and the
// sitemap must stay well-formed XML with no markup from the content.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simplePdf } from "../../server/sample-content/pdf";
import {
  apiSignIn,
  launchBrowser,
  newPage,
  publicListPages,
  type RunningServer,
  sessionOf,
  startServer,
} from "../e2e/harness";
import { adminAccount } from "./support";

const alice = { email: "alice@abuse.test", password: "alice-password-1" };

// Every payload sets window.__xss or opens a dialog if it ever runs.
const longPayload = [
  `<script>window.__xss="script"</script>`,
  `<img src=x onerror="window.__xss='img';alert('img')">`,
  `"><svg onload="window.__xss='svg';alert('svg')">`,
  `'><svg/onload=alert('svg2')>`,
  `</script><script>window.__xss='close-script'</script>`,
  `{"json":"</script><script>window.__xss='json'</script>"}`,
  `<a href="javascript:window.__xss='link'">link</a>`,
  `javascript:alert('scheme')`,
  `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  `]]><script>window.__xss='cdata'</script><![CDATA[`,
  `<details open ontoggle="window.__xss='toggle'">`,
  `{{constructor.constructor('window.__xss=1')()}}`,
].join(" ");
const mediumPayload = `"><img src=x onerror="window.__xss='img';alert(1)"><script>alert(2)</script>`;
const shortPayload = "<svg onload=alert()>";

/** A payload that fits a field of `max` characters, after a marker that says whose it is. */
function evil(marker: string, max: number): string {
  if (max < 100) return shortPayload.slice(0, max);
  const payload = max >= 1000 ? longPayload : mediumPayload;
  return `${marker} ${payload}`.slice(0, max);
}
/** An image link is only checked for http(s): a quote in it must not break out of the attribute. */
const evilImage = `https://img.example/x.jpg"onerror="window.__xss='src'`;

describe("stored cross-site scripting", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let aliceToken: string;
  const ids: Record<string, string> = {};
  // Signed in once each: sign-in is rate limited (10 a minute from one address).
  const cookies = { admin: "", alice: "" };

  async function api(pathname: string, method: string, body: unknown, token?: string) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    expect(response.status, `${method} ${pathname}: ${JSON.stringify(answer)}`).toBeLessThan(300);
    return answer;
  }

  beforeAll(async () => {
    server = await startServer({
      env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password },
    });
    browser = await launchBrowser();
    const adminSession = sessionOf(await apiSignIn(server, adminAccount.email, adminAccount.password));
    adminToken = adminSession.token;
    cookies.admin = adminSession.cookie;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ ...alice, name: evil("XSS-name", 50) }),
    });
    expect(signUp.status).toBe(200);
    ({ token: aliceToken, cookie: cookies.alice } = sessionOf(signUp));

    const add = async (key: string, pathname: string, body: Record<string, unknown>, token = adminToken) => {
      ids[key] = (await api(pathname, "POST", body, token)).insertedId;
    };
    await add("admission", "/AddAdmition", {
      title: evil("XSS-admission", 100),
      price: "120",
      about: evil("XSS-admission-about", 5000),
      image: evilImage,
    });
    await add("result", "/result/Addresult", {
      title: evil("XSS-result", 200),
      information: evil("XSS-result-information", 10000),
      image: evilImage,
    });
    await add("blog", "/blog/blogs", {
      title: evil("XSS-blog", 200),
      email: adminAccount.email,
      blog: evil("XSS-blog-body", 50000),
      catagori: evil("XSS-category", 50),
      image: evilImage,
    });
    await add("notice", "/Notice/notices", {
      Title: evil("XSS-notice", 200),
      about: evil("XSS-notice-about", 5000),
      image: evilImage,
    });
    await add("service", "/service/addServices", {
      serviceName: evil("", 20),
      about: evil("XSS-service-about", 5000),
      img: evilImage,
    });
    await add("student", "/student/addStudent", {
      name: evil("", 20),
      email: "karim@abuse.test",
      description: evil("XSS-student-description", 2000),
      status: "approved",
      img: evilImage,
    });
    await add("teacher", "/teacher/addTeacher", {
      name: evil("", 20),
      email: "rahman@abuse.test",
      phone: evil("", 30),
      address: evil("XSS-address", 300),
      about: evil("XSS-teacher-about", 5000),
      cetagory: evil("", 50),
      status: "approved",
      roll: "head",
      image: evilImage,
    });
    // A download: its title, description and file name (shown on the edit form) carry payloads.
    const download = new FormData();
    download.set("title", evil("XSS-download", 200));
    download.set("description", evil("XSS-download-description", 5000));
    const pdf = simplePdf("Form", ["Name:"]);
    download.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>]), `${mediumPayload}.pdf`);
    const added = await fetch(`${server.url}/api/downloads`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: download,
    });
    expect(added.status).toBe(201);
    ids.download = (await added.json()).insertedId;
    // Added pending whatever the request says; approved, the public pages show them too.
    for (const pathname of [`/student/students/${ids.student}`, `/teacher/teacher/${ids.teacher}`])
      await api(pathname, "PATCH", { status: "approved" }, adminToken);
    await add(
      "comment",
      "/blog/comment",
      {
        id: ids.blog,
        name: evil("XSS-commenter", 100),
        email: alice.email,
        info: evil("XSS-comment", 5000),
        img: evilImage,
      },
      aliceToken,
    );
    await add(
      "userBlog",
      "/blog/blogs",
      { title: evil("XSS-user-blog", 200), email: alice.email, blog: evil("XSS-user-blog-body", 50000) },
      aliceToken,
    );
    // An order of the admission: its title is copied into the order and shown with it.
    ids.order = (
      await api(
        "/Order/create-payment-intent",
        "POST",
        { items: [{ id: ids.admission, quantity: 1 }] },
        aliceToken,
      )
    ).orderId;
    await add("message", "/contact", {
      name: evil("XSS-sender", 100),
      email: "sender@abuse.test",
      message: evil("XSS-message", 5000),
    });
    await api(
      "/User/updated",
      "PUT",
      {
        displayName: evil("XSS-profile", 50),
        about: evil("XSS-about-me", 2000),
        number: evil("", 30),
        rollNumber: evil("", 20),
        photoURl: evilImage,
      },
      aliceToken,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * The problems of every page, a few pages at a time, in the order of the list: most of a visit
   * is waiting (for the page, its images and hydration), for the server or the browser.
   */
  async function eachAtOnce(paths: string[], check: (path: string) => Promise<string[]>) {
    const found: string[][] = [];
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const index = next++;
        found[index] = await check(paths[index] as string);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return found.flat();
  }

  /** `cached`: the page must come from the page cache (a second anonymous view). */
  type Visit = { path: string; as?: "admin" | "alice"; cached?: boolean };

  /** Renders a page and reports every sign that a payload ran or reached the page as markup. */
  async function visit({ path, as, cached = false }: Visit): Promise<string[]> {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    try {
      if (as) {
        const cookie = cookies[as];
        await context.addCookies(
          cookie
            .split("; ")
            .map((pair) => {
              const [name, ...value] = pair.split("=");
              return { name: name as string, value: value.join("="), url: server.url };
            })
            .filter((entry) => entry.name && entry.value),
        );
      }
      // Injected over the debugging protocol, so the page's CSP does not apply to it.
      await context.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = violations;
        document.addEventListener("securitypolicyviolation", (event) =>
          violations.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`),
        );
      });
      page.on("dialog", (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      if (response?.status() !== 200) problems.push(`status ${response?.status()}`);
      const headers = response?.headers() ?? {};
      if (cached && headers["x-cache"] !== "HIT") {
        problems.push(`X-Cache ${headers["x-cache"] ?? "missing"}, not HIT: not the page cache's copy`);
      }
      // A kept copy has no nonce: its inline scripts are allowed by the hashes in its policy.
      const scriptSrc =
        /(?:^|;)\s*script-src([^;]*)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
      const allowedHashes = [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1] as string);
      // "load" waited for the images (their onerror has fired); then hydration and its effects,
      // where the page has React (a reading page has none: decision 0059, only its own modules).
      const hasReact = await page.evaluate(() => "__reactRouterContext" in window);
      if (hasReact) {
        await page
          .waitForFunction(() => "__reactRouterDataRouter" in window, null, { timeout: 15_000 })
          .catch(() => problems.push("the page did not hydrate"));
      }
      await page.waitForTimeout(200);
      const found = await page.evaluate(
        async (hashes) => {
          const w = window as unknown as { __xss?: unknown; __csp: string[] };
          const all = [...document.querySelectorAll("*")];
          const sha256 = async (text: string) =>
            btoa(
              String.fromCharCode(
                ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
              ),
            );
          const scripts = [...document.scripts].filter((script) =>
            /^(|module|text\/javascript)$/i.test(script.type),
          );
          // Without a nonce (a kept copy): ours are the inline scripts whose hash the policy lists.
          // A script file of our own build (a reading page's modules, the worker's registration).
          const ours = (script: HTMLScriptElement) =>
            script.src.startsWith(`${location.origin}/assets/`) ||
            script.src === `${location.origin}/sw-register.js`;
          const unhashed = hashes
            ? (
                await Promise.all(
                  scripts.map(async (script) =>
                    script.src !== "" ? !ours(script) : !hashes.includes(await sha256(script.text)),
                  ),
                )
              ).filter(Boolean).length
            : 0;
          return {
            inline: scripts.filter((script) => script.src === "").length,
            xss: w.__xss,
            csp: w.__csp,
            handlers: all.flatMap((element) =>
              [...element.attributes]
                .filter((attribute) => /^on/i.test(attribute.name))
                .map((attribute) => `<${element.localName} ${attribute.name}>`),
            ),
            links: all
              .flatMap((element) =>
                ["href", "src", "action", "formaction", "xlink:href"].map(
                  (name) => element.getAttribute(name) ?? "",
                ),
              )
              .filter((value) => /^\s*javascript:/i.test(value)),
            frames: document.querySelectorAll("iframe, object, embed").length,
            // Our scripts carry the CSP nonce; one without it came from somewhere else. (The
            // payloads do appear inside our hydration data, escaped, which is fine.)
            scripts: hashes ? unhashed : scripts.filter((script) => !script.nonce).length,
            path: location.pathname,
            // Shown as text, or as a form field's value (the edit forms).
            text: [
              document.body.innerText,
              ...[...document.querySelectorAll("input, textarea")].map(
                (field) => (field as HTMLInputElement).value,
              ),
            ].join("\n"),
          };
        },
        cached ? allowedHashes : null,
      );
      if (cached && found.inline > 0 && allowedHashes.length === 0)
        problems.push("the kept copy has inline scripts but its policy allows none by hash");
      if (found.xss !== undefined) problems.push(`window.__xss = ${String(found.xss)}`);
      problems.push(...found.csp.map((violation) => `CSP violation ${violation}`));
      problems.push(...found.handlers.map((handler) => `inline handler ${handler}`));
      problems.push(...found.links.map((link) => `dangerous link ${link}`));
      if (found.scripts > 0) {
        problems.push(
          `${found.scripts} script element(s) without ${cached ? "a hash the policy allows" : "our nonce"}`,
        );
      }
      if (found.frames > 0) problems.push(`${found.frames} frame(s)`);
      if (found.path !== new URL(path, server.url).pathname) problems.push(`sent to ${found.path}`);
      // The page really shows stored content: its markup is there as text.
      if (!/<(svg|img|script)/.test(found.text)) problems.push("no payload shown as text");
    } finally {
      await context.close();
    }
    return problems.map(
      (problem) => `${path}${as ? ` as ${as}` : ""}${cached ? " (cached)" : ""}: ${problem}`,
    );
  }

  const publicPages = [...publicListPages, "/downloads"];
  // The detail pages and the full list of teachers ask visitors to sign in first.
  const signedInPages = () => [
    "/ALLteacher",
    `/blog/${ids.blog}`,
    `/services/${ids.service}`,
    `/result/${ids.result}`,
    `/about/${ids.teacher}`,
    `/admition/${ids.admission}`,
  ];
  const kinds = [
    "admissions",
    "results",
    "blogs",
    "notices",
    "services",
    "students",
    "teachers",
    "downloads",
  ];
  const idOfList: Record<string, string | undefined> = {};

  it("runs no script on the public lists, rendered and from the page cache, and the detail pages", async () => {
    const problems = await eachAtOnce([...publicPages, ...signedInPages()], async (path) =>
      publicPages.includes(path)
        ? [
            ...(await visit({ path })),
            // The second anonymous view is the page cache's copy, its scripts allowed by hash.
            ...(await visit({ path, cached: true })),
          ]
        : visit({ path, as: "alice" }),
    );
    expect(problems).toEqual([]);
    // 24 page views: each public list twice (rendered, then the page cache's copy).
  }, 240_000);

  it("runs no script in the dashboard's lists, edit forms and messages", async () => {
    Object.assign(idOfList, {
      admissions: ids.admission,
      results: ids.result,
      blogs: ids.userBlog,
      notices: ids.notice,
      services: ids.service,
      students: ids.student,
      teachers: ids.teacher,
      downloads: ids.download,
    });
    const pages = [
      "/DeashBoard",
      "/DeashBoard/users",
      "/DeashBoard/orders",
      "/DeashBoard/audit",
      `/DeashBoard/inbox/${ids.message}`,
      ...kinds.flatMap((kind) => [`/DeashBoard/list/${kind}`, `/DeashBoard/edit/${kind}/${idOfList[kind]}`]),
    ];
    const problems = await eachAtOnce(pages, (path) => visit({ path, as: "admin" }));
    expect(problems).toEqual([]);
    // 21 dashboard pages, each hydrating Mantine: on a slow, busy machine it took over 120 s.
  }, 240_000);

  it("runs no script on the user's own profile and order pages", async () => {
    const pages = [
      "/profile-route",
      "/profile-route/MyBlogs",
      "/profile-route/updateInformations",
      "/bookings",
      `/bookings/${ids.order}`,
    ];
    const problems = await eachAtOnce(pages, (path) => visit({ path, as: "alice" }));
    expect(problems).toEqual([]);
  });

  it("keeps the RSS feed and the sitemap well-formed, with the payloads as text", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${server.url}/robots.txt`);
      for (const path of ["/blogs/rss.xml", "/sitemap.xml"]) {
        const xml = await (await fetch(`${server.url}${path}`)).text();
        const parsed = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, "application/xml");
          return {
            error: doc.querySelector("parsererror")?.textContent ?? null,
            markup: doc.querySelectorAll("script, svg, img, iframe, a").length,
            text: doc.documentElement.textContent ?? "",
          };
        }, xml);
        expect(parsed.error, path).toBeNull();
        expect(parsed.markup, path).toBe(0);
        expect(xml, path).not.toMatch(/<(script|svg|img)/i);
        if (path.includes("rss")) expect(parsed.text).toContain("<script>alert(2)</script>");
      }
    } finally {
      await context.close();
    }
  });
});
