// The dashboard inbox (admins only): the contact section's messages in the folders inbox,
// important (starred) and trash, and the mail admins write, in sent and drafts. Sending goes
// through the mailer (SMTP, or .eml files in the outbox); a message that fails to go out stays a
// draft, so nothing typed is lost.

import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { z } from "zod";
import { englishOf } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import {
  type DraftInput,
  draftInput,
  type InboxFolder,
  type MessageChange,
  outgoingInput,
  replyInput,
} from "../../common/schemas/inbox";
import type { LabelCode } from "../../i18n/errors/labels";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { likePattern } from "../db/like";
import { contactMessages, outgoingMessages, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type Actor, requireAdmin, type SignedInActor } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";

export type InboxContext = { db: Database; mail: Mailer; config: Pick<Config, "publicUrl"> };

/** A row of a folder: a received message, or mail written here (sent or draft). */
export type InboxListItem = {
  id: string;
  kind: "received" | "sent" | "draft";
  /** The sender's name for a received message; null for mail written here. */
  name: string | null;
  /** The sender of a received message, the recipient of mail written here. */
  email: string;
  /** Null for a received message (the contact form has no subject). */
  subject: string | null;
  /** The start of the text, on one line. */
  preview: string;
  /** Received, sent or last saved. */
  date: string;
  unread: boolean;
  starred: boolean;
  inTrash: boolean;
};

export type ReceivedMessage = {
  id: string;
  kind: "received";
  name: string;
  email: string;
  message: string;
  date: string;
  readAt: string | null;
  starred: boolean;
  folder: "inbox" | "trash";
  /** Mail written here in answer, oldest first. */
  replies: { id: string; status: "sent" | "draft"; subject: string; date: string }[];
};

export type WrittenMessage = {
  id: string;
  kind: "sent" | "draft";
  to: string;
  subject: string;
  body: string;
  inReplyTo: string | null;
  author: { name: string; email: string } | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type InboxMessage = ReceivedMessage | WrittenMessage;

export type FolderCount = { total: number; unread: number };
export type InboxCounts = Record<InboxFolder, FolderCount>;

export type ChangeAnswer = { acknowledged: true; matchedCount: number; modifiedCount: number };
export type DeleteAnswer = { acknowledged: true; deletedCount: number };
export type WriteAnswer = { acknowledged: true; insertedId: string; status: "sent" | "draft" };

/** Sending failed; what was written is kept as the draft `draftId`. */
export class MailSendError extends Error {
  readonly problem: Problem;
  constructor(
    readonly draftId: string,
    readonly reason: string,
  ) {
    const found = problem("mail.sendFailed", { reason });
    super(englishOf(found));
    this.problem = found;
    this.name = "MailSendError";
  }
}

const messageNotFound = () => notFound("message");
const isId = (id: string) => z.uuid().safeParse(id).success;

const oneLine = (text: string, length = 140) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
};

const parse = <S extends z.ZodType>(schema: S, input: unknown, what: LabelCode): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new DomainError("invalid", problem("record.invalid", { what }), fieldProblemsOf(parsed.error));
  return parsed.data;
};

// --- reading ---------------------------------------------------------------------------------

const receivedIn = (folder: "inbox" | "important" | "trash"): SQL | undefined =>
  folder === "trash"
    ? eq(contactMessages.folder, "trash")
    : folder === "important"
      ? and(ne(contactMessages.folder, "trash"), eq(contactMessages.starred, true))
      : ne(contactMessages.folder, "trash");

export type FolderQuery = { folder: InboxFolder; q?: string; limit?: number; offset?: number };

/** One folder, newest first, with the total for paging. q is a case-insensitive contains. */
export async function listFolder(
  db: Database,
  actor: Actor,
  query: FolderQuery,
): Promise<{ items: InboxListItem[]; total: number }> {
  requireAdmin(actor);
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const q = query.q?.trim() ? likePattern(query.q.trim()) : undefined;

  if (query.folder === "sent" || query.folder === "drafts") {
    const status = query.folder === "sent" ? "sent" : "draft";
    const where = and(
      eq(outgoingMessages.status, status),
      q
        ? or(
            ilike(outgoingMessages.to, q),
            ilike(outgoingMessages.subject, q),
            ilike(outgoingMessages.body, q),
          )
        : undefined,
    );
    const dateColumn = status === "sent" ? outgoingMessages.sentAt : outgoingMessages.updatedAt;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(outgoingMessages)
        .where(where)
        .orderBy(desc(dateColumn), desc(outgoingMessages.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(outgoingMessages).where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.status,
        name: null,
        email: row.to,
        subject: row.subject,
        preview: oneLine(row.body),
        date: (row.status === "sent" ? (row.sentAt ?? row.updatedAt) : row.updatedAt).toISOString(),
        unread: false,
        starred: false,
        inTrash: false,
      })),
      total: counted?.n ?? 0,
    };
  }

  const where = and(
    receivedIn(query.folder),
    q
      ? or(ilike(contactMessages.name, q), ilike(contactMessages.email, q), ilike(contactMessages.message, q))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { items: rows.map(receivedItem), total: counted?.n ?? 0 };
}

