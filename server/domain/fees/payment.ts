// The office takes money against a student's dues, whole or in part: it pays the oldest invoices
// first (the fine each carries on the day of payment added to it as a line), takes the next
// receipt number of the year (a counter row locked in the same transaction, so two payments at
// once get two numbers and a failed one none) and is in the audit trail.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { takaText } from "../../../common/fees";
import type { PaymentInput } from "../../../common/schemas/fees";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import {
  feeAllocations,
  feeInvoiceLines,
  feeInvoices,
  feePayments,
  feeReceiptCounters,
} from "../../db/schema";
import type { Transaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError } from "../errors";
import { requireFeeStaff } from "./access";
import { finesDue } from "./fines";
import { feeStudent } from "./student";

/** The next receipt number of the year; the counter's row stays locked until the payment commits. */
export async function nextReceiptNumber(tx: Transaction, year: number): Promise<number> {
  const [row] = await tx
    .insert(feeReceiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: feeReceiptCounters.year,
      set: { last: sql`${feeReceiptCounters.last} + 1` },
    })
    .returning({ last: feeReceiptCounters.last });
  if (!row) throw new Error("no receipt number");
  return row.last;
}

export type Taken = {
  id: string;
  receiptYear: number;
  receiptNumber: number;
  amountMinor: number;
  fineMinor: number;
};

export async function takePayment(
  db: Database,
  actor: Actor,
  studentId: string,
  input: PaymentInput,
): Promise<Taken> {
  const staff = requireFeeStaff(actor);
  const student = await feeStudent(db, studentId);
  const paidOn = input.paidOn || dhakaToday();
  return db.transaction(async (tx) => {
    // The student's open invoices, oldest first, locked against a payment at the same moment.
    const open = await tx
      .select({
        id: feeInvoices.id,
        session: feeInvoices.session,
        classId: feeInvoices.classId,
        month: feeInvoices.month,
        period: feeInvoices.period,
        totalMinor: feeInvoices.totalMinor,
        paidMinor: feeInvoices.paidMinor,
      })
      .from(feeInvoices)
      .where(
        and(eq(feeInvoices.registerStudentId, student.id), gt(feeInvoices.totalMinor, feeInvoices.paidMinor)),
      )
      .orderBy(asc(feeInvoices.month), asc(feeInvoices.period))
      .for("update");
    const chosen = input.months ? open.filter((invoice) => input.months?.includes(invoice.month)) : open;
    const fines = await finesDue(tx, chosen, paidOn);
    const dues = chosen.map((invoice) => ({
      ...invoice,
      fine: fines.get(invoice.id) ?? 0,
      due: invoice.totalMinor - invoice.paidMinor + (fines.get(invoice.id) ?? 0),
    }));
    const owed = dues.reduce((total, invoice) => total + invoice.due, 0);
    if (owed <= 0) throw DomainError.ofField("invalid", "amount", problem("fees.nothingDue"));
    if (input.amount > owed)
      throw DomainError.ofField("invalid", "amount", problem("fees.overDues", { due: takaText(owed) }));

    const year = Number(paidOn.slice(0, 4));
    const receiptNumber = await nextReceiptNumber(tx, year);
    let left = input.amount;
    let fineMinor = 0;
    const allocations: { invoiceId: string; amountMinor: number }[] = [];
    for (const invoice of dues) {
      if (left <= 0) break;
      if (invoice.fine > 0) {
        await tx.insert(feeInvoiceLines).values({
          invoiceId: invoice.id,
          kind: "fine",
          label: "Late fine",
          amountMinor: invoice.fine,
          reason: `paid on ${paidOn}`,
          actorId: staff.id,
        });
        fineMinor += invoice.fine;
      }
      const part = Math.min(left, invoice.due);
      left -= part;
      allocations.push({ invoiceId: invoice.id, amountMinor: part });
      await tx
        .update(feeInvoices)
        .set({
          totalMinor: sql`${feeInvoices.totalMinor} + ${invoice.fine}`,
          paidMinor: sql`${feeInvoices.paidMinor} + ${part}`,
        })
        .where(eq(feeInvoices.id, invoice.id));
    }
    const [payment] = await tx
      .insert(feePayments)
      .values({
        registerStudentId: student.id,
        receiptYear: year,
        receiptNumber,
        channel: input.channel,
        reference: input.reference || null,
        amountMinor: input.amount,
        fineMinor,
        paidOn,
        collectorId: staff.id,
        collectorName: staff.name,
      })
      .returning({ id: feePayments.id });
    if (!payment) throw new Error("the payment was not stored");
    await tx.insert(feeAllocations).values(allocations.map((a) => ({ ...a, paymentId: payment.id })));
    await recordAudit(tx, staff, {
      action: "create",
      subject: "fee",
      subjectId: student.id,
      label: `${student.name}: receipt ${year}/${receiptNumber}, ${takaText(input.amount)} taka by ${input.channel}`,
    });
    return { id: payment.id, receiptYear: year, receiptNumber, amountMinor: input.amount, fineMinor };
  });
}
