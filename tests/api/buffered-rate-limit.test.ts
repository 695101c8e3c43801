// Rate limits counted in memory and written in batches (results day's lookups): exact within a
// process, written to rate_limits only for an address that asks often, and shared by processes
// through the table. A second "process" is a second handle on the same database (the buffer is
// kept per handle).

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problem } from "../../common/errors/problem";
import type { Database } from "../../server/db/client";
import { rateLimits } from "../../server/db/schema";
import {
  flushBufferedRateLimits,
  hitBufferedRateLimit,
  type RateLimitRule,
  sharedFrom,
} from "../../server/domain/rate-limit";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const rule: RateLimitRule = {
  name: "test-buffered",
  max: 8,
  windowMs: 10 * 60_000,
  problem: problem("limit.requests"),
};

describe.each(testDatabases)("rate limits counted in memory on %s", (kind) => {
  let t: TestApp;
  let keys = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const newKey = () => `test-buffered:${kind}:${++keys}:${Date.now()}`;
  const rowOf = async (key: string) =>
    (await t.services.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
  const hits = (db: Database, key: string, n: number, now: number) =>
    Array.from({ length: n }, () => hitBufferedRateLimit(db, key, rule, now));

  it("allows the limit and refuses the next, saying when the window ends", () => {
    const key = newKey();
    const now = Date.now();
    const answers = hits(t.services.db, key, rule.max + 1, now);
    expect(answers.slice(0, rule.max).every((hit) => hit.allowed)).toBe(true);
    expect(answers.at(-1)).toEqual({ allowed: false, count: rule.max + 1, retryAfterSeconds: 600 });
    // Two minutes on, the same window: 8 minutes left.
    expect(hitBufferedRateLimit(t.services.db, key, rule, now + 120_000)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 480,
    });
    // Once the window has passed, the address starts again.
    expect(hitBufferedRateLimit(t.services.db, key, rule, now + rule.windowMs)).toMatchObject({
      allowed: true,
      count: 1,
    });
  });

  it("writes nothing for an address that asked fewer times than sharedFrom, and the count once it has", async () => {
    const key = newKey();
    const now = Date.now();
    hits(t.services.db, key, sharedFrom - 1, now);
    await flushBufferedRateLimits(t.services.db, now);
    expect(await rowOf(key)).toBeUndefined();
    hitBufferedRateLimit(t.services.db, key, rule, now);
    await flushBufferedRateLimits(t.services.db, now);
    expect(await rowOf(key)).toMatchObject({ count: sharedFrom, lastRequest: now });
    // Later counts add to the row, in the same window.
    hits(t.services.db, key, 2, now + 1_000);
    await flushBufferedRateLimits(t.services.db, now + 1_000);
    expect(await rowOf(key)).toMatchObject({ count: sharedFrom + 2, lastRequest: now });
  });

  it("shares counts between processes through the table", async () => {
    const key = newKey();
    const now = Date.now();
    // Another process: its own handle, so its own buffer.
    const other = new Proxy(t.services.db, {}) as Database;
    expect(hits(t.services.db, key, sharedFrom, now).every((hit) => hit.allowed)).toBe(true);
    await flushBufferedRateLimits(t.services.db, now);
    // Alone, the other process would allow 8; with the first one's 5 it has 3 left after these 5.
    expect(hits(other, key, sharedFrom, now).every((hit) => hit.allowed)).toBe(true);
    await flushBufferedRateLimits(other, now);
    expect(await rowOf(key)).toMatchObject({ count: 2 * sharedFrom });
    expect(hitBufferedRateLimit(other, key, rule, now)).toMatchObject({ allowed: false, count: 11 });
  });

  it("starts a passed window again in the table", async () => {
    const key = newKey();
    const then = Date.now() - rule.windowMs - 1_000;
    hits(t.services.db, key, sharedFrom, then);
    await flushBufferedRateLimits(t.services.db, then);
    const now = Date.now();
    hits(t.services.db, key, sharedFrom, now);
    await flushBufferedRateLimits(t.services.db, now);
    expect(await rowOf(key)).toMatchObject({ count: sharedFrom, lastRequest: now });
  });
});
