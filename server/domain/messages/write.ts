// Messages to guardians from the dashboard (docs/messages.md): what a message would cost before it
// is sent (its parts, the guardians, texts and e-mails, the gateway's balance), sending it (each
// guardian's number and address queued once), the messages written and each recipient's state,
// and a guardian's own opt-out of texts.
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import type {
  GuardianTextsInput,
  MessageInput,
  RecipientState,
  TextLanguage,
} from "../../../common/schemas/guardian-messages";
import { type SmsEncoding, smsLengthOf } from "../../../common/sms-segments";
import type { Database } from "../../db/client";
import { guardianMessages, messageRecipients, registerGuardians, users } from "../../db/schema";
import type { SmsGateway } from "../../sms/gateway";
import { type Actor, requireRole, requireUser, type SignedInActor } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import { type AudienceGuardian, guardiansOf } from "./audience";
import { type QueuedRecipient, queueMessage } from "./queue";

export type MessagePreview = {
  guardians: number;
  texts: number;
  emails: number;
  segments: number;
  encoding: SmsEncoding;
  characters: number;
  gateway: string;
  /** The gateway's balance as it writes it, or null when it does not tell. */
  balance: string | null;
};

/** The addresses a message goes to: one text per number, one e-mail per address. */
function addressesOf(guardians: AudienceGuardian[], input: MessageInput): QueuedRecipient[] {
  const byText = input.channel !== "email";
  const byMail = input.channel !== "sms";
  const seen = new Set<string>();
  const out: QueuedRecipient[] = [];
  for (const g of guardians) {
    if (byText && g.phone && !g.textsOptOut && !seen.has(g.phone)) {
      seen.add(g.phone);
      out.push({
        channel: "sms",
        address: g.phone,
        language: "bn",
        body: input.text,
        registerGuardianId: g.guardianId,
      });
    }
    const email = g.email?.toLowerCase();
    if (byMail && email && !seen.has(email)) {
      seen.add(email);
      out.push({
        channel: "email",
        address: email,
        language: "bn",
        body: input.text,
        registerGuardianId: g.guardianId,
      });
    }
  }
  return out;
}

const describe = (input: MessageInput) =>
  input.audience.kind === "everyone"
    ? "everyone"
    : input.audience.kind === "dues"
      ? "children with fee dues"
      : input.audience.kind === "class"
        ? input.audience.class
        : input.audience.kind === "section"
          ? `${input.audience.class} ${input.audience.section}`
          : `${input.audience.children.length} children`;

async function plan(db: Database, actor: SignedInActor, input: MessageInput, gateway: SmsGateway) {
  const guardians = await guardiansOf(db, actor, input.audience);
  const recipients = addressesOf(guardians, input);
  const length = smsLengthOf(input.text);
  const texts = recipients.filter((r) => r.channel === "sms").length;
  const preview: Omit<MessagePreview, "balance"> = {
    guardians: new Set(guardians.map((g) => g.guardianId)).size,
    texts,
    emails: recipients.length - texts,
    segments: length.segments,
    encoding: length.encoding,
    characters: length.characters,
    gateway: gateway.name,
  };
  return { recipients, preview };
}

/** What the message would take, before it is sent. Admins, and teachers for their classes. */
export async function previewMessage(
  db: Database,
  actor: Actor,
  input: MessageInput,
  gateway: SmsGateway,
): Promise<MessagePreview> {
  const user = requireRole(actor, "teacher");
  const { preview } = await plan(db, user, input, gateway);
  const balance = input.channel === "email" ? null : await gateway.balance().catch(() => null);
  return { ...preview, balance };
}

/** Queues the message for every guardian it reaches; the queue sends it (server/messages/). */
export async function sendMessage(
  db: Database,
  actor: Actor,
  input: MessageInput,
  gateway: SmsGateway,
): Promise<MessagePreview & { id: string }> {
  const user = requireRole(actor, "teacher");
  const { recipients, preview } = await plan(db, user, input, gateway);
  if (recipients.length === 0) throw new DomainError("invalid", problem("messages.noRecipients"));
  const { messageId } = await queueMessage(
    db,
    { authorId: user.id, text: input.text, channel: input.channel, audience: describe(input) },
    recipients,
  );
  if (!messageId) throw new Error("the message was not queued");
  return { ...preview, balance: null, id: messageId };
}

export type MessageSummary = {
  id: string;
  text: string;
  channel: "sms" | "email" | "both";
  audience: string;
  author: string | null;
  createdAt: Date;
  states: Partial<Record<RecipientState, number>>;
};

