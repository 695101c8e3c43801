// The dues list of a class (and section) in a session: each student who owes, how many months
// and how much (fines not yet added left out), in section and roll order. Staff only.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DuesQuery } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { enrolments, feeInvoices, registerStudents, schoolClasses } from "../../db/schema";
import type { Actor } from "../actor";
import { requireFeeStaff } from "./access";
import { feeClassNamed } from "./classes";

export type DuesRow = {
  id: string;
  name: string;
  nameBn: string;
  className: string;
  section: string | null;
  roll: string;
  /** Invoices not paid in full. */
  months: number;
  oldest: string;
  owedMinor: number;
};
export type Dues = {
  session: string;
  class: string | null;
  section: string | null;
  rows: DuesRow[];
  totalMinor: number;
};

export async function duesList(db: Database, actor: Actor, query: DuesQuery): Promise<Dues> {
  requireFeeStaff(actor);
  const schoolClass = query.class ? await feeClassNamed(db, query.class) : null;
  const section = query.section?.trim() || null;
  const owed = sql<string>`sum(${feeInvoices.totalMinor} - ${feeInvoices.paidMinor})`;
  const rows = await db
    .select({
      id: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      className: schoolClasses.name,
      section: enrolments.section,
      roll: enrolments.roll,
      months: sql<string>`count(*)`,
      oldest: sql<string>`min(${feeInvoices.month})`,
      owed,
    })
    .from(feeInvoices)
    .innerJoin(registerStudents, eq(registerStudents.id, feeInvoices.registerStudentId))
    .innerJoin(
      enrolments,
      and(eq(enrolments.registerStudentId, registerStudents.id), eq(enrolments.session, feeInvoices.session)),
    )
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(
      and(
        eq(feeInvoices.session, query.session),
        sql`${feeInvoices.totalMinor} > ${feeInvoices.paidMinor}`,
        schoolClass ? eq(enrolments.classId, schoolClass.id) : undefined,
        section ? sql`lower(${enrolments.section}) = lower(${section})` : undefined,
      ),
    )
    .groupBy(
      registerStudents.id,
      registerStudents.name,
      registerStudents.nameBn,
      schoolClasses.name,
      schoolClasses.position,
      enrolments.section,
      enrolments.roll,
    )
    .orderBy(
      asc(schoolClasses.position),
      asc(schoolClasses.name),
      asc(enrolments.section),
      asc(sql`length(${enrolments.roll})`),
      asc(enrolments.roll),
    );
  const list = rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameBn: row.nameBn,
    className: row.className,
    section: row.section,
    roll: row.roll,
    months: Number(row.months),
    oldest: row.oldest,
    owedMinor: Number(row.owed),
  }));
  return {
    session: query.session,
    class: schoolClass?.name ?? null,
    section,
    rows: list,
    totalMinor: list.reduce((total, row) => total + row.owedMinor, 0),
  };
}
