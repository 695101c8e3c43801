// Reading the audit trail (written by ./record.ts): newest first, by admins only, each entry
// saying whether its record is still there.
import { and, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditSubject } from "../../../common/audit";
import { type KindOne, kindNames, kinds } from "../../../common/kinds";
import type { Database } from "../../db/client";
import { likePattern } from "../../db/like";
import {
  type AuditAction,
  admissionApplications,
  auditEntries,
  contactMessages,
  exams,
  orders,
  outgoingMessages,
  registerStudents,
  schoolClasses,
  users,
} from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { serverKinds } from "../kinds";

export type AuditEntry = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  subject: string;
  subjectId: string;
  label: string;
  /** Whether the record is still there (so a page can link to it); an export's file always is. */
  exists: boolean;
};

export type AuditQuery = {
  limit: number;
  offset: number;
  subject?: AuditSubject;
  /** Part of the e-mail of who did it, any case. */
  q?: string;
};

/**
 * Each subject's table: every kind of content's (server/domain/kinds.ts), then the others; an
 * export has none (it names what was downloaded).
 */
const tables: Record<Exclude<AuditSubject, "export">, PgTable & { id: PgColumn }> = {
  ...(Object.fromEntries(
    kindNames.map((kind): [KindOne, PgTable & { id: PgColumn }] => [
      kinds[kind].one,
      serverKinds[kind].table,
    ]),
  ) as Record<KindOne, PgTable & { id: PgColumn }>),
  user: users,
  message: contactMessages,
  mail: outgoingMessages,
  order: orders,
  exam: exams,
  // A routine is a class's (its id); the periods and days have none.
  routine: schoolClasses,
  child: registerStudents,
  // A fee entry names the student whose fees it changed.
  fee: registerStudents,
  application: admissionApplications,
};

/** The ids among these that still exist, one query per kind of record on the page. */
async function existing(
  db: Database,
  entries: { subject: string; subjectId: string }[],
): Promise<Set<string>> {
  const idsBySubject = new Map<keyof typeof tables, Set<string>>();
  for (const entry of entries) {
    if (!(entry.subject in tables)) continue;
    const subject = entry.subject as keyof typeof tables;
    const ids = idsBySubject.get(subject) ?? new Set();
    ids.add(entry.subjectId);
    idsBySubject.set(subject, ids);
  }
  const found = await Promise.all(
    [...idsBySubject].map(async ([subject, ids]) => {
      const table = tables[subject];
      const rows = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(inArray(table.id, [...ids]));
      return rows.map((row) => `${subject}:${String(row.id)}`);
    }),
  );
  return new Set(found.flat());
}

/** The trail, newest first, with the total count: admins only. */
export async function listAudit(
  db: Database,
  actor: Actor,
  query: AuditQuery,
): Promise<{ items: AuditEntry[]; total: number }> {
  requireAdmin(actor);
  const conditions: (SQL | undefined)[] = [];
  if (query.subject) conditions.push(eq(auditEntries.subject, query.subject));
  const q = query.q?.trim();
  if (q) conditions.push(ilike(auditEntries.actorEmail, likePattern(q)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditEntries).where(where),
  ]);
  const present = await existing(db, rows);
  return {
    total: counted?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      subject: row.subject,
      subjectId: row.subjectId,
      label: row.label,
      // An export names a file, not a record: never "deleted".
      exists: !(row.subject in tables) || present.has(`${row.subject}:${row.subjectId}`),
    })),
  };
}
