// The embedded database has no autovacuum: nothing gathers the statistics the planner picks
// indexes by, nor marks pages all-visible for index-only scans, so a list's plan grew with its
// table (2,000 students: the newest 20 approved ones sorted every approved row, 3.4 ms, against
// 1.1 ms through the partial index once analysed). So a process on the embedded database runs
// VACUUM (ANALYZE) every few hours (about 0.4 s for ten times the sample content, during which
// other queries wait), and soon after it starts when a table has never been analysed (a new
// database, or one that a version without this upkeep ran). A restore runs it at its end.
// PostgreSQL's autovacuum does this itself.
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DatabaseHandle } from "./client";

/** Soon after start, once the first visitors' pages are served. */
const firstAfterMs = 10_000;
const everyMs = 6 * 60 * 60 * 1000;

export async function vacuumAndAnalyze(database: Pick<DatabaseHandle, "db">): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`);
}

/** Whether a table of ours has never been analysed (the planner does not know its size). */
async function neverAnalysed(database: Pick<DatabaseHandle, "db">): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0) > 0;
}

export function startDatabaseUpkeep(
  database: Pick<DatabaseHandle, "db" | "kind">,
  logger: Logger,
  timing = { firstAfterMs, everyMs },
) {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const run = (onlyIfNeeded = false) => {
    if (running) return;
    const started = performance.now();
    running = (async () => {
      if (onlyIfNeeded && !(await neverAnalysed(database))) return;
      await vacuumAndAnalyze(database);
      logger.info({ ms: Math.round(performance.now() - started) }, "database vacuumed and analysed");
    })()
      .catch((error: unknown) => logger.error({ err: error }, "database upkeep failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(() => run(true), timing.firstAfterMs);
  const every = setInterval(() => run(), timing.everyMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
