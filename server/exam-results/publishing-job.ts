// Results published at a set time: pages and answers kept before that time do not list them, and
// nothing else changes at that moment to empty the page cache. So every half minute each process
// asks whether an exam's publish time has come since it last asked, and if so starts a new
// content generation (shared through PostgreSQL or Redis, like any change).
import { and, gt, lte, sql } from "drizzle-orm";
import type { Services } from "../container";
import { exams } from "../db/schema";

const everyMs = 30_000;

/** Whether an exam's publish time fell in (since, now]; if so, the page cache starts afresh. */
export async function publishDueExams(
  services: Pick<Services, "db" | "pageCache">,
  since: Date,
  now = new Date(),
) {
  const [due] = await services.db
    .select({ n: sql<number>`count(*)` })
    .from(exams)
    .where(and(gt(exams.publishAt, since), lte(exams.publishAt, now)));
  if (Number(due?.n ?? 0) === 0) return false;
  await services.pageCache.invalidate();
  return true;
}

export function startScheduledPublishing(services: Services, intervalMs = everyMs) {
  // From the start of time: a publish time passed while no process ran is caught at the first run.
  let since = new Date(0);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    const now = new Date();
    running = publishDueExams(services, since, now)
      .then(() => {
        since = now;
      })
      .catch((error: unknown) => services.logger.error({ err: error }, "scheduled publishing check failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
