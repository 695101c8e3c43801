// The message queue in the database (docs/messages.md): a message and one row per recipient,
// queued; the sender (server/messages/send-queue.ts) claims due rows, marking them "sending" in a
// committed transaction before it calls the gateway, then records what the gateway answered. A
// row found "sending" when no one is sending was cut off mid-send (the server stopped): it becomes
// "unknown" and is never sent again, so no one gets the same text twice.
import { and, asc, eq, gt, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { MessageChannel } from "../../../common/schemas/guardian-messages";
import type { Locale } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import { guardianMessages, messageRecipients } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";

export type QueuedRecipient = {
  channel: "sms" | "email";
  /** +8801XXXXXXXXX, or an e-mail address. */
  address: string;
  language: Locale;
  /** The text as this recipient gets it. */
  body: string;
  registerGuardianId?: string | null;
  /** Queued once whoever asks again: "absence:<studentId>:<guardianId>:<date>". */
  dedupeKey?: string;
};

export type NewMessage = {
  authorId: string | null;
  text: string;
  channel: MessageChannel;
  audience: string;
};

/** Stores a message and queues its recipients; a recipient whose dedupe key is known is left out. */
export async function queueMessage(
  db: Database,
  message: NewMessage,
  recipients: QueuedRecipient[],
): Promise<{ messageId: string | null; queued: number }> {
  return db.transaction(async (tx) => {
    const [made] = await tx.insert(guardianMessages).values(message).returning({ id: guardianMessages.id });
    if (!made) throw new Error("the message was not stored");
    let queued = 0;
    // In slices, so a school's thousands of guardians stay within a statement's parameters.
    for (let start = 0; start < recipients.length; start += 500) {
      const rows = await tx
        .insert(messageRecipients)
        .values(
          recipients.slice(start, start + 500).map((r) => ({
            messageId: made.id,
            channel: r.channel,
            address: r.address,
            language: r.language,
            body: r.body,
            registerGuardianId: r.registerGuardianId ?? null,
            dedupeKey: r.dedupeKey ?? null,
          })),
        )
        .onConflictDoNothing({ target: messageRecipients.dedupeKey })
        .returning({ id: messageRecipients.id });
      queued += rows.length;
    }
    // Every text already queued under its key: nothing new to keep.
    if (queued === 0 && recipients.length > 0) {
      await tx.delete(guardianMessages).where(eq(guardianMessages.id, made.id));
      return { messageId: null, queued };
    }
    return { messageId: made.id, queued };
  });
}

export type QueuedText = {
  /** +8801XXXXXXXXX. */
  to: string;
  text: string;
  language: Locale;
  /** Queued once: a second call with the same key queues nothing ("absence:<studentId>:<guardianId>:<date>"). */
  dedupeKey: string;
  registerGuardianId?: string | null;
};

/**
 * Texts the school sends by itself (absence texts, results by text), each under its dedupe key:
 * the same key never queues twice. `about` names them for the messages page ("absence texts").
 */
export async function enqueueTexts(
  db: Database,
  about: string,
  texts: QueuedText[],
): Promise<{ queued: number }> {
  if (texts.length === 0) return { queued: 0 };
  const { queued } = await queueMessage(
    db,
    { authorId: null, text: texts[0]?.text ?? "", channel: "sms", audience: about },
    texts.map((t) => ({
      channel: "sms",
      address: t.to,
      language: t.language,
      body: t.text,
      dedupeKey: t.dedupeKey,
      registerGuardianId: t.registerGuardianId ?? null,
    })),
  );
  return { queued };
}

export type ClaimedRecipient = typeof messageRecipients.$inferSelect;

/**
 * Claims up to `limit` due recipients for this sender: marked "sending" and committed before any
 * is sent. Rows another sender holds are skipped (FOR UPDATE SKIP LOCKED).
 */
export async function claimDue(db: Database, limit: number, now = new Date()): Promise<ClaimedRecipient[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messageRecipients.id })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.state, "queued"), lte(messageRecipients.nextAttemptAt, now)))
      .orderBy(asc(messageRecipients.nextAttemptAt), asc(messageRecipients.createdAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(messageRecipients)
      .set({ state: "sending", attempts: sql`${messageRecipients.attempts} + 1` })
      .where(
        inArray(
          messageRecipients.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
  });
}

/**
 * Rows left "sending" by a sender that stopped mid-send (called only by the one sender, before it
 * claims): the gateway may have them, so they become "unknown" and are never sent again.
 */
export async function markInterrupted(db: DatabaseOrTransaction): Promise<number> {
  const rows = await db
    .update(messageRecipients)
    .set({ state: "unknown", reason: "interrupted: the server stopped while sending" })
    .where(eq(messageRecipients.state, "sending"))
    .returning({ id: messageRecipients.id });
  return rows.length;
}

/** Tries before a temporary failure counts as a failure. */
export const maxAttempts = 6;
const firstRetryMs = 30_000;
const longestWaitMs = 60 * 60_000;

/** The wait before try `attempts + 1`: 30 s, 1 min, 2 min, ... at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(longestWaitMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));

export type Outcome =
  | { kind: "sent"; gatewayId: string | null; delivered?: boolean }
  | { kind: "temporary"; reason: string }
  | { kind: "permanent"; reason: string }
  | { kind: "unknown"; reason: string };

/** Records what the gateway said about one claimed recipient. */
export async function recordOutcome(
  db: DatabaseOrTransaction,
  row: Pick<ClaimedRecipient, "id" | "attempts">,
  outcome: Outcome,
  now = new Date(),
): Promise<void> {
  const where = and(eq(messageRecipients.id, row.id), eq(messageRecipients.state, "sending"));
  if (outcome.kind === "sent") {
    await db
      .update(messageRecipients)
      .set({
        state: outcome.delivered ? "delivered" : "sent",
        gatewayId: outcome.gatewayId,
        reason: null,
        sentAt: now,
      })
      .where(where);
  } else if (outcome.kind === "temporary" && row.attempts < maxAttempts) {
    await db
      .update(messageRecipients)
      .set({
        state: "queued",
        reason: outcome.reason.slice(0, 300),
        nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
      })
      .where(where);
  } else {
    await db
      .update(messageRecipients)
      .set({ state: outcome.kind === "unknown" ? "unknown" : "failed", reason: outcome.reason.slice(0, 300) })
      .where(where);
  }
}

/** Sent texts whose delivery report is worth asking for: sent in the last two days, not asked for a minute. */
export async function awaitingReports(db: Database, limit: number, now = new Date()) {
  return db
    .select({ id: messageRecipients.id, gatewayId: messageRecipients.gatewayId })
    .from(messageRecipients)
    .where(
      and(
        eq(messageRecipients.state, "sent"),
        eq(messageRecipients.channel, "sms"),
        isNotNull(messageRecipients.gatewayId),
        gt(messageRecipients.sentAt, new Date(now.getTime() - 2 * 24 * 60 * 60_000)),
        lt(messageRecipients.updatedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(asc(messageRecipients.updatedAt))
    .limit(limit);
}

/** A delivery report: the recipient's state moves from "sent" to delivered or failed. */
export async function applyDeliveryReport(
  db: DatabaseOrTransaction,
  id: string,
  report: { state: "sent" | "delivered" | "failed"; reason: string | null },
): Promise<void> {
  await db
    .update(messageRecipients)
    .set(report.state === "sent" ? { updatedAt: new Date() } : { state: report.state, reason: report.reason })
    .where(and(eq(messageRecipients.id, id), eq(messageRecipients.state, "sent")));
}

/**
 * A delivery report a gateway sends by itself (the JSON gateway's webhook), naming the text by
 * the gateway's id: its recipients still "sent" become delivered or failed. How many changed.
 */
export async function applyGatewayReport(
  db: DatabaseOrTransaction,
  gatewayId: string,
  report: { state: "delivered" | "failed"; reason: string | null },
): Promise<number> {
  const rows = await db
    .update(messageRecipients)
    .set({ state: report.state, reason: report.reason?.slice(0, 300) ?? null })
    .where(and(eq(messageRecipients.gatewayId, gatewayId), eq(messageRecipients.state, "sent")))
    .returning({ id: messageRecipients.id });
  return rows.length;
}
