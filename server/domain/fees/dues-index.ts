// The payment day's lookups from memory: every enrolment's ID with its guardians' phones, every
// open invoice with its heads and the fines already on it, and the fine bands, read once per
// records generation (server/cache/records-generation.ts: a sequence every write to these tables
// moves, by trigger, whoever writes: a request, a provider's settlement, a script). Today's fine is
// worked out at each lookup, as the database path does (lookup.ts). A crowd of guardians then
// costs the database a read of the generation four times a second, and the full read after each
// change.
import { and, eq, gt, sql } from "drizzle-orm";
import { fineOn } from "../../../common/fees";
import type { DuesLookupInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import {
  enrolments,
  feeFineBands,
  feeHeads,
  feeInvoiceLines,
  feeInvoices,
  registerGuardians,
  registerStudents,
  schoolClasses,
} from "../../db/schema";

/** What a lookup answers: the child's name and class and the months owed, never a phone. */
export type PublicDues = {
  student: { name: string; className: string | null; section: string | null; roll: string | null };
  months: { month: string; heads: string[]; owedMinor: number; fineTodayMinor: number }[];
  totalMinor: number;
};

type IndexedEnrolment = {
  session: string;
  studentId: string;
  name: string;
  className: string | null;
  section: string | null;
  roll: string | null;
};
type IndexedInvoice = {
  session: string;
  classId: string;
  month: string;
  period: string;
  owedMinor: number;
  /** Late fines already added to it (a later band adds only the difference). */
  finesAddedMinor: number;
  heads: string[];
};
type Band = { session: string; classId: string; afterDay: number | null; amountMinor: number };

export type DuesIndex = {
  /** By registration number: its enrolments, the latest session first. */
  enrolments: Map<string, IndexedEnrolment[]>;
  /** By student: their guardians' phones. */
  phones: Map<string, string[]>;
  /** By student: their open invoices, oldest first. */
  invoices: Map<string, IndexedInvoice[]>;
  bands: Band[];
};

const pushTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

// Five reads, not one snapshot: a write that lands between them moves the records generation,
// read before them, so the next check (within generationCheckMs) reads the index again.
export async function readDuesIndex(db: Database): Promise<DuesIndex> {
  const open = gt(feeInvoices.totalMinor, feeInvoices.paidMinor);
  const [enrolled, guardians, invoices, lines, bands] = await Promise.all([
    db
      .select({
        registration: enrolments.registration,
        session: enrolments.session,
        studentId: registerStudents.id,
        name: registerStudents.name,
        className: schoolClasses.name,
        section: enrolments.section,
        roll: enrolments.roll,
      })
      .from(enrolments)
      .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
      .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
      .orderBy(sql`${enrolments.session} desc`),
    db
      .select({ studentId: registerGuardians.registerStudentId, phone: registerGuardians.phone })
      .from(registerGuardians),
    db
      .select({
        id: feeInvoices.id,
        studentId: feeInvoices.registerStudentId,
        session: feeInvoices.session,
        classId: feeInvoices.classId,
        month: feeInvoices.month,
        period: feeInvoices.period,
        owedMinor: sql<number>`${feeInvoices.totalMinor} - ${feeInvoices.paidMinor}`.mapWith(Number),
      })
      .from(feeInvoices)
      .where(open)
      .orderBy(feeInvoices.month, feeInvoices.period),
    db
      .select({
        invoiceId: feeInvoiceLines.invoiceId,
        kind: feeInvoiceLines.kind,
        label: feeInvoiceLines.label,
        amountMinor: feeInvoiceLines.amountMinor,
      })
      .from(feeInvoiceLines)
      .innerJoin(feeInvoices, eq(feeInvoices.id, feeInvoiceLines.invoiceId))
      .leftJoin(feeHeads, eq(feeHeads.id, feeInvoiceLines.headId))
      .where(and(open, sql`${feeInvoiceLines.kind} in ('charge', 'fine')`))
      // The heads in the school's order, as the database path (lookup.ts) gives them.
      .orderBy(feeHeads.position, feeInvoiceLines.label),
    db
      .select({
        session: feeFineBands.session,
        classId: feeFineBands.classId,
        afterDay: feeFineBands.afterDay,
        amountMinor: feeFineBands.amountMinor,
      })
      .from(feeFineBands),
  ]);
  const index: DuesIndex = { enrolments: new Map(), phones: new Map(), invoices: new Map(), bands };
  for (const { registration, ...enrolment } of enrolled)
    if (registration) pushTo(index.enrolments, registration, enrolment);
  for (const { studentId, phone } of guardians) if (phone) pushTo(index.phones, studentId, phone);
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) pushTo(linesOf, line.invoiceId, line);
  for (const { id, studentId, ...invoice } of invoices) {
    const own = linesOf.get(id) ?? [];
    pushTo(index.invoices, studentId, {
      ...invoice,
      heads: own.filter((line) => line.kind === "charge").map((line) => line.label),
      finesAddedMinor: own
        .filter((line) => line.kind === "fine")
        .reduce((sum, line) => sum + line.amountMinor, 0),
    });
  }
  return index;
}

/** How long a check of the records generation stands: a change shows within this. */
export const generationCheckMs = 250;

type Kept = { generation: string; index: Promise<DuesIndex>; checkedAt: number };
/** The index of one database, kept for the records generation it was read in. */
const kept = new WeakMap<Database, Kept>();

/**
 * The index of the records generation now, read once for all the lookups that ask meanwhile; the
 * generation itself is asked at most every generationCheckMs (on the payment day it was the
 * lookups' main cost) unless `askNow`. null when the generation cannot be known: the caller
 * reads the database.
 */
export async function currentDuesIndex(
  db: Database,
  recordsGeneration: () => Promise<string | null>,
  { askNow = false } = {},
): Promise<DuesIndex | null> {
  const found = kept.get(db);
  if (found && !askNow && Date.now() - found.checkedAt < generationCheckMs) return found.index;
  const generation = await recordsGeneration();
  if (generation === null) return null;
  const now = kept.get(db);
  if (now?.generation === generation) {
    now.checkedAt = Date.now();
    return now.index;
  }
  const index = readDuesIndex(db);
  const entry = { generation, index, checkedAt: Date.now() };
  kept.set(db, entry);
  // A failed read (the database away) is not kept.
  index.catch(() => {
    if (kept.get(db) === entry) kept.delete(db);
  });
  return index;
}

/** A student's dues by their ID and a guardian's phone, as lookUpDues answers; null when none match. */
export function duesFromIndex(index: DuesIndex, input: DuesLookupInput, today: string): PublicDues | null {
  const found = (index.enrolments.get(input.student) ?? []).find((enrolment) =>
    (index.phones.get(enrolment.studentId) ?? []).includes(input.phone ?? ""),
  );
  if (!found) return null;
  const months = (index.invoices.get(found.studentId) ?? []).map((invoice) => {
    const bands = index.bands.filter(
      (band) => band.session === invoice.session && band.classId === invoice.classId,
    );
    return {
      month: invoice.month,
      heads: invoice.heads,
      owedMinor: invoice.owedMinor,
      fineTodayMinor: Math.max(0, fineOn(bands, invoice.month, today) - invoice.finesAddedMinor),
    };
  });
  return {
    student: { name: found.name, className: found.className, section: found.section, roll: found.roll },
    months,
    totalMinor: months.reduce((total, month) => total + month.owedMinor + month.fineTodayMinor, 0),
  };
}
