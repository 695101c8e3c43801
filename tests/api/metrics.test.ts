// GET /metrics (METRICS_TOKEN, docs/metrics.md) as Prometheus scrapes it: not there without the
// setting, refused without the token, never kept by a cache; its text in the exposition format,
// and its counters moved by what the test did: answers by route and status, a page cache hit and
// miss, a payment paid and one declined, a mail in the outbox, a backup taken.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackup } from "../../server/backup/backup";
import { mailsTo } from "../fixtures/outbox";
import { type Exposition, parseExposition, sampleValue } from "../fixtures/prometheus-text";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const token = randomBytes(32).toString("hex");

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t?.close());

  it("has no /metrics", async () => {
    const answer = await t.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("maktab_");
  });
});

describe.each(testDatabases)("GET /metrics with METRICS_TOKEN, on %s", (kind) => {
  let t: TestApp;
  let alice: Session;
  let admissionId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      METRICS_TOKEN: token,
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
    });
    const admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice.metrics@school.test", "alice-password", "Alice");
    const created = await t.json(
      "/api/AddAdmition",
      "POST",
      { title: "Class Six admission", price: "120.50", image1: "https://img.example/a.jpg" },
      { session: admin },
    );
    expect(created.status).toBe(201);
    admissionId = (await created.json()).insertedId;
  }, 60_000);

  afterAll(() => t?.close());

  const scrapeAnswer = (authorization?: string) =>
    t.request("/metrics", authorization ? { headers: { authorization } } : {});

  async function scrape(): Promise<{ text: string; parsed: Exposition }> {
    const answer = await scrapeAnswer(`Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-cache")).toBeNull();
    const text = await answer.text();
    return { text, parsed: parseExposition(text) };
  }

  it("refuses a scraper without the token, or with another, and keeps no copy", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token}x`,
      `Basic ${token}`,
    ]) {
      const answer = await scrapeAnswer(authorization);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const body = await answer.text();
      expect(body).toContain("METRICS_TOKEN");
      expect(body).not.toContain("maktab_http_requests_total");
    }
  });

  it("counts what was asked, by route and status, and the page cache's hits and misses", async () => {
    const before = await scrape();

    const first = await t.request("/api/Notice/notices?search=alpha");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await t.request("/api/Notice/notices?search=alpha");
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const missing = "0b7a3c1e-1111-4222-8333-944455556666";
    expect((await t.request(`/api/Notice/notices/${missing}`)).status).toBe(404);
    expect((await t.request("/api/no/such/call")).status).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after.parsed, name, labels) - sampleValue(before.parsed, name, labels);

    const requests = "maktab_http_requests_total";
    expect(moved(requests, { method: "GET", route: "/api/Notice/notices", status: "200" })).toBe(2);
    expect(moved(requests, { method: "GET", route: "/api/Notice/notices/:id", status: "404" })).toBe(1);
    expect(moved(requests, { method: "GET", route: "/api/*", status: "404" })).toBe(1);
    // The scrape before this one, answered and counted.
    expect(moved(requests, { method: "GET", route: "/metrics", status: "200" })).toBe(1);
    expect(
      moved("maktab_http_request_duration_seconds_count", { method: "GET", route: "/api/Notice/notices" }),
    ).toBe(2);
    expect(
      moved("maktab_http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/api/Notice/notices",
        le: "+Inf",
      }),
    ).toBe(2);
    expect(moved("maktab_page_cache_requests_total", { result: "hit" })).toBe(1);
    expect(moved("maktab_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after.parsed, "maktab_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(moved("maktab_database_queries_total")).toBeGreaterThan(0);
    // This scrape is being answered.
    expect(sampleValue(after.parsed, "maktab_http_requests_in_flight")).toBe(1);

    // Routes by pattern only: no id, query or path a client made up.
    expect(after.text).not.toContain(missing);
    expect(after.text).not.toContain("alpha");
    expect(after.text).not.toContain("/no/such");
    // Every family says what it is.
    for (const name of ["maktab_http_requests_total", "maktab_http_request_duration_seconds"]) {
      expect(after.parsed.help.get(name)).toBeTruthy();
    }
    expect(after.parsed.types.get("maktab_http_request_duration_seconds")).toBe("histogram");
  });

  it("counts payments where orders settle: one declined, one paid", async () => {
    const before = await scrape();
    const intent = await t.json(
      "/api/Order/create-payment-intent",
      "POST",
      { items: [{ id: admissionId, quantity: 1 }] },
      { session: alice },
    );
    expect(intent.status).toBe(200);
    const { clientSecret } = await intent.json();
    const card = (cardNumber: string) => ({
      clientSecret,
      cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: "123",
      billing: { name: "Alice Rahman", email: "alice.metrics@school.test", address: "12 Lake Road, Dhaka" },
    });
    const declined = await t.json("/api/payments/test/confirm", "POST", card("4000000000000002"), {
      session: alice,
    });
    expect(declined.status).toBe(402);
    const paid = await t.json("/api/payments/test/confirm", "POST", card("4242424242424242"), {
      session: alice,
    });
    expect(paid.status).toBe(200);
    // A repeat of a success is no second payment.
    expect(
      (await t.json("/api/payments/test/confirm", "POST", card("4242424242424242"), { session: alice }))
        .status,
    ).toBe(200);

    const after = await scrape();
    const moved = (outcome: string) =>
      sampleValue(after.parsed, "maktab_payments_total", { provider: "test", mode: "test", outcome }) -
      sampleValue(before.parsed, "maktab_payments_total", { provider: "test", mode: "test", outcome });
    expect(moved("declined")).toBe(1);
    expect(moved("paid")).toBe(1);
  });

  it("counts mail written to the outbox", async () => {
    const before = await scrape();
    const asked = await t.json("/api/auth/request-password-reset", "POST", {
      email: "alice.metrics@school.test",
      redirectTo: "/reset-password",
    });
    expect(asked.status).toBe(200);
    await mailsTo(t.config.dataDir, "alice.metrics@school.test");

    const after = await scrape();
    const labels = { channel: "mail", transport: "outbox", outcome: "sent" };
    expect(
      sampleValue(after.parsed, "maktab_messages_total", labels) -
        sampleValue(before.parsed, "maktab_messages_total", labels),
    ).toBe(1);
    expect(
      sampleValue(after.parsed, "maktab_outbox_messages", { channel: "mail" }) -
        sampleValue(before.parsed, "maktab_outbox_messages", { channel: "mail" }),
    ).toBe(1);
    expect(sampleValue(after.parsed, "maktab_outbox_messages", { channel: "sms" })).toBe(0);
  });

  it("says how old the newest backup is: none, then one just taken", async () => {
    const none = await scrape();
    expect(sampleValue(none.parsed, "maktab_backup_age_seconds")).toBe(Number.POSITIVE_INFINITY);

    await takeBackup({
      database: t.services.database,
      files: t.services.files,
      dataDir: t.config.dataDir,
      folder: t.config.backups.to,
      withSecrets: false,
    });
    const taken = await scrape();
    const age = sampleValue(taken.parsed, "maktab_backup_age_seconds");
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(120);
  });
});
