// Pruning rate_limits: counting deletes the rows whose window has passed (at most once a minute
// per process and database), keeps every live one, and the limits hold as before. Better Auth
// prunes the same table by its longest window, which we make as long as ours, so it too keeps a
// limit that lasts an hour.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits } from "../../server/db/schema";
import { contactRateLimit } from "../../server/domain/contact";
import { phoneCodeSendLimits } from "../../server/domain/phone";
import {
  enforceRateLimit,
  hitRateLimit,
  pruneRateLimits,
  RateLimitError,
  rateLimitKey,
  rateLimitRowsKeptMs,
} from "../../server/domain/rate-limit";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const minute = 60_000;
const rule = { max: 2, windowMs: minute };

describe.each(testDatabases)("pruning rate_limits on %s", (kind) => {
  let t: TestApp;
  let rows = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRUST_PROXY: "on" });
  });
  afterAll(() => t?.close());

  /** Puts a row straight in the table, as if counted at `lastRequest`. */
  const put = async (key: string, lastRequest: number, count = 1) => {
    await t.services.db.insert(rateLimits).values({ id: `row-${++rows}`, key, count, lastRequest });
    return key;
  };
  const keysLeft = async (keys: string[]) =>
    (
      await t.services.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, keys))
    )
      .map((row) => row.key)
      .sort();

  // The tests run in order on one clock that only moves forward, so each starts a new minute.
  const start = Date.now();

  it("deletes the rows of passed windows when counting, and keeps the live ones", async () => {
    const now = start;
    const spent = await put("test:spent", now - rateLimitRowsKeptMs - 1, 7);
    const spentOfBetterAuth = await put("198.51.100.1|/sign-in/email", now - rateLimitRowsKeptMs - 1);
    // A phone code limit (an hour) with a minute of its window left.
    const hourLong = await put(
      rateLimitKey(phoneCodeSendLimits.perAccount.name, ["someone"]),
      now - rateLimitRowsKeptMs + minute,
      5,
    );
    const liveOfBetterAuth = await put("198.51.100.2|/sign-in/email", now - 1_000);

    const counted = await hitRateLimit(t.services.db, "test:counted", rule, now);
    expect(counted).toMatchObject({ allowed: true, count: 1 });
    expect(await keysLeft([spent, spentOfBetterAuth, hourLong, liveOfBetterAuth, "test:counted"])).toEqual(
      [hourLong, liveOfBetterAuth, "test:counted"].sort(),
    );
    // A key whose row was deleted starts again from one.
    expect(await hitRateLimit(t.services.db, spent, rule, now)).toMatchObject({ allowed: true, count: 1 });
  });

  it("prunes at most once a minute", async () => {
    const now = start + 10 * minute;
    const first = await put("test:first", now - rateLimitRowsKeptMs - 1);
    await hitRateLimit(t.services.db, "test:clock", rule, now);
    expect(await keysLeft([first])).toEqual([]);

    const second = await put("test:second", now - rateLimitRowsKeptMs - 1);
    await hitRateLimit(t.services.db, "test:clock", rule, now + 30_000);
    expect(await keysLeft([second])).toEqual([second]);
    await hitRateLimit(t.services.db, "test:clock", rule, now + minute);
    expect(await keysLeft([second])).toEqual([]);
  });

  it("keeps the limits working after pruning", async () => {
    await pruneRateLimits(t.services.db);
    // An hour-long limit reached 50 minutes ago still refuses, for the 10 minutes left.
    const account = `account-${kind}`;
    await put(rateLimitKey(phoneCodeSendLimits.perAccount.name, [account]), Date.now() - 50 * minute, 5);
    await pruneRateLimits(t.services.db);
    const refused = await enforceRateLimit(t.services.db, phoneCodeSendLimits.perAccount, [account]).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(9 * 60);
    expect((refused as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(10 * 60);

    // Through the API: the contact form's limit per address, counted after a prune.
    const headers = { "x-forwarded-for": "198.51.100.50" };
    const message = { name: "Parent", email: "parent@example.com", message: "A question" };
    const answers: number[] = [];
    for (let i = 0; i <= contactRateLimit.max; i++) {
      answers.push((await t.json("/api/contact", "POST", message, { headers })).status);
    }
    expect(answers).toEqual([...Array(contactRateLimit.max).fill(201), 429]);
  });

  it("refuses a limit whose window is longer than rows are kept", async () => {
    await expect(
      hitRateLimit(t.services.db, "test:too-long", { max: 1, windowMs: rateLimitRowsKeptMs + 1 }),
    ).rejects.toThrow(/longer than rate_limits rows are kept/);
  });
});

describe.each(testDatabases)("Better Auth's pruning of rate_limits on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Better Auth's limits are on outside NODE_ENV=test.
    t = await createTestApp(kind, { NODE_ENV: "production", TRUST_PROXY: "on" });
  });
  afterAll(() => t?.close());

  it("keeps none of its windows longer than rows are kept", () => {
    const rules = Object.values(t.services.auth.options.rateLimit?.customRules ?? {});
    const windows = rules.map((rule) => (typeof rule === "object" && rule ? rule.window : 0));
    expect(Math.max(...windows) * 1000).toBe(rateLimitRowsKeptMs);
  });

  it("deletes spent rows but keeps an hour-long limit's row past its own 15 minutes", async () => {
    const now = Date.now();
    const address = "198.51.100.60";
    const hourLong = rateLimitKey(phoneCodeSendLimits.perAccount.name, [`account-${kind}`]);
    await t.services.db.insert(rateLimits).values([
      { id: "hour-long", key: hourLong, count: 5, lastRequest: now - 20 * minute },
      { id: "spent", key: "test:spent", count: 1, lastRequest: now - rateLimitRowsKeptMs - minute },
      // Its window (a minute) has passed: the next call starts a new one, and Better Auth prunes.
      { id: "session", key: `${address}|/get-session`, count: 1, lastRequest: now - 2 * minute },
    ]);
    const session = await t.request("/api/auth/get-session", { headers: { "x-forwarded-for": address } });
    expect(session.status).toBe(200);
    await vi.waitFor(async () => {
      const spent = await t.services.db.select().from(rateLimits).where(eq(rateLimits.key, "test:spent"));
      expect(spent).toEqual([]);
    });
    const [kept] = await t.services.db.select().from(rateLimits).where(eq(rateLimits.key, hourLong));
    expect(kept).toMatchObject({ count: 5, lastRequest: now - 20 * minute });
  });
});
