// The page cache and HTTP caching, through the Hono app: anonymous views are kept and served
// again until content changes; signed-in views, flash banners and private pages never are; a
// kept page is the same bytes for everyone, its inline scripts allowed by hash, sent compressed
// and answered 304 when the browser has it; REST lists answer 304 to a
// matching ETag. With Redis (REDIS_URL, or one on 127.0.0.1:6379) two apps over one database
// agree at once; without it each keeps its own, and a Redis that does not answer costs only speed.
import { createHash } from "node:crypto";
import { createConnection } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CachedResponse, keepAnswer } from "../../server/cache/cached-response";
import { createServices } from "../../server/container-factory";
import { notices } from "../../server/db/schema";
import { createApp } from "../../server/http";
import { fakePages } from "../fixtures/fake-pages";
import { createTestApp, origin, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.write("PING\r\n");
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

const addNotice = (t: TestApp, admin: Session, title: string) =>
  t.json("/api/Notice/notices", "POST", { Title: title, about: "" }, { session: admin });

describe.each(testDatabases)("page cache on %s", (database) => {
  let t: TestApp;
  let admin: Session;
  const pages = fakePages();

  beforeAll(async () => {
    t = await createTestApp(
      database,
      { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" },
      { pageHandler: pages.handler },
    );
    admin = await t.signIn("head@school.test", "head-password-1");
    expect((await addNotice(t, admin, "Exam routine")).status).toBe(201);
  });
  afterAll(() => t?.close());

  it("renders an anonymous page once and serves the same bytes again, its scripts allowed by hash", async () => {
    await addNotice(t, admin, "Fresh start");
    const before = pages.calls.count;
    const first = await t.request("/notices");
    const firstBody = await first.text();
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(firstBody).toContain("Exam routine");
    const firstNonce = nonceOf(first) as string;
    expect(firstBody).toContain(`<script nonce="${firstNonce}">window.a=1</script>`);

    const second = await t.request("/notices");
    const secondBody = await second.text();
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(pages.calls.count - before).toBe(1);
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.headers.get("vary")).toMatch(/Cookie/);

    // No nonce is shared between visitors: the kept copy has none, its policy names the scripts.
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(nonceOf(second)).toBeUndefined();
    expect(secondBody).not.toContain("nonce");
    expect(secondBody).toBe(firstBody.replaceAll(` nonce="${firstNonce}"`, ""));
    const hashOf = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
    expect(policy).toContain(`script-src 'self' ${hashOf("window.a=1")} ${hashOf("window.b=2")};`);
    expect(policy).not.toContain(hashOf("window.injected=1"));

    const head = await t.request("/notices", { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("sends a kept page compressed as the browser accepts, and 304 when it has it", async () => {
    for (let i = 0; i < 8; i++) await addNotice(t, admin, `A long notice ${i} `.repeat(10));
    await (await t.request("/notices")).text();
    const plain = await (await t.request("/notices")).text();

    const br = await t.request("/notices", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("x-cache")).toBe("HIT");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain);

    const gzip = await t.request("/notices", { headers: { "accept-encoding": "gzip;q=1, br;q=0" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);

    const tag = br.headers.get("etag") as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await t.request("/notices", { headers: { "if-none-match": tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    await addNotice(t, admin, "Changed");
    const changed = await t.request("/notices", { headers: { "if-none-match": tag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Changed");
  });

  it("keeps a page per language", async () => {
    await t.request("/notices");
    const bangla = await t.request("/notices", { headers: { cookie: "maktab_lang=bn" } });
    expect(bangla.headers.get("x-cache")).toBe("MISS");
    expect(await bangla.text()).toContain('lang="bn"');
    const again = await t.request("/notices", { headers: { cookie: "maktab_lang=bn" } });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toContain('lang="bn"');
    const english = await t.request("/notices");
    expect(await english.text()).toContain('lang="en"');
  });

  it("serves a page asked through a shared link or with another site's cookies from the cache", async () => {
    await t.request("/notices");
    const before = pages.calls.count;
    const seen: string[] = [];
    const shared = new Map<string, string>([
      ["a Facebook share", "/notices?fbclid=IwAR2abc_def-123"],
      ["a campaign", "/notices?utm_source=newsletter&utm_medium=email&utm_campaign=admission-2027"],
      ["an ad click", "/notices?gclid=Cj0KCQiA&msclkid=5f2b"],
    ]);
    for (const [why, address] of shared) {
      const response = await t.request(address);
      expect(response.headers.get("x-cache"), why).toBe("HIT");
      seen.push(await response.text());
    }
    for (const cookie of [
      "_ga=GA1.1.123.456; _gid=GA1.1.789",
      "_fbp=fb.1.1700000000.123",
      "_ga=GA1.1.1; maktab_lang=bn",
    ]) {
      const response = await t.request("/notices", { headers: { cookie } });
      expect(response.headers.get("x-cache"), cookie).toMatch(/HIT|MISS/);
      seen.push(await response.text());
    }
    // Not one render more (the Bangla page was kept by the test before): the kept copies served.
    expect(pages.calls.count - before).toBe(0);
    expect(seen.join("")).not.toMatch(/fbclid|utm_|gclid|_ga|_fbp/);

    // A parameter a page reads is still the page's own, and our own session cookie is never cached.
    expect((await t.request("/notices?page=2&utm_source=x")).headers.get("x-cache")).toBe("MISS");
    expect((await t.request("/notices?utm_source=y&page=2")).headers.get("x-cache")).toBe("HIT");
    const session = admin.cookie.split(";")[0] ?? "";
    const signedIn = await t.request("/notices", { headers: { cookie: `_ga=GA1.1.1; ${session}` } });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(await signedIn.text()).toContain("Signed in as head@school.test");
  });

  it("never serves or keeps a signed-in view, a flash banner or a private page", async () => {
    await t.request("/notices");
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("HIT");

    for (const signedIn of [{ session: admin }, { bearer: admin }]) {
      const before = pages.calls.count;
      const response = await t.request("/notices", signedIn);
      expect(response.headers.get("x-cache")).toBeNull();
      expect(await response.text()).toContain("Signed in as head@school.test");
      expect(pages.calls.count - before).toBe(1);
    }

    const flash = { headers: { cookie: "maktab_flash=success%3Alogin.success" } };
    const withFlash = await t.request("/notices", flash);
    expect(withFlash.headers.get("x-cache")).toBeNull();
    expect(withFlash.headers.get("set-cookie")).toContain("maktab_flash=;");
    expect((await t.request("/notices", flash)).headers.get("set-cookie")).toContain("maktab_flash=;");

    await t.request("/login");
    const login = await t.request("/login");
    expect(login.headers.get("x-cache")).toBeNull();
    const missing = await t.request("/no-such-page");
    await t.request("/no-such-page");
    expect(missing.status).toBe(404);
    expect((await t.request("/no-such-page")).headers.get("x-cache")).toBe("MISS");
  });

  it("reads a signed-in page's lists once per change, and shows a change at once", async () => {
    const reader = await t.signUp("reader@school.test", "reader-password-1", "Reader");
    await addNotice(t, admin, "Library hours");
    expect(await (await t.request("/notices", { session: reader })).text()).toContain("Library hours");
    // Changed behind the app's back (a script, SQL): the kept read stands until the time limit.
    await t.services.db
      .update(notices)
      .set({ title: "Changed outside" })
      .where(eq(notices.title, "Library hours"));
    const kept = await (await t.request("/notices", { session: reader })).text();
    expect(kept).toContain("Library hours");
    expect(kept).not.toContain("Changed outside");
    // A form post reads the database itself.
    const posted = await t.request("/notices", { method: "POST", session: reader });
    expect(await posted.text()).toContain("Changed outside");
    // A change through the app starts a new generation: every reader sees it on their next page.
    expect((await addNotice(t, admin, "Parents' meeting")).status).toBe(201);
    const after = await (await t.request("/notices", { session: reader })).text();
    expect(after).toContain("Parents' meeting");
    expect(after).toContain("Changed outside");
  });

  it("serves the new content at once after a change through the API", async () => {
    await t.request("/notices");
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("HIT");
    expect((await addNotice(t, admin, "Sports day on Monday")).status).toBe(201);
    const after = await t.request("/notices");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain("Sports day on Monday");
  });

  it("is not emptied by what a visitor who is not signed in may do", async () => {
    await t.request("/notices");
    const refused = await t.json("/api/Notice/notices", "POST", { Title: "Forged" });
    expect(refused.status).toBe(401);
    const contact = await t.json("/api/contact", "POST", {
      name: "A parent",
      email: "parent@example.com",
      message: "When does the term start?",
    });
    expect(contact.status).toBe(201);
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("HIT");
  });

  it("is not emptied by a signed-in call that only reads", async () => {
    await t.request("/notices");
    const quote = await t.json("/api/Order/quote", "POST", { items: [] }, { session: admin });
    expect(quote.status).toBe(200);
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("HIT");
  });

  it("is not emptied by a loop of requests that change no public content", async () => {
    const reader = await t.signUp("looper@school.test", "looper-password-1", "Looper");
    await t.request("/notices");
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("HIT");
    const before = pages.calls.count;
    for (let i = 0; i < 5; i++) {
      // Anonymous: a sign-out without a session (REST and the page form), a reset mail, a
      // sign-in, a sign-up.
      expect((await t.json("/api/auth/sign-out", "POST", {})).status).toBe(200);
      expect((await t.request("/logout", { method: "POST" })).status).toBe(302);
      const reset = await t.json("/api/auth/request-password-reset", "POST", {
        email: "head@school.test",
        redirectTo: "/reset-password",
      });
      expect(reset.status).toBe(200);
      expect(
        (
          await t.json("/api/auth/sign-in/email", "POST", {
            email: reader.email,
            password: "looper-password-1",
          })
        ).status,
      ).toBe(200);
      await t.signUp(`loop${i}@school.test`, "loop-password-1");
      // Signed in, asking again for what is already there.
      expect(
        (
          await t.json(
            "/api/auth/sign-in/email",
            "POST",
            { email: reader.email, password: "looper-password-1" },
            { session: reader },
          )
        ).status,
      ).toBe(200);
    }
    // A contact message from a signed-in user is for the inbox, not the public pages.
    const contact = await t.json(
      "/api/contact",
      "POST",
      { name: "Looper", email: reader.email, message: "Hello" },
      { session: reader },
    );
    expect(contact.status).toBe(201);
    const after = await t.request("/notices");
    expect(after.headers.get("x-cache")).toBe("HIT");
    // The pages rendered only the five sign-out forms, not the kept page.
    expect(pages.calls.count).toBe(before + 5);

    // A change to what public pages show does start one: a user's name (bylines, comments).
    const renamed = await t.json(
      "/api/auth/update-user",
      "POST",
      { name: "Looper Two" },
      { session: reader },
    );
    expect(renamed.status).toBe(200);
    expect((await t.request("/notices")).headers.get("x-cache")).toBe("MISS");
  });

  it("marks signed-in pages, their data, /api/auth and every answer that sets a cookie private, no-store", async () => {
    const noStore = "private, no-store";
    for (const signedIn of [{ session: admin }, { bearer: admin }]) {
      expect((await t.request("/notices", signedIn)).headers.get("cache-control")).toBe(noStore);
      const data = await t.request("/notices.data", signedIn);
      expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
      expect(data.headers.get("cache-control")).toBe(noStore);
      expect((await t.request("/api/Notice/notices", signedIn)).headers.get("cache-control")).toBe(noStore);
      expect((await t.request("/api/auth/get-session", signedIn)).headers.get("cache-control")).toBe(noStore);
    }
    // Anonymous /api/auth answers too, and a sign-in, which sets the session cookie.
    expect((await t.request("/api/auth/get-session")).headers.get("cache-control")).toBe(noStore);
    const signIn = await t.json("/api/auth/sign-in/email", "POST", {
      email: "head@school.test",
      password: "head-password-1",
    });
    expect(signIn.headers.get("set-cookie")).toBeTruthy();
    expect(signIn.headers.get("cache-control")).toBe(noStore);
    // An anonymous page that clears a banner's cookie.
    const flash = await t.request("/notices", {
      headers: { cookie: "maktab_flash=success%3Alogin.success" },
    });
    expect(flash.headers.get("set-cookie")).toContain("maktab_flash=;");
    expect(flash.headers.get("cache-control")).toBe(noStore);
    // Anonymous views stay revalidated copies.
    expect((await t.request("/notices.data")).headers.get("cache-control")).toBe("private, no-cache");
    expect((await t.request("/api/Notice/notices")).headers.get("cache-control")).toBe("public, no-cache");
  });

  it("answers 304 with the Cache-Control, Vary and ETag of its 200", async () => {
    const compared = ["cache-control", "vary", "etag"];
    const same = async (path: string, init: Parameters<TestApp["request"]>[1] = {}) => {
      await (await t.request(path, init)).text();
      const full = await t.request(path, init);
      expect(full.status).toBe(200);
      await full.arrayBuffer();
      const etag = full.headers.get("etag") as string;
      expect(etag).toBeTruthy();
      const headers = new Headers(init.headers);
      headers.set("if-none-match", etag);
      const notModified = await t.request(path, { ...init, headers });
      expect(notModified.status, path).toBe(304);
      for (const name of compared)
        expect(notModified.headers.get(name), `${path} ${name}`).toBe(full.headers.get(name));
    };
    const compressed = { headers: { "accept-encoding": "gzip, br" } };
    await same("/notices", compressed);
    await same("/notices.data", compressed);
    await same("/api/Notice/notices?limit=3", compressed);
    await same("/api/Notice/notices?limit=3", { ...compressed, session: admin });
    await same(`/api/User/users/${admin.email}`, { ...compressed, session: admin });
  });

  it("gives REST lists an ETag, answers 304 to it, and a new one after a change", async () => {
    const list = "/api/Notice/notices?limit=5";
    const first = await t.request(list);
    const tag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    expect(first.headers.get("vary")).toMatch(/Authorization/);
    expect(first.headers.get("x-total-count")).toBeTruthy();

    const kept = await t.request(list);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(kept.headers.get("etag")).toBe(tag);
    expect(kept.headers.get("x-total-count")).toBe(first.headers.get("x-total-count"));

    const unchanged = await t.request(list, { headers: { "if-none-match": tag as string } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(tag);

    const signedIn = await t.request(list, { session: admin, headers: { "if-none-match": tag as string } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("x-cache")).toBeNull();

    const created = (await (await addNotice(t, admin, "Library closed")).json()) as { insertedId: string };
    const changed = await t.request(list, { headers: { "if-none-match": tag as string } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(tag);
    expect(((await changed.json()) as { Title: string }[])[0]?.Title).toBe("Library closed");

    const one = await t.request(`/api/Notice/notices/${created.insertedId}`);
    const oneTag = one.headers.get("etag") as string;
    expect(oneTag).toMatch(/^W\/"/);
    const oneAgain = await t.request(`/api/Notice/notices/${created.insertedId}`, {
      headers: { "if-none-match": oneTag },
    });
    expect(oneAgain.status).toBe(304);
  });
});

describe.each(testDatabases)("a change on %s", (database) => {
  it("leaves the kept copies to requests of the old generation until the new one has begun", async () => {
    // Emptied first, the copies were missing while the new generation was being written: requests
    // that had read the old generation then rendered the page under it, and again under the new
    // one (two renders of the home page per change under load on PostgreSQL).
    const t = await createTestApp(database);
    try {
      const cache = t.services.pageCache;
      const before = (await cache.generation()) as string;
      const kept = await keepAnswer({
        status: 200,
        headers: [],
        text: "<p>kept</p>",
        nonce: "n",
        isHtml: true,
      });
      cache.set("person /", before, kept as CachedResponse);
      const changing = cache.invalidate();
      expect(cache.get("person /", before)).toBeDefined();
      await changing;
      const after = (await cache.generation()) as string;
      expect(after).not.toBe(before);
      expect(cache.get("person /", after)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("page cache with a Redis that does not answer", () => {
  it("serves every page uncached instead of failing", async () => {
    const pages = fakePages();
    const t = await createTestApp(
      "pglite",
      { REDIS_URL: "redis://127.0.0.1:1" },
      { pageHandler: pages.handler },
    );
    try {
      for (let i = 0; i < 3; i++) {
        const response = await t.request("/notices");
        expect(response.status).toBe(200);
        expect(response.headers.get("x-cache")).toBeNull();
      }
      expect(pages.calls.count).toBe(3);
    } finally {
      await t.close();
    }
  });
});

type Store = { store: "memory" | "postgres" | "redis"; database: "pglite" | "postgres"; shared: boolean };
const stores: Store[] = [
  { store: "memory", database: "pglite", shared: false },
  ...(testDatabases.includes("postgres")
    ? [{ store: "postgres", database: "postgres", shared: true } as const]
    : []),
  { store: "redis", database: "pglite", shared: true },
];

describe.each(stores)("two apps over one database, generation in $store", ({ store, database, shared }) => {
  it(
    shared
      ? "a change made through one is served by the other at once"
      : "each keeps its own copies (a change through the other waits for the time limit)",
    async (context) => {
      if (store === "redis" && !(await redisAnswers(redisUrl))) context.skip();
      const env = {
        ADMIN_EMAIL: "head@school.test",
        ADMIN_PASSWORD: "head-password-1",
        ...(store === "redis" ? { REDIS_URL: redisUrl } : {}),
      };
      const a = await createTestApp(database, env, { pageHandler: fakePages().handler });
      const servicesB = await createServices(a.config, pino({ level: "silent" }), a.services.database);
      expect(servicesB.pageCache.kind).toBe(store);
      const b = createApp(servicesB, { pageHandler: fakePages().handler });
      try {
        const admin = await a.signIn("head@school.test", "head-password-1");
        await b.request(`${origin}/notices`);
        expect((await b.request(`${origin}/notices`)).headers.get("x-cache")).toBe("HIT");

        expect((await addNotice(a, admin, "Made on A")).status).toBe(201);

        const onB = await b.request(`${origin}/notices`);
        if (shared) {
          expect(onB.headers.get("x-cache")).toBe("MISS");
          expect(await onB.text()).toContain("Made on A");
        } else {
          expect(onB.headers.get("x-cache")).toBe("HIT");
          expect(await onB.text()).not.toContain("Made on A");
        }
      } finally {
        await servicesB.pageCache.close();
        await a.close();
      }
    },
  );
});