function receivedItem(row: typeof contactMessages.$inferSelect): InboxListItem {
  return {
    id: row.id,
    kind: "received",
    name: row.name,
    email: row.email,
    subject: null,
    preview: oneLine(row.message),
    date: row.createdAt.toISOString(),
    unread: row.readAt === null,
    starred: row.starred,
    inTrash: row.folder === "trash",
  };
}

/** Every folder's total and unread count, in one round trip per table. */
export async function folderCounts(db: Database, actor: Actor): Promise<InboxCounts> {
  requireAdmin(actor);
  const unread = sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number);
  const [[inbox], [important], [trash], written] = await Promise.all([
    db.select({ total: count(), unread }).from(contactMessages).where(receivedIn("inbox")),
    db.select({ total: count(), unread }).from(contactMessages).where(receivedIn("important")),
    db.select({ total: count(), unread }).from(contactMessages).where(receivedIn("trash")),
    db
      .select({ status: outgoingMessages.status, total: count() })
      .from(outgoingMessages)
      .groupBy(outgoingMessages.status),
  ]);
  const writtenTotal = (status: string) => written.find((row) => row.status === status)?.total ?? 0;
  const none = { total: 0, unread: 0 };
  return {
    inbox: inbox ?? none,
    important: important ?? none,
    sent: { total: writtenTotal("sent"), unread: 0 },
    drafts: { total: writtenTotal("draft"), unread: 0 },
    trash: trash ?? none,
  };
}

