// The public lookup of a student's dues (/fees/pay, as wallets' bill-pay works): the student's ID
// (their registration number) and a guardian's phone that the register holds, both or nothing.
// A wrong ID and a wrong phone get the same 404, and the lookups are limited per address (all of
// them generously, those that find nothing tightly), so nobody walks the register. The answer
// carries the child's name and class and the months owed, oldest first, with today's fines:
// never a phone, an address or anything else of the family.
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import type { DuesLookupInput } from "../../../common/schemas/fees";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import {
  enrolments,
  feeHeads,
  feeInvoiceLines,
  feeInvoices,
  registerGuardians,
  registerStudents,
  schoolClasses,
} from "../../db/schema";
import { DomainError } from "../errors";
import {
  type ClientAddress,
  chargeBufferedAddressRateLimit,
  enforceBufferedAddressRateLimit,
  type RateLimitRule,
} from "../rate-limit";
import { currentDuesIndex, duesFromIndex, type PublicDues } from "./dues-index";
import { finesDue } from "./fines";

const limitProblem = problem("limit.feeLookups");

/** Every lookup: a payment day's crowd behind one operator's address is let through. */
export const feeLookupLimit: RateLimitRule = {
  name: "fee-lookup",
  max: 300,
  windowMs: 10 * 60_000,
  problem: limitProblem,
};
/** Lookups that find nothing: guessing IDs and phones is held tight. */
export const feeLookupMissLimit: RateLimitRule = {
  name: "fee-lookup-miss",
  max: 20,
  windowMs: 10 * 60_000,
  problem: limitProblem,
};

export type { PublicDues } from "./dues-index";

/**
 * With the records generation (the REST lookup and the page), the answer comes from that
 * generation's dues index (dues-index.ts: a change shows within a quarter of a second); when it is
 * not known, from the database. Both count the same limits and give the same 404.
 */
export async function lookUpDues(
  db: Database,
  input: DuesLookupInput,
  client: ClientAddress,
  today = dhakaToday(),
  recordsGeneration?: () => Promise<string | null>,
): Promise<PublicDues> {
  const index = recordsGeneration ? await currentDuesIndex(db, recordsGeneration) : null;
  if (index === null || !recordsGeneration)
    return duesOf(db, await findByIdAndPhone(db, input, client), today);
  enforceBufferedAddressRateLimit(db, feeLookupLimit, client);
  const miss = chargeBufferedAddressRateLimit(db, feeLookupMissLimit, client);
  // A child or a phone added in the last moments is not in a kept index yet: a miss asks again.
  const dues =
    duesFromIndex(index, input, today) ??
    duesFromIndex((await currentDuesIndex(db, recordsGeneration, { askNow: true })) ?? index, input, today);
  if (!dues) throw new DomainError("not_found", problem("fees.noMatch"));
  miss.forgive();
  return dues;
}

/**
 * The student with this ID and a guardian with this phone, counted against the address's limits;
 * the same 404 whichever was wrong.
 */
export async function findByIdAndPhone(db: Database, input: DuesLookupInput, client: ClientAddress) {
  enforceBufferedAddressRateLimit(db, feeLookupLimit, client);
  const miss = chargeBufferedAddressRateLimit(db, feeLookupMissLimit, client);
  const [found] = await db
    .select({
      id: registerStudents.id,
      name: registerStudents.name,
      className: schoolClasses.name,
      section: enrolments.section,
      roll: enrolments.roll,
    })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .innerJoin(
      registerGuardians,
      and(
        eq(registerGuardians.registerStudentId, registerStudents.id),
        eq(registerGuardians.phone, input.phone ?? ""),
      ),
    )
    .where(eq(enrolments.registration, input.student))
    .orderBy(desc(enrolments.session))
    .limit(1);
  if (!found) throw new DomainError("not_found", problem("fees.noMatch"));
  miss.forgive();
  return found;
}

async function duesOf(
  db: Database,
  found: Awaited<ReturnType<typeof findByIdAndPhone>>,
  today: string,
): Promise<PublicDues> {
  const open = await db
    .select()
    .from(feeInvoices)
    .where(
      and(eq(feeInvoices.registerStudentId, found.id), gt(feeInvoices.totalMinor, feeInvoices.paidMinor)),
    )
    .orderBy(asc(feeInvoices.month), asc(feeInvoices.period));
  const [fines, charges] = await Promise.all([
    finesDue(db, open, today),
    open.length === 0
      ? []
      : db
          .select({ invoiceId: feeInvoiceLines.invoiceId, label: feeInvoiceLines.label })
          .from(feeInvoiceLines)
          .innerJoin(feeInvoices, eq(feeInvoices.id, feeInvoiceLines.invoiceId))
          .leftJoin(feeHeads, eq(feeHeads.id, feeInvoiceLines.headId))
          .where(
            and(
              eq(feeInvoices.registerStudentId, found.id),
              eq(feeInvoiceLines.kind, "charge"),
              gt(feeInvoices.totalMinor, feeInvoices.paidMinor),
            ),
          )
          // The heads in the school's order (tuition before the exam fee).
          .orderBy(asc(feeHeads.position), asc(feeInvoiceLines.label)),
  ]);
  const months = open.map((invoice) => ({
    month: invoice.month,
    heads: charges.filter((line) => line.invoiceId === invoice.id).map((line) => line.label),
    owedMinor: invoice.totalMinor - invoice.paidMinor,
    fineTodayMinor: fines.get(invoice.id) ?? 0,
  }));
  return {
    student: { name: found.name, className: found.className, section: found.section, roll: found.roll },
    months,
    totalMinor: months.reduce((total, month) => total + month.owedMinor + month.fineTodayMinor, 0),
  };
}
