// Runs the reconciliation (server/domain/reconciliation.ts) every minute inside the app. Several
// app processes on one PostgreSQL database take turns through an advisory try-lock, so each order
// is asked about by one of them; a PGlite folder has one process by construction (folder-lock.ts).

import type { Services } from "../container";
import { reconcilePayments } from "../domain/reconciliation";

const everyMs = 60_000;

export function startReconciliation(services: Services, intervalMs = everyMs) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = services.database
      .tryExclusive("maktab reconciliation", () => reconcilePayments(services))
      .then((report) => {
        if (report && (report.paid > 0 || report.expired > 0)) {
          services.logger.info(report, "payments reconciled");
        }
      })
      .catch((error: unknown) => services.logger.error({ err: error }, "reconciliation failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // The process may stop while waiting for the next run.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
