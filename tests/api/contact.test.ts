// The contact section's message and the subscribe box, as a client sees them, on every test
// database: stored, validated per field, rate limited per client address, idempotent.
import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rssLoader } from "../../app/routes/blogs-rss";
import { loader as sitemapLoader } from "../../app/routes/sitemap";
import { blogs, contactMessages, rateLimits, subscribers } from "../../server/db/schema";
import { anonymous } from "../../server/domain/actor";
import { contactRateLimit, sendContactMessage } from "../../server/domain/contact";
import { hitRateLimit, RateLimitError } from "../../server/domain/rate-limit";
import { subscribeRateLimit } from "../../server/domain/subscribers";
import { pageContext } from "../../server/page-context";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases)("contact and subscribe on %s", (kind) => {
  let t: TestApp;
  let addresses = 0;
  /** A client address no other test has used, so each test starts under the limit. */
  const freshAddress = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    // Behind a proxy: the client address comes from X-Forwarded-For.
    t = await createTestApp(kind, { TRUST_PROXY: "on" });
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown, address: string) =>
    t.json(path, "POST", body, { headers: { "x-forwarded-for": address } });

  const message = {
    name: "Rahima Khatun",
    email: "Rahima@Example.com",
    message: "When does Class Six start?",
  };

  describe("POST /api/contact", () => {
    it("stores the message for the dashboard inbox and answers 201 with its id", async () => {
      const address = freshAddress();
      const response = await post("/api/contact", message, address);
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(uuid) });
      const [row] = await t.services.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, body.insertedId));
      expect(row).toMatchObject({
        name: "Rahima Khatun",
        email: "rahima@example.com",
        message: "When does Class Six start?",
        readAt: null,
        starred: false,
        folder: "inbox",
        ipAddress: address,
      });
      expect(row?.createdAt).toBeInstanceOf(Date);
    });

    it("names each bad field: name, e-mail and message are required", async () => {
      const response = await post("/api/contact", {}, freshAddress());
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid");
      expect(error.fields).toEqual({
        name: "Name is required",
        email: "E-mail is required",
        message: "Message is required",
      });
    });

    it("checks each field's rule on its own", async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ name: "   " }, "name", "Name is required"],
        [{ name: "a".repeat(101) }, "name", "Name must be at most 100 characters"],
        [{ email: "not-an-email" }, "email", "Enter a valid e-mail address"],
        [{ message: "" }, "message", "Message is required"],
        [{ message: "a".repeat(5001) }, "message", "Message must be at most 5000 characters"],
      ];
      for (const [change, field, text] of cases) {
        const response = await post("/api/contact", { ...message, ...change }, freshAddress());
        expect(response.status, field).toBe(400);
        expect((await response.json()).error.fields).toEqual({ [field]: text });
      }
      const longest = { ...message, name: "a".repeat(100), message: "b".repeat(5000) };
      expect((await post("/api/contact", longest, freshAddress())).status).toBe(201);
    });

    it("refuses the sixth message in ten minutes from one address with 429, not another's", async () => {
      const noisy = freshAddress();
      const quiet = freshAddress();
      for (let i = 1; i <= contactRateLimit.max; i++) {
        const response = await post("/api/contact", { ...message, message: `Question ${i}` }, noisy);
        expect(response.status, `message ${i}`).toBe(201);
      }
      const refused = await post("/api/contact", { ...message, message: "One more" }, noisy);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toEqual({
        code: "rate_limited",
        message: "Too many messages. Please try again later.",
        key: "limit.messages",
      });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);

      expect((await post("/api/contact", message, quiet)).status).toBe(201);
      const stored = await t.services.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.ipAddress, noisy));
      expect(stored).toHaveLength(contactRateLimit.max);
    });

    it("lets ADDRESS_LIMIT_MULTIPLIER times as many messages and subscriptions from one address", async () => {
      // A school's computer room, or a mobile operator's carrier-grade NAT, behind one address.
      const shared = await createTestApp(kind, { TRUST_PROXY: "on", ADDRESS_LIMIT_MULTIPLIER: "3" });
      try {
        const send = (path: string, body: unknown) =>
          shared.json(path, "POST", body, { headers: { "x-forwarded-for": "198.51.100.7" } });
        const sent: number[] = [];
        for (let i = 0; i <= 3 * contactRateLimit.max; i++) {
          sent.push((await send("/api/contact", { ...message, message: `Question ${i}` })).status);
        }
        expect(sent).toEqual([...Array(3 * contactRateLimit.max).fill(201), 429]);
        const subscribed: number[] = [];
        for (let i = 0; i <= 3 * subscribeRateLimit.max; i++) {
          subscribed.push((await send("/api/subscribe", { email: `parent${i}@example.com` })).status);
        }
        expect(subscribed).toEqual([...Array(3 * subscribeRateLimit.max).fill(201), 429]);
      } finally {
        await shared.close();
      }
    });

    it("does not count a refused form against the limit", async () => {
      const address = freshAddress();
      for (let i = 0; i < contactRateLimit.max + 2; i++) {
        expect((await post("/api/contact", { ...message, email: "nope" }, address)).status).toBe(400);
      }
      expect((await post("/api/contact", message, address)).status).toBe(201);
    });

    it("refuses a post from another site's page", async () => {
      const response = await t.json("/api/contact", "POST", message, {
        headers: { origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
    });
  });

  describe("POST /api/subscribe", () => {
    it("subscribes once: 201 the first time, 200 after, one lower-case row", async () => {
      const first = await post("/api/subscribe", { email: "Parent.One@Example.com" }, freshAddress());
      expect(first.status).toBe(201);
      const created = await first.json();
      expect(created).toEqual({
        acknowledged: true,
        insertedId: expect.stringMatching(uuid),
        alreadySubscribed: false,
      });

      const again = await post("/api/subscribe", { email: " parent.one@example.COM " }, freshAddress());
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ acknowledged: true, insertedId: null, alreadySubscribed: true });

      const rows = await t.services.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.email, "parent.one@example.com"));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(created.insertedId);
    });

    it("needs a well-formed e-mail", async () => {
      for (const [body, text] of [
        [{}, "E-mail is required"],
        [{ email: "parent@" }, "Enter a valid e-mail address"],
      ] as const) {
        const response = await post("/api/subscribe", body, freshAddress());
        expect(response.status).toBe(400);
        expect((await response.json()).error.fields).toEqual({ email: text });
      }
    });
  });

  describe("the rate limiter", () => {
    it("counts concurrent requests atomically: exactly the limit gets through", async () => {
      const key = `test:${kind}:concurrent`;
      const rule = { max: 5, windowMs: 60_000 };
      const hits = await Promise.all(
        Array.from({ length: 25 }, () => hitRateLimit(t.services.db, key, rule)),
      );
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      const [row] = await t.services.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(row?.count).toBe(25);
    });

    it("lets concurrent contact messages from one address past the limit never", async () => {
      const address = freshAddress();
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          sendContactMessage(
            t.services.db,
            { ...message, message: `Burst ${i}` },
            { client: { ip: address, limitMultiplier: 1 } },
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(contactRateLimit.max);
      for (const result of results.filter((r) => r.status === "rejected")) {
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(RateLimitError);
      }
      const stored = await t.services.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.ipAddress, address));
      expect(stored).toHaveLength(contactRateLimit.max);
    });

    it("starts a new window once the old one has passed", async () => {
      const key = `test:${kind}:window`;
      const rule = { max: 2, windowMs: 1_000 };
      const start = 1_700_000_000_000;
      expect((await hitRateLimit(t.services.db, key, rule, start)).allowed).toBe(true);
      expect((await hitRateLimit(t.services.db, key, rule, start + 10)).allowed).toBe(true);
      const third = await hitRateLimit(t.services.db, key, rule, start + 20);
      expect(third).toEqual({ allowed: false, count: 3, retryAfterSeconds: 1 });
      const later = await hitRateLimit(t.services.db, key, rule, start + 1_000);
      expect(later).toMatchObject({ allowed: true, count: 1 });
    });

    it("keeps the limit per address, and one for requests with no known address", async () => {
      const viaDomain = (clientIp: string | undefined) =>
        sendContactMessage(t.services.db, message, { client: { ip: clientIp, limitMultiplier: 1 } }).then(
          () => "sent",
          (error: unknown) => (error instanceof RateLimitError ? "limited" : "failed"),
        );
      const unknown: string[] = [];
      for (let i = 0; i <= contactRateLimit.max; i++) unknown.push(await viaDomain(undefined));
      expect(unknown).toEqual([...Array(contactRateLimit.max).fill("sent"), "limited"]);
      const [row] = await t.services.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, "contact:unknown"));
      expect(row?.count).toBe(contactRateLimit.max + 1);
      expect(await viaDomain(freshAddress())).toBe("sent");
    });
  });

  it("documents both calls in the OpenAPI document under Contact", async () => {
    const document = await (await t.request("/api/openapi.json")).json();
    expect(document.paths["/contact"].post.tags).toEqual(["Contact"]);
    expect(document.paths["/subscribe"].post.tags).toEqual(["Contact"]);
    expect(document.paths["/contact"].post.security).toEqual([]);
  });

  // The feeds are page resources (the e2e test reads them from the built server); here their
  // loaders run in-process so that a blog hidden from visitors can be put straight in the table.
  describe("the feeds", () => {
    type FeedLoader = (args: { context: RouterContextProvider }) => Promise<Response>;
    const feedOf = async (loader: FeedLoader) => {
      const context = new RouterContextProvider();
      context.set(pageContext, {
        services: t.services,
        actor: anonymous,
        nonce: "",
        requestId: "test",
        logger: pino({ level: "silent" }),
        authHeaders: new Headers(),
        client: { limitMultiplier: 1 },
        personPlaceholders: false,
        placeholderValues: {},
        templateViewKey: null,
        personalViewKey: null,
        document: false,
        contentGeneration: null,
        partView: null,
        databaseDown: false,
      });
      return (await loader({ context })).text();
    };

    it("list approved blogs only, with their markup escaped", async () => {
      const [shown] = await t.services.db
        .insert(blogs)
        .values({
          title: 'Fees & <b>"dates"</b>',
          authorEmail: "office@school.test",
          body: "Body & <i>more</i>",
        })
        .returning({ id: blogs.id });
      const [hidden] = await t.services.db
        .insert(blogs)
        .values({ title: "Waiting for review", authorEmail: "office@school.test", status: "pending" })
        .returning({ id: blogs.id });
      const sitemap = await feedOf(sitemapLoader as unknown as FeedLoader);
      const rss = await feedOf(rssLoader as unknown as FeedLoader);
      for (const feed of [sitemap, rss]) {
        expect(feed).toContain(`${t.config.publicUrl}/blog/${shown?.id}`);
        expect(feed).not.toContain(String(hidden?.id));
      }
      expect(rss).toContain("<title>Fees &amp; &lt;b&gt;&quot;dates&quot;&lt;/b&gt;</title>");
      expect(rss).toContain("<description>Body &amp; &lt;i&gt;more&lt;/i&gt;</description>");
      expect(rss).not.toContain("Waiting for review");
    });
  });
});
