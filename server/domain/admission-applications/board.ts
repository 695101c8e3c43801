// The office's board of a round: counts per status, seats left per class, the applications
// filtered by status and class and searched by number, name or birth registration number, and
// the same list as CSV. Admins manage it; accountants read it (the payments are theirs to see).
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { type ApplicationStatus, applicationStatuses } from "../../../common/schemas/admission-applications";
import type { Database } from "../../db/client";
import { likePattern } from "../../db/like";
import { admissionApplications, admissionOrders, orders } from "../../db/schema";
import { type Actor, requireRole } from "../actor";
import { readRound, roundOfAdmission } from "./rounds";

export type BoardRow = {
  id: string;
  number: string | null;
  class: string;
  quota: string;
  childName: string;
  childNameBn: string;
  dateOfBirth: string | null;
  birthRegistration: string | null;
  gender: string | null;
  guardianName: string;
  guardianPhone: string;
  status: ApplicationStatus;
  paidMinor: number;
  submittedAt: string | null;
};

export type Board = {
  round: Awaited<ReturnType<typeof readRound>>;
  counts: Record<ApplicationStatus, number>;
  rows: BoardRow[];
};

/** Drafts are the guardians' own until paid: the board lists them only when asked for. */
export async function roundBoard(
  db: Database,
  actor: Actor,
  admissionId: string,
  query: { status?: ApplicationStatus; class?: string; q?: string },
): Promise<Board> {
  requireRole(actor, "accountant");
  const round = await roundOfAdmission(db, admissionId);
  const counted = await db
    .select({ status: admissionApplications.status, count: sql<number>`count(*)::int` })
    .from(admissionApplications)
    .where(eq(admissionApplications.roundId, round.id))
    .groupBy(admissionApplications.status);
  const counts = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const row of counted) counts[row.status] = Number(row.count);
  const where: (SQL | undefined)[] = [eq(admissionApplications.roundId, round.id)];
  where.push(
    query.status ? eq(admissionApplications.status, query.status) : ne(admissionApplications.status, "draft"),
  );
  if (query.class) where.push(sql`lower(${admissionApplications.className}) = lower(${query.class})`);
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(
      or(
        ilike(admissionApplications.number, pattern),
        ilike(admissionApplications.childName, pattern),
        ilike(admissionApplications.childNameBn, pattern),
        ilike(admissionApplications.birthRegistration, pattern),
      ),
    );
  }
  const applications = await db
    .select()
    .from(admissionApplications)
    .where(and(...where))
    .orderBy(asc(admissionApplications.number), asc(admissionApplications.createdAt))
    .limit(10_000);
  const ids = applications.map((a) => a.id);
  const payments =
    ids.length === 0
      ? []
      : await db
          .select({ applicationId: admissionOrders.applicationId, total: orders.totalMinor })
          .from(admissionOrders)
          .innerJoin(orders, eq(orders.id, admissionOrders.orderId))
          .where(and(inArray(admissionOrders.applicationId, ids), eq(orders.status, "paid")));
  const paid = new Map<string, number>();
  for (const p of payments) paid.set(p.applicationId, (paid.get(p.applicationId) ?? 0) + p.total);
  return {
    round: await readRound(db, admissionId),
    counts,
    rows: applications.map((a) => ({
      id: a.id,
      number: a.number,
      class: a.className,
      quota: a.quota,
      childName: a.childName,
      childNameBn: a.childNameBn,
      dateOfBirth: a.dateOfBirth,
      birthRegistration: a.birthRegistration,
      gender: a.gender,
      guardianName: a.guardians[0]?.name ?? "",
      guardianPhone: a.guardians[0]?.phone ?? "",
      status: a.status,
      paidMinor: paid.get(a.id) ?? 0,
      submittedAt: a.submittedAt?.toISOString() ?? null,
    })),
  };
}

/** A cell that a spreadsheet would not run as a formula, quoted as CSV quotes. */
function cell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The board's list as CSV (UTF-8 with a byte order mark, so spreadsheets read Bangla). */
export async function boardCsv(
  db: Database,
  actor: Actor,
  admissionId: string,
  query: { status?: ApplicationStatus; class?: string; q?: string },
): Promise<string> {
  const board = await roundBoard(db, actor, admissionId, query);
  const head = [
    "number",
    "class",
    "quota",
    "child",
    "child (Bangla)",
    "date of birth",
    "birth registration",
    "gender",
    "guardian",
    "phone",
    "status",
    "paid (taka)",
    "submitted",
  ];
  const lines = board.rows.map((r) =>
    [
      r.number,
      r.class,
      r.quota,
      r.childName,
      r.childNameBn,
      r.dateOfBirth,
      r.birthRegistration,
      r.gender,
      r.guardianName,
      r.guardianPhone,
      r.status,
      (r.paidMinor / 100).toFixed(2),
      r.submittedAt,
    ]
      .map(cell)
      .join(","),
  );
  return `\uFEFF${[head.join(","), ...lines].join("\r\n")}\r\n`;
}