/** The messages written, newest first: every message for an admin, a teacher's own for them. */
export async function listMessages(db: Database, actor: Actor, limit = 50): Promise<MessageSummary[]> {
  const user = requireRole(actor, "teacher");
  const rows = await db
    .select({
      id: guardianMessages.id,
      text: guardianMessages.text,
      channel: guardianMessages.channel,
      audience: guardianMessages.audience,
      author: users.name,
      createdAt: guardianMessages.createdAt,
    })
    .from(guardianMessages)
    .leftJoin(users, eq(users.id, guardianMessages.authorId))
    .where(user.isAdmin ? undefined : eq(guardianMessages.authorId, user.id))
    .orderBy(desc(guardianMessages.createdAt), desc(guardianMessages.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const counts = await db
    .select({ messageId: messageRecipients.messageId, state: messageRecipients.state, n: count() })
    .from(messageRecipients)
    .where(
      inArray(
        messageRecipients.messageId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(messageRecipients.messageId, messageRecipients.state);
  return rows.map((row) => ({
    ...row,
    states: Object.fromEntries(
      counts.filter((c) => c.messageId === row.id).map((c) => [c.state, Number(c.n)]),
    ),
  }));
}

export type RecipientView = {
  channel: "sms" | "email";
  address: string;
  state: RecipientState;
  reason: string | null;
  attempts: number;
  updatedAt: Date;
};

/** One message's recipients and their states: its author's, or any for an admin. */
export async function recipientsOf(db: Database, actor: Actor, messageId: string): Promise<RecipientView[]> {
  const user = requireRole(actor, "teacher");
  const [message] = await db
    .select({ authorId: guardianMessages.authorId })
    .from(guardianMessages)
    .where(eq(guardianMessages.id, messageId))
    .limit(1);
  if (!message || (!user.isAdmin && message.authorId !== user.id)) throw notFound("message");
  return db
    .select({
      channel: messageRecipients.channel,
      address: messageRecipients.address,
      state: messageRecipients.state,
      reason: messageRecipients.reason,
      attempts: messageRecipients.attempts,
      updatedAt: messageRecipients.updatedAt,
    })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId))
    .orderBy(asc(messageRecipients.channel), asc(messageRecipients.address))
    .limit(5000);
}

/**
 * A guardian's texts from the school stopped (or started again), or their language changed: by
 * the guardian linked to this row of the register, or an admin. Absence texts and messages leave
 * out a guardian who opted out; the school's own texts are in the language chosen here.
 */
export async function setGuardianTexts(
  db: Database,
  actor: Actor,
  guardianId: string,
  choice: GuardianTextsInput,
): Promise<{ optOut: boolean; language: TextLanguage }> {
  const user = requireUser(actor);
  const [row] = await db
    .select({ userId: registerGuardians.userId })
    .from(registerGuardians)
    .where(eq(registerGuardians.id, guardianId))
    .limit(1);
  if (!row) throw notFound("guardian");
  if (!user.isAdmin && row.userId !== user.id) throw new DomainError("forbidden", problem("auth.roleOnly"));
  const [saved] = await db
    .update(registerGuardians)
    .set({
      ...(choice.optOut !== undefined ? { textsOptOut: choice.optOut } : {}),
      ...(choice.language !== undefined ? { textsLanguage: choice.language } : {}),
    })
    .where(eq(registerGuardians.id, guardianId))
    .returning({ optOut: registerGuardians.textsOptOut, language: registerGuardians.textsLanguage });
  if (!saved) throw notFound("guardian");
  return saved;
}

/** The account's rows as a guardian on the register: each child's, with their texts' choices. */
export async function myTextChoices(
  db: Database,
  actor: Actor,
): Promise<{ childId: string; guardianId: string; optOut: boolean; language: TextLanguage }[]> {
  const user = requireUser(actor);
  return db
    .select({
      childId: registerGuardians.registerStudentId,
      guardianId: registerGuardians.id,
      optOut: registerGuardians.textsOptOut,
      language: registerGuardians.textsLanguage,
    })
    .from(registerGuardians)
    .where(eq(registerGuardians.userId, user.id));
}

/**
 * A message's recipients in the state "unknown" (the server stopped while sending to them: the
 * gateway may have their text) queued again, by an admin who checked the gateway's own report
 * and found they did not get it. Never by itself: sending again is the admin's decision, in the
 * audit trail. Answers how many were queued.
 */
export async function sendUnknownAgain(
  db: Database,
  actor: Actor,
  messageId: string,
): Promise<{ queued: number }> {
  const admin = requireRole(actor, "admin");
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ text: guardianMessages.text })
      .from(guardianMessages)
      .where(eq(guardianMessages.id, messageId))
      .limit(1);
    if (!message) throw notFound("message");
    const queued = await tx
      .update(messageRecipients)
      .set({ state: "queued", reason: null, nextAttemptAt: new Date() })
      .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.state, "unknown")))
      .returning({ id: messageRecipients.id });
    if (queued.length > 0) {
      await recordAudit(tx, admin, {
        action: "update",
        subject: "message",
        subjectId: messageId,
        label: `Sent again to ${queued.length} recipient(s) whose state was unknown: ${message.text.slice(0, 80)}`,
      });
    }
    return { queued: queued.length };
  });
}