/** The newest unread messages outside the trash, for the header's message list. */
export async function latestUnread(
  db: Database,
  actor: Actor,
  limit = 5,
): Promise<{ items: InboxListItem[]; total: number }> {
  requireAdmin(actor);
  const where = and(receivedIn("inbox"), isNull(contactMessages.readAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { items: rows.map(receivedItem), total: counted?.n ?? 0 };
}

async function findReceived(db: Database, id: string) {
  if (!isId(id)) return undefined;
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

async function findWritten(db: Database, id: string) {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select({ message: outgoingMessages, authorName: users.name, authorEmail: users.email })
    .from(outgoingMessages)
    .leftJoin(users, eq(users.id, outgoingMessages.authorId))
    .where(eq(outgoingMessages.id, id))
    .limit(1);
  return row;
}

/** One message, received or written here, without marking it read. */
export async function getMessage(db: Database, actor: Actor, id: string): Promise<InboxMessage> {
  requireAdmin(actor);
  const received = await findReceived(db, id);
  if (received) {
    const replies = await db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.inReplyTo, received.id))
      .orderBy(outgoingMessages.createdAt);
    return {
      id: received.id,
      kind: "received",
      name: received.name,
      email: received.email,
      message: received.message,
      date: received.createdAt.toISOString(),
      readAt: received.readAt?.toISOString() ?? null,
      starred: received.starred,
      folder: received.folder,
      replies: replies.map((reply) => ({
        id: reply.id,
        status: reply.status,
        subject: reply.subject,
        date: (reply.sentAt ?? reply.updatedAt).toISOString(),
      })),
    };
  }
  const written = await findWritten(db, id);
  if (!written) throw messageNotFound();
  const row = written.message;
  return {
    id: row.id,
    kind: row.status,
    to: row.to,
    subject: row.subject,
    body: row.body,
    inReplyTo: row.inReplyTo,
    author: written.authorEmail ? { name: written.authorName ?? "", email: written.authorEmail } : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Marks a received message read (the first time only); mail written here has no read mark. */
export async function markRead(db: Database, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  if (!isId(id)) return;
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
}

/** Opening a message marks it read, as in any mail program. */
export async function openMessage(db: Database, actor: Actor, id: string): Promise<InboxMessage> {
  await markRead(db, actor, id);
  return getMessage(db, actor, id);
}

// --- changing received messages --------------------------------------------------------------

/** Stars, read marks and the folder (inbox or trash) of received messages. */
export async function changeMessages(
  db: Database,
  actor: Actor,
  ids: string[],
  change: MessageChange,
): Promise<ChangeAnswer> {
  requireAdmin(actor);
  const valid = [...new Set(ids.filter(isId))];
  if (valid.length === 0) return { acknowledged: true, matchedCount: 0, modifiedCount: 0 };
  const values: PgUpdateSetSource<typeof contactMessages> = {};
  const differs: SQL[] = [];
  if (change.starred !== undefined) {
    values.starred = change.starred;
    differs.push(ne(contactMessages.starred, change.starred));
  }
  if (change.folder !== undefined) {
    values.folder = change.folder;
    differs.push(ne(contactMessages.folder, change.folder));
  }
  if (change.read !== undefined) {
    values.readAt = change.read ? sql`coalesce(${contactMessages.readAt}, now())` : null;
    differs.push(change.read ? isNull(contactMessages.readAt) : sql`${contactMessages.readAt} is not null`);
  }
  if (differs.length === 0) throw new DomainError("invalid", problem("inbox.nothingToChange"));
  const matched = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(inArray(contactMessages.id, valid));
  if (matched.length === 0) return { acknowledged: true, matchedCount: 0, modifiedCount: 0 };
  const modified = await db
    .update(contactMessages)
    .set(values)
    .where(and(inArray(contactMessages.id, valid), or(...differs)))
    .returning({ id: contactMessages.id });
  return { acknowledged: true, matchedCount: matched.length, modifiedCount: modified.length };
}

/** One received message's change; 404 when there is no such received message. */
export async function changeMessage(
  db: Database,
  actor: Actor,
  id: string,
  change: MessageChange,
): Promise<ChangeAnswer> {
  requireAdmin(actor);
  if (!(await findReceived(db, id))) throw messageNotFound();
  return changeMessages(db, actor, [id], change);
}

/** Deletes received messages for good: only those already in the trash. */
export async function deleteForever(db: Database, actor: Actor, ids: string[]): Promise<DeleteAnswer> {
  const admin = requireAdmin(actor);
  const valid = [...new Set(ids.filter(isId))];
  if (valid.length === 0) return { acknowledged: true, deletedCount: 0 };
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(contactMessages)
      .where(and(inArray(contactMessages.id, valid), eq(contactMessages.folder, "trash")))
      .returning({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email });
    for (const row of rows) {
      const label = `${row.name} <${row.email}>`;
      await recordAudit(tx, admin, { action: "delete", subject: "message", subjectId: row.id, label });
    }
    return rows;
  });
  return { acknowledged: true, deletedCount: deleted.length };
}

/**
 * DELETE of one message: a received one must be in the trash first; a draft goes at once; sent
 * mail is a record of what went out and stays.
 */
export async function deleteMessage(db: Database, actor: Actor, id: string): Promise<DeleteAnswer> {
  requireAdmin(actor);
  const received = await findReceived(db, id);
  if (received) {
    if (received.folder !== "trash") throw new DomainError("conflict", problem("inbox.trashFirst"));
    return deleteForever(db, actor, [id]);
  }
  const written = await findWritten(db, id);
  if (!written) throw messageNotFound();
  if (written.message.status !== "draft") throw new DomainError("conflict", problem("inbox.sentKept"));
  return deleteDraft(db, actor, id);
}

// --- writing ---------------------------------------------------------------------------------

async function checkRepliedTo(db: Database, inReplyTo: string | undefined) {
  if (inReplyTo && !(await findReceived(db, inReplyTo)))
    throw new DomainError("invalid", problem("record.invalid", { what: "message" }), {
      inReplyTo: problem("inbox.noReceived"),
    });
}

/** "Re: " and the first words of the message answered (the contact form has no subject). */
export function replySubject(message: string): string {
  return `Re: ${oneLine(message, 80)}`;
}

/** The compose form's starting point for a reply: the sender, a subject and the quoted text. */
export async function replyPrefill(db: Database, actor: Actor, id: string): Promise<DraftInput> {
  requireAdmin(actor);
  const received = await findReceived(db, id);
  if (!received) throw messageNotFound();
  const quoted = received.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    to: received.email,
    subject: replySubject(received.message),
    body: `\n\n${received.name} <${received.email}>:\n${quoted}`,
    inReplyTo: received.id,
  };
}

/** Keeps what was written as a new draft. */
export async function saveDraft(db: Database, actor: Actor, input: unknown): Promise<WriteAnswer> {
  const admin = requireAdmin(actor);
  const draft = parse(draftInput, input, "draft");
  await checkRepliedTo(db, draft.inReplyTo);
  const [row] = await db
    .insert(outgoingMessages)
    .values({ ...draft, inReplyTo: draft.inReplyTo ?? null, status: "draft", authorId: admin.id })
    .returning({ id: outgoingMessages.id });
  if (!row) throw new Error("The draft was not stored");
  return { acknowledged: true, insertedId: row.id, status: "draft" };
}

