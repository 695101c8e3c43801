// Runs the absence texts (server/domain/messages/absence-texts.ts) inside the app every minute,
// never inside a page request, under an advisory try-lock so two app processes on one PostgreSQL
// database do not both queue (the dedupe keys make it safe anyway). Queued texts are sent by the
// message queue (queue-job.ts), which is nudged when there are some.
import type { Services } from "../container";
import { queueAbsenceTexts } from "../domain/messages/absence-texts";

const everyMs = 60_000;

export function startAbsenceTexts(
  services: Services,
  nudgeQueue: () => void = () => {},
  intervalMs = everyMs,
) {
  let running: Promise<unknown> | null = null;
  let stopping = false;
  const tick = () => {
    if (running || stopping) return;
    running = services.database
      .tryExclusive("maktab absence texts", () => queueAbsenceTexts(services.db))
      .then((report) => {
        if (report && report.queued > 0) {
          services.logger.info(report, "absence texts queued");
          nudgeQueue();
        }
      })
      .catch((error: unknown) => services.logger.error({ err: error }, "the absence texts failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
