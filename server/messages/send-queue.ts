// One run of the message queue's sender (docs/messages.md): rows cut off mid-send by a stopped
// server become "unknown"; then due recipients are claimed a few at a time (committed as
// "sending" before the gateway is called) and sent no faster than the configured texts a second;
// then sent texts' delivery reports are asked for. The caller makes sure one sender runs at a
// time (queue-job.ts: an advisory lock on PostgreSQL, one process on PGlite).
import type { Logger } from "pino";
import type { Database } from "../db/client";
import {
  applyDeliveryReport,
  awaitingReports,
  type ClaimedRecipient,
  claimDue,
  markInterrupted,
  maxAttempts,
  type Outcome,
  recordOutcome,
} from "../domain/messages/queue";
import type { Mailer } from "../mail/mailer";
import type { SmsGateway } from "../sms/gateway";

export type QueueDeps = {
  db: Database;
  gateway: SmsGateway;
  mail: Mailer;
  logger: Logger;
  /** Texts a second at most. */
  perSecond: number;
  /** The e-mails' subject. */
  subject: (language: "en" | "bn") => string;
  /** Asked between sends: the server is stopping, the rest waits for the next run. */
  stopping?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
};

export type QueueReport = {
  sent: number;
  failed: number;
  retried: number;
  unknown: number;
  interrupted: number;
  reported: number;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function sendOne(deps: QueueDeps, row: ClaimedRecipient): Promise<Outcome> {
  try {
    if (row.channel === "email") {
      await deps.mail.send({ to: row.address, subject: deps.subject(row.language), text: row.body });
      return { kind: "sent", gatewayId: null, delivered: false };
    }
    return await deps.gateway.send({ to: row.address, text: row.body });
  } catch (error) {
    // Whatever went wrong after the row was claimed, the text may have left: never again.
    deps.logger.error({ err: error, recipient: row.id }, "a message could not be sent");
    return { kind: "unknown", reason: "the send failed part way" };
  }
}

export async function runMessageQueue(deps: QueueDeps): Promise<QueueReport> {
  const report: QueueReport = { sent: 0, failed: 0, retried: 0, unknown: 0, interrupted: 0, reported: 0 };
  const sleep = deps.sleep ?? pause;
  report.interrupted = await markInterrupted(deps.db);
  if (report.interrupted > 0) {
    deps.logger.warn(
      { recipients: report.interrupted },
      "texts cut off mid-send are marked unknown, not sent again",
    );
  }
  const spacingMs = 1000 / deps.perSecond;
  // A claim is about a second's worth: a stop leaves few rows "sending".
  const batch = Math.max(1, Math.min(100, Math.ceil(deps.perSecond)));
  // Texts leave at the gateway's pace without waiting for the one before to be answered (a
  // gateway that takes 20 ms to answer would otherwise cap 200 a second at 50); at most a claim's
  // worth is in flight (those rows are "sending": the next claim passes them by). The schedule moves by whole spacings, so a timer that wakes a little late
  // is made up by the next send, and after a stall it catches up at most a tenth of a second.
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const send = async (row: ClaimedRecipient) => {
    const outcome = await sendOne(deps, row);
    await recordOutcome(deps.db, row, outcome);
    if (outcome.kind === "sent") report.sent += 1;
    else if (outcome.kind === "unknown") report.unknown += 1;
    else if (outcome.kind === "temporary" && row.attempts < maxAttempts) report.retried += 1;
    else report.failed += 1;
  };
  let nextAt = Date.now();
  try {
    while (!deps.stopping?.() && failure === null) {
      const claimed = await claimDue(deps.db, batch);
      if (claimed.length === 0) break;
      for (const row of claimed) {
        const wait = nextAt - Date.now();
        if (wait >= 1) await sleep(wait);
        nextAt = Math.max(nextAt, Date.now() - 100) + spacingMs;
        while (inFlight.size >= batch) await Promise.race(inFlight);
        const task: Promise<void> = send(row)
          .catch((error: unknown) => {
            // The row stays "sending": the next run marks it unknown, never sends it again.
            failure ??= error;
          })
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
    }
  } finally {
    // Even when a claim fails: the run ends only when its texts are answered, so the next run
    // never takes one still on its way for one cut off.
    await Promise.all(inFlight);
  }
  if (failure !== null) throw failure;
  report.reported = await askForReports(deps);
  return report;
}

/** Delivery reports of texts sent a while ago: delivered or failed, as the gateway says. */
async function askForReports(deps: QueueDeps): Promise<number> {
  let changed = 0;
  for (const row of await awaitingReports(deps.db, 50)) {
    if (deps.stopping?.() || !row.gatewayId) break;
    const found = await deps.gateway.report(row.gatewayId).catch(() => null);
    if (!found) continue;
    await applyDeliveryReport(deps.db, row.id, found);
    if (found.state !== "sent") changed += 1;
  }
  return changed;
}
