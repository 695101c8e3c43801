// Generating a month's invoices: for every student on the register who studies in a class with
// fees that month (enrolled in the session, within the months their term names, and still
// studying unless their term ends later), one invoice for the month with each head that falls due
// in it, and one for each one-time head not charged yet; waivers that cover the month and the
// session's sibling discount (siblings.ts) are lines of it. An invoice that exists is left as it
// is, so generating twice never doubles anything.
import { and, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { chargedInMonth, dueDate, siblingPart, waiverCovers, waiverPart } from "../../../common/fees";
import type { GenerateInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import {
  enrolments,
  feeHeads,
  feeInvoiceLines,
  feeInvoices,
  feeRates,
  feeTerms,
  feeWaivers,
  registerStudents,
} from "../../db/schema";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import { requireFeeStaff } from "./access";
import { feeClassNamed } from "./classes";
import { siblingPlacesIn, siblingRuleOf } from "./siblings";

export type Generated = {
  month: string;
  /** Students charged this month. */
  students: number;
  /** Invoices made now. */
  created: number;
  /** Invoices that were already there, left as they were. */
  existing: number;
};

type Line = typeof feeInvoiceLines.$inferInsert;
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const chunk = 1_000;

export async function generateMonth(db: Database, actor: Actor, input: GenerateInput): Promise<Generated> {
  requireFeeStaff(actor);
  const onlyClass = input.class ? await feeClassNamed(db, input.class) : null;
  const rates = await db
    .select({ rate: feeRates, headName: feeHeads.name })
    .from(feeRates)
    .innerJoin(feeHeads, eq(feeHeads.id, feeRates.headId))
    .where(
      and(eq(feeRates.session, input.session), onlyClass ? eq(feeRates.classId, onlyClass.id) : undefined),
    );
  if (rates.length === 0)
    throw DomainError.ofField(
      "invalid",
      onlyClass ? "class" : "session",
      problem("fees.noStructure", { session: input.session }),
    );
  const ratesOf = new Map<string, typeof rates>();
  for (const row of rates) ratesOf.set(row.rate.classId, [...(ratesOf.get(row.rate.classId) ?? []), row]);

  const month = input.month;
  const students = await db
    .select({
      id: registerStudents.id,
      classId: enrolments.classId,
      section: enrolments.section,
    })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .leftJoin(
      feeTerms,
      and(eq(feeTerms.registerStudentId, registerStudents.id), eq(feeTerms.session, input.session)),
    )
    .where(
      and(
        eq(enrolments.session, input.session),
        inArray(enrolments.classId, [...ratesOf.keys()]),
        or(isNull(feeTerms.fromMonth), lte(feeTerms.fromMonth, month)),
        or(isNull(feeTerms.untilMonth), gte(feeTerms.untilMonth, month)),
        // One who left stops, unless the office named their last month (and this is before it).
        or(eq(registerStudents.status, "studying"), sql`${feeTerms.untilMonth} is not null`),
      ),
    );
  const studentIds = students.map((s) => s.id);
  const waivers =
    studentIds.length === 0
      ? []
      : await db
          .select()
          .from(feeWaivers)
          .where(
            and(
              inArray(feeWaivers.registerStudentId, studentIds),
              lte(feeWaivers.fromMonth, month),
              or(isNull(feeWaivers.toMonth), gte(feeWaivers.toMonth, month)),
            ),
          );
  const waiversOf = new Map<string, typeof waivers>();
  for (const waiver of waivers)
    waiversOf.set(waiver.registerStudentId, [...(waiversOf.get(waiver.registerStudentId) ?? []), waiver]);

  // The session's sibling discount, if the school switched it on, and each child's place in the family.
  const siblingRule = studentIds.length === 0 ? null : await siblingRuleOf(db, input.session);
  const places = siblingRule ? await siblingPlacesIn(db, input.session) : new Map<string, number>();

  // Every invoice the month may need, with its lines, keyed by student and period.
  type Planned = { invoice: typeof feeInvoices.$inferInsert; lines: Omit<Line, "invoiceId">[] };
  const planned: Planned[] = [];
  for (const student of students) {
    const classRates = ratesOf.get(student.classId) ?? [];
    const own = waiversOf.get(student.id) ?? [];
    const linesOf = (list: typeof classRates) =>
      list.flatMap(({ rate, headName }) => {
        const charge = {
          kind: "charge" as const,
          headId: rate.headId,
          label: headName,
          amountMinor: rate.amountMinor,
        };
        const off = own
          .filter((w) => w.headId === rate.headId && waiverCovers(w.fromMonth, w.toMonth, month))
          .map((w) => ({
            kind: "waiver" as const,
            headId: rate.headId,
            waiverId: w.id,
            label: headName,
            amountMinor: -waiverPart(rate.amountMinor, w),
            reason: w.reason,
          }))
          .filter((line) => line.amountMinor !== 0);
        // The sibling discount, never more than what the waivers left of the charge.
        const left = rate.amountMinor + off.reduce((total, line) => total + line.amountMinor, 0);
        const sibling =
          siblingRule && siblingRule.headId === rate.headId
            ? Math.min(left, siblingPart(rate.amountMinor, siblingRule, places.get(student.id) ?? 1))
            : 0;
        const siblingLine =
          sibling > 0
            ? [{ kind: "sibling" as const, headId: rate.headId, label: headName, amountMinor: -sibling }]
            : [];
        return [charge, ...off, ...siblingLine];
      });
    const base = {
      registerStudentId: student.id,
      session: input.session,
      classId: student.classId,
      section: student.section,
      month,
    };
    const monthly = classRates.filter(({ rate }) => rate.due !== "once" && chargedInMonth(rate, month));
    if (monthly.length > 0) {
      const lines = linesOf(monthly);
      const dueDay = Math.min(...monthly.map(({ rate }) => rate.dueDay));
      planned.push({
        invoice: { ...base, period: month, dueOn: dueDate(month, dueDay), totalMinor: sum(lines) },
        lines,
      });
    }
    for (const once of classRates.filter(({ rate }) => rate.due === "once")) {
      const lines = linesOf([once]);
      planned.push({
        invoice: {
          ...base,
          period: `once:${once.rate.id}`,
          dueOn: dueDate(month, once.rate.dueDay),
          totalMinor: sum(lines),
        },
        lines,
      });
    }
  }

  let created = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < planned.length; start += chunk) {
      const part = planned.slice(start, start + chunk);
      const made = await tx
        .insert(feeInvoices)
        .values(part.map((p) => p.invoice))
        .onConflictDoNothing({ target: [feeInvoices.registerStudentId, feeInvoices.period] })
        .returning({
          id: feeInvoices.id,
          student: feeInvoices.registerStudentId,
          period: feeInvoices.period,
        });
      created += made.length;
      const plannedOf = new Map(part.map((p) => [`${p.invoice.registerStudentId} ${p.invoice.period}`, p]));
      const lines = made.flatMap((invoice) =>
        (plannedOf.get(`${invoice.student} ${invoice.period}`)?.lines ?? []).map((line) => ({
          ...line,
          invoiceId: invoice.id,
        })),
      );
      for (let from = 0; from < lines.length; from += chunk)
        await tx.insert(feeInvoiceLines).values(lines.slice(from, from + chunk));
    }
  });
  return { month, students: students.length, created, existing: planned.length - created };
}

const sum = (lines: { amountMinor: number }[]) => lines.reduce((total, line) => total + line.amountMinor, 0);
