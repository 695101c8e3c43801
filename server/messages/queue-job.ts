// Runs the message queue's sender (send-queue.ts) inside the app every few seconds, never inside
// a page request. Several app processes on one PostgreSQL database take turns through an advisory
// try-lock, so one process sends each recipient; a PGlite folder has one process by construction.
import type { Services } from "../container";
import { type QueueDeps, type QueueReport, runMessageQueue } from "./send-queue";
import { mailSubject } from "./texts";

const everyMs = 5_000;

/** The sender's needs from the services. */
export const queueDeps = (services: Services, stopping: () => boolean = () => false): QueueDeps => ({
  db: services.db,
  gateway: services.smsGateway,
  mail: services.mail,
  logger: services.logger,
  perSecond: services.config.smsRatePerSecond,
  subject: (language) => mailSubject(language, services.config.instituteName),
  stopping,
});

export function startMessageQueue(services: Services, intervalMs = everyMs) {
  let running: Promise<unknown> | null = null;
  let stopping = false;
  const tick = () => {
    if (running || stopping) return;
    running = services.database
      .tryExclusive("maktab message queue", () => runMessageQueue(queueDeps(services, () => stopping)))
      .then((report: QueueReport | undefined) => {
        if (report && Object.values(report).some((n) => n > 0))
          services.logger.info(report, "message queue ran");
      })
      .catch((error: unknown) => services.logger.error({ err: error }, "the message queue failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Runs the sender now (a message was just queued) unless it is running. */
    nudge: tick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
