// The embedded database has no autovacuum: nothing gathers the statistics the planner picks
// indexes by, nor marks pages all-visible for index-only scans, so a list's plan grew with its
// table (2,000 students: the newest 20 approved ones sorted every approved row, 3.4 ms, against
// 1.1 ms through the partial index once analysed). So each process on the embedded database runs
// VACUUM (ANALYZE) soon after it starts and then every few hours: about 0.4 s for ten times the
// sample content, during which other queries wait. PostgreSQL's autovacuum does this itself.
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DatabaseHandle } from "./client";

/** Soon after start, once the first visitors' pages are served. */
const firstAfterMs = 10_000;
const everyMs = 6 * 60 * 60 * 1000;

export async function vacuumAndAnalyze(database: Pick<DatabaseHandle, "db">): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`);
}

export function startDatabaseUpkeep(
  database: Pick<DatabaseHandle, "db" | "kind">,
  logger: Logger,
  timing = { firstAfterMs, everyMs },
) {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const started = performance.now();
    running = vacuumAndAnalyze(database)
      .then(() =>
        logger.info({ ms: Math.round(performance.now() - started) }, "database vacuumed and analysed"),
      )
      .catch((error: unknown) => logger.error({ err: error }, "database upkeep failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, timing.firstAfterMs);
  const every = setInterval(run, timing.everyMs);
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
