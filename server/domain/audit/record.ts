// Writing the audit trail: who created, changed or deleted what, and when. Entries are written by
// the domain functions that make an admin's changes (the content engine, the role changes), in the
// same transaction as the change. Reading it is ./list.ts, apart: it needs every kind's table, and
// the kinds' collections write entries through this file.
import type { AuditSubject } from "../../../common/audit";
import { shownEmail } from "../../../common/phone-accounts";
import type { Database } from "../../db/client";
import { type AuditAction, auditEntries } from "../../db/schema";
import type { SignedInActor } from "../actor";

/** A database or a transaction: an entry is written with the change it records. */
export type AuditWriter = Pick<Database, "insert">;

export type AuditInput = {
  action: AuditAction;
  subject: AuditSubject;
  subjectId: string;
  /** The record's title or name as it is after the change (before it, for a delete). */
  label: string;
};

/** The longest label kept: a title is short, a comment's text is cut. */
const labelLength = 200;

export async function recordAudit(db: AuditWriter, actor: SignedInActor, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values({
    actorId: actor.id,
    // A phone account has no address to show: its placeholder is never written here.
    actorEmail: shownEmail(actor.email) ?? "",
    action: entry.action,
    subject: entry.subject,
    subjectId: entry.subjectId,
    label: entry.label.slice(0, labelLength),
  });
}

/** Several entries in one statement (an imported sheet's children): one row each, as above. */
export async function recordAudits(
  db: AuditWriter,
  actor: SignedInActor,
  entries: AuditInput[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEntries).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorEmail: shownEmail(actor.email) ?? "",
      action: entry.action,
      subject: entry.subject,
      subjectId: entry.subjectId,
      label: entry.label.slice(0, labelLength),
    })),
  );
}
