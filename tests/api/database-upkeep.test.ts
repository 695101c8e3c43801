// The embedded database has no autovacuum, so the server vacuums and analyses it itself: soon
// after it starts when a table was never analysed, and every few hours (server/db/upkeep.ts); the
// planner then knows how large each table is. On PostgreSQL, whose autovacuum does it, the server leaves it alone.
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { startDatabaseUpkeep } from "../../server/db/upkeep";

type Line = { msg: string; ms?: number };

describe("database upkeep", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
    await database.db.execute(
      sql`insert into notices (title, about) select 'Notice ' || g, 'About it' from generate_series(1, 500) g`,
    );
  });
  afterAll(() => database?.close());

  const plannerKnows = async () => {
    const result = (await database.db.execute(
      sql`select reltuples from pg_class where relname = 'notices'`,
    )) as unknown as { rows: { reltuples: number }[] };
    return Number(result.rows[0]?.reltuples);
  };

  it("vacuums and analyses the embedded database after start, and logs how long it took", async () => {
    // Never analysed: the planner does not know the table's size.
    expect(await plannerKnows()).toBe(-1);
    const lines: Line[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const upkeep = startDatabaseUpkeep(database, logger, { firstAfterMs: 20, everyMs: 60_000 });
    try {
      await expect.poll(plannerKnows, { timeout: 10_000 }).toBe(500);
      await expect.poll(() => lines.map((line) => line.msg)).toContain("database vacuumed and analysed");
      expect(lines.find((line) => line.msg === "database vacuumed and analysed")?.ms).toBeTypeOf("number");
    } finally {
      await upkeep.stop();
    }
  });

  it("leaves a database analysed before until its next run", async () => {
    await database.db.execute(
      sql`insert into notices (title, about) select 'More ' || g, 'About it' from generate_series(1, 100) g`,
    );
    const lines: Line[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const upkeep = startDatabaseUpkeep(database, logger, { firstAfterMs: 20, everyMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await upkeep.stop();
    expect(lines).toEqual([]);
    expect(await plannerKnows()).toBe(500);
  });

  it("leaves PostgreSQL to its autovacuum", async () => {
    let statements = 0;
    const postgresLike = {
      kind: "postgres" as const,
      db: {
        execute: async () => {
          statements++;
        },
      } as unknown as DatabaseHandle["db"],
    };
    const upkeep = startDatabaseUpkeep(postgresLike, pino({ level: "silent" }), {
      firstAfterMs: 0,
      everyMs: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await upkeep.stop();
    expect(statements).toBe(0);
  });
});
