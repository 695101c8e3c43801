// How many database queries a request made, for the bench (BENCH_COUNTERS, server/config.ts):
// every query drizzle sends goes through its logger, on both databases, so counting there counts
// them all (transactions' BEGIN and COMMIT aside). The count lives in the request's async context;
// outside one (start-up, scheduled jobs), or with the counters off, nothing is counted. The
// process's total is counted always, for /metrics (server/metrics/metrics.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

export type QueryCount = { queries: number };

const counts = new AsyncLocalStorage<QueryCount>();

/** Every statement this process sent, whatever the context. */
export const queriesSent = { total: 0 };

/** Runs `work` with a count of its queries, read from `count` as it goes and when it is done. */
export function countingQueries<T>(count: QueryCount, work: () => T): T {
  return counts.run(count, work);
}

/** drizzle's logger: one more query for the request in whose context it is sent. */
export const queryCounter: Logger = {
  logQuery() {
    queriesSent.total++;
    const count = counts.getStore();
    if (count) count.queries++;
  },
};