async function findDraft(db: Database, id: string) {
  const written = await findWritten(db, id);
  if (written?.message.status !== "draft") throw notFound("draft");
  return written.message;
}

/** Replaces a draft's fields (a sent message cannot change: 404 as a draft). */
export async function updateDraft(
  db: Database,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<ChangeAnswer> {
  requireAdmin(actor);
  const draft = parse(draftInput, input, "draft");
  const before = await findDraft(db, id);
  await checkRepliedTo(db, draft.inReplyTo);
  const inReplyTo = draft.inReplyTo ?? before.inReplyTo;
  const same =
    before.to === draft.to &&
    before.subject === draft.subject &&
    before.body === draft.body &&
    before.inReplyTo === inReplyTo;
  if (same) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  await db
    .update(outgoingMessages)
    .set({ to: draft.to, subject: draft.subject, body: draft.body, inReplyTo })
    .where(and(eq(outgoingMessages.id, id), eq(outgoingMessages.status, "draft")));
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
}

export async function deleteDraft(db: Database, actor: Actor, id: string): Promise<DeleteAnswer> {
  requireAdmin(actor);
  if (!isId(id)) throw notFound("draft");
  const deleted = await db
    .delete(outgoingMessages)
    .where(and(eq(outgoingMessages.id, id), eq(outgoingMessages.status, "draft")))
    .returning({ id: outgoingMessages.id });
  if (deleted.length === 0) throw notFound("draft");
  return { acknowledged: true, deletedCount: 1 };
}

/**
 * The Message-ID a reply points at. Contact messages came through a form, not by mail, so each
 * gets a stable one made from its id; mail programs then thread every answer to it together.
 */
export function contactMessageId(ctx: InboxContext, id: string): string {
  const domain = new URL(ctx.config.publicUrl).hostname || "localhost";
  return `<contact-${id}@${domain}>`;
}

/** Hands a stored draft to the mailer; on success it becomes sent, on failure it stays a draft. */
async function deliver(
  ctx: InboxContext,
  admin: SignedInActor,
  id: string,
  mail: { to: string; subject: string; body: string },
) {
  const [row] = await ctx.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, id)).limit(1);
  try {
    await ctx.mail.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
      inReplyTo: row?.inReplyTo ? contactMessageId(ctx, row.inReplyTo) : undefined,
    });
  } catch (error) {
    throw new MailSendError(id, error instanceof Error ? error.message : String(error));
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(outgoingMessages)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(outgoingMessages.id, id));
    const label = `${mail.to}: ${mail.subject}`;
    await recordAudit(tx, admin, { action: "create", subject: "mail", subjectId: id, label });
  });
}

/** Writes and sends a new message (a reply when inReplyTo names a received message). */
export async function sendMessage(ctx: InboxContext, actor: Actor, input: unknown): Promise<WriteAnswer> {
  const admin = requireAdmin(actor);
  const mail = parse(outgoingInput, input, "message");
  await checkRepliedTo(ctx.db, mail.inReplyTo);
  // Stored first as a draft, so a failure keeps the text.
  const [row] = await ctx.db
    .insert(outgoingMessages)
    .values({ ...mail, inReplyTo: mail.inReplyTo ?? null, status: "draft", authorId: admin.id })
    .returning({ id: outgoingMessages.id });
  if (!row) throw new Error("The message was not stored");
  await deliver(ctx, admin, row.id, mail);
  return { acknowledged: true, insertedId: row.id, status: "sent" };
}

/** Sends a stored draft, which must now have every field a message needs. */
export async function sendDraft(ctx: InboxContext, actor: Actor, id: string): Promise<WriteAnswer> {
  const admin = requireAdmin(actor);
  const draft = await findDraft(ctx.db, id);
  const mail = parse(outgoingInput, { to: draft.to, subject: draft.subject, body: draft.body }, "message");
  await deliver(ctx, admin, id, mail);
  return { acknowledged: true, insertedId: id, status: "sent" };
}

/** Answers a received message: to its sender, "Re: ..." as the subject. */
export async function reply(
  ctx: InboxContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<WriteAnswer> {
  requireAdmin(actor);
  const { body } = parse(replyInput, input, "reply");
  const received = await findReceived(ctx.db, id);
  if (!received) throw messageNotFound();
  return sendMessage(ctx, actor, {
    to: received.email,
    subject: replySubject(received.message),
    body,
    inReplyTo: received.id,
  });
}
