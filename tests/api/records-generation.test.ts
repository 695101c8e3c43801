// The records generation (server/cache/records-generation.ts, migration 0017): every stored change
// of a row that a page may show moves it when its transaction commits, whoever makes it (a
// visitor's message, SQL by hand); a change that no page shows (a rate limit) does not; and every
// table of the schema is counted or named as not counted, so that a new table cannot be missed.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../server/db/rows";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

/**
 * Tables that no page shows, which change with every sign-in, lookup or token refresh; the
 * comments' counts and totals, which change with the comments; and an admission round's number
 * counter and its status-check codes (the applications they serve are counted).
 */
const notCounted = [
  "admission_number_counters",
  "admission_status_codes",
  "comment_counts",
  "comment_totals",
  "provider_tokens",
  "rate_limits",
  "sessions",
  "verifications",
];

describe.each(testDatabases)("the records generation on %s", (kind) => {
  let t: TestApp;
  let generation: () => Promise<string | null>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    generation = t.services.recordsGeneration;
  });
  afterAll(() => t?.close());

  it("moves when a visitor's message is stored, and when a row is changed with SQL", async () => {
    const before = await generation();
    expect(before).not.toBeNull();
    const sent = await t.json("/api/contact", "POST", {
      name: "A parent",
      email: "parent@example.test",
      message: "When does the new term begin?",
    });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    const afterMessage = await generation();
    expect(afterMessage).not.toBe(before);

    await t.services.db.execute(sql`update contact_messages set read_at = now()`);
    expect(await generation()).not.toBe(afterMessage);
  });

  it("moves when the transaction commits, not before", async () => {
    const before = await generation();
    let during: string | null = null;
    await t.services.db.transaction(async (tx) => {
      await tx.execute(sql`update contact_messages set read_at = null`);
      const [row] = await rowsOf<{ value: string }>(
        tx,
        sql`select last_value || ':' || is_called as value from records_generation`,
      );
      during = row?.value ?? null;
    });
    expect(during).toBe(before);
    expect(await generation()).not.toBe(before);
  });

  it("stays for a change that no page shows", async () => {
    const before = await generation();
    await t.services.db.execute(
      sql`insert into rate_limits (id, key, count, last_request) values ('records-test', 'records-test', 1, 0)`,
    );
    expect(await generation()).toBe(before);
  });

  it("counts every table but those named", async () => {
    const tables = await rowsOf<{ name: string; counted: boolean }>(
      t.services.db,
      sql`select c.relname as name,
            exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'records_changed') as counted
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(tables.length).toBeGreaterThan(30);
    for (const { name, counted } of tables) expect(counted, name).toBe(!notCounted.includes(name));
  });
});
