// A student's ledger: every charge, waiver, fine, correction and payment in date order with the
// running balance, and the open invoices with the fine each would carry if paid today. Read by
// the staff, a guardian linked to the child and the student themselves.
import { asc, eq, inArray } from "drizzle-orm";
import { takaText } from "../../../common/fees";
import { dhakaToday } from "../../../common/schemas/routines";
import {
  type FeeChannel,
  type FeeLineKind,
  feeInvoiceLines,
  feeInvoices,
  feePayments,
  feeRefunds,
} from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { requireChildReader } from "./access";
import { finesDue } from "./fines";
import { type FeeStudent, feeStudent } from "./student";

export type LedgerEntry = {
  /** The line's or the payment's id. */
  id: string;
  date: string;
  kind: FeeLineKind | "payment" | "refund";
  /** The head's name, "Late fine", or the receipt's number. */
  label: string;
  month: string | null;
  reason: string | null;
  /** What it adds to the balance (paisa, signed: a waiver, a credit or a payment is negative, a refund positive). */
  amountMinor: number;
  balanceMinor: number;
  paymentId: string | null;
};
export type OpenInvoice = {
  id: string;
  month: string;
  period: string;
  dueOn: string;
  totalMinor: number;
  paidMinor: number;
  /** The fine it would carry if paid today, beyond what it has. */
  fineTodayMinor: number;
};
export type PaymentRow = {
  id: string;
  receipt: string;
  paidOn: string;
  channel: FeeChannel;
  amountMinor: number;
  /** Money for months someone else paid meanwhile (two payers online at once): to refund. */
  overpaidMinor: number;
  /** Given back since (server/domain/fees/refunds.ts). */
  refundedMinor: number;
  cancelled: boolean;
};
export type Ledger = {
  student: FeeStudent;
  entries: LedgerEntry[];
  open: OpenInvoice[];
  /** Every invoice, oldest first (a correction names one). */
  invoices: { id: string; month: string; period: string; totalMinor: number; paidMinor: number }[];
  payments: PaymentRow[];
  /** What is owed now, fines not yet added left out. */
  balanceMinor: number;
  /** What paying everything today would take, with the fines of today. */
  dueTodayMinor: number;
};

export const receiptName = (year: number, number: number) => `${year}/${String(number).padStart(6, "0")}`;

export async function studentLedger(
  db: DatabaseOrTransaction,
  actor: Actor,
  studentId: string,
  today = dhakaToday(),
): Promise<Ledger> {
  await requireChildReader(db, actor, studentId);
  const student = await feeStudent(db, studentId);
  const [invoices, payments, refunds] = await Promise.all([
    db
      .select()
      .from(feeInvoices)
      .where(eq(feeInvoices.registerStudentId, student.id))
      .orderBy(asc(feeInvoices.month), asc(feeInvoices.period)),
    db
      .select()
      .from(feePayments)
      .where(eq(feePayments.registerStudentId, student.id))
      .orderBy(asc(feePayments.paidOn), asc(feePayments.receiptNumber)),
    db
      .select()
      .from(feeRefunds)
      .where(eq(feeRefunds.registerStudentId, student.id))
      .orderBy(asc(feeRefunds.createdAt)),
  ]);
  const receiptOf = new Map(payments.map((p) => [p.id, receiptName(p.receiptYear, p.receiptNumber)]));
  const refundedOf = new Map<string, number>();
  for (const refund of refunds)
    refundedOf.set(refund.paymentId, (refundedOf.get(refund.paymentId) ?? 0) + refund.amountMinor);
  const lines =
    invoices.length === 0
      ? []
      : await db
          .select()
          .from(feeInvoiceLines)
          .where(
            inArray(
              feeInvoiceLines.invoiceId,
              invoices.map((invoice) => invoice.id),
            ),
          )
          .orderBy(asc(feeInvoiceLines.createdAt));
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const dayOf = (date: Date) => new Date(date.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  const rows: Omit<LedgerEntry, "balanceMinor">[] = [
    ...lines.map((line) => {
      const invoice = invoiceOf.get(line.invoiceId);
      const onInvoice =
        line.kind === "charge" ||
        line.kind === "sibling" ||
        (line.kind === "waiver" && line.actorId === null);
      return {
        id: line.id,
        date: onInvoice ? (invoice?.dueOn ?? dayOf(line.createdAt)) : dayOf(line.createdAt),
        kind: line.kind,
        label: line.label,
        month: invoice?.month ?? null,
        reason: line.reason,
        amountMinor: line.amountMinor,
        paymentId: null,
      };
    }),
    ...payments
      .filter((payment) => payment.cancelledAt === null)
      .map((payment) => ({
        id: payment.id,
        date: payment.paidOn,
        kind: "payment" as const,
        label: receiptName(payment.receiptYear, payment.receiptNumber),
        month: null,
        // Money for months someone else paid meanwhile: a credit the office refunds.
        reason:
          payment.overpaidMinor > 0
            ? `overpaid ${takaText(payment.overpaidMinor)} taka online: ${(refundedOf.get(payment.id) ?? 0) >= payment.overpaidMinor ? "refunded" : "to refund"}`
            : null,
        amountMinor: -payment.amountMinor,
        paymentId: payment.id,
      })),
    // Money given back: owed again (or the credit of an overpayment used up).
    ...refunds.map((refund) => ({
      id: refund.id,
      date: refund.refundedOn,
      kind: "refund" as const,
      label: receiptOf.get(refund.paymentId) ?? "",
      month: null,
      reason: refund.reason,
      amountMinor: refund.amountMinor,
      paymentId: refund.paymentId,
    })),
  ];
  // By date; on one day the charges before the payment that pays them, a refund after it.
  const order = (kind: LedgerEntry["kind"]) => (kind === "payment" ? 1 : kind === "refund" ? 2 : 0);
  rows.sort((a, b) => (a.date === b.date ? order(a.kind) - order(b.kind) : a.date < b.date ? -1 : 1));
  let balance = 0;
  const entries = rows.map((row) => {
    balance += row.amountMinor;
    return { ...row, balanceMinor: balance };
  });
  const open = invoices.filter((invoice) => invoice.totalMinor > invoice.paidMinor);
  const fines = await finesDue(db, open, today);
  const openRows = open.map((invoice) => ({
    id: invoice.id,
    month: invoice.month,
    period: invoice.period,
    dueOn: invoice.dueOn,
    totalMinor: invoice.totalMinor,
    paidMinor: invoice.paidMinor,
    fineTodayMinor: fines.get(invoice.id) ?? 0,
  }));
  const owed = invoices.reduce((total, invoice) => total + invoice.totalMinor - invoice.paidMinor, 0);
  return {
    student,
    entries,
    open: openRows,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      month: invoice.month,
      period: invoice.period,
      totalMinor: invoice.totalMinor,
      paidMinor: invoice.paidMinor,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      receipt: receiptName(payment.receiptYear, payment.receiptNumber),
      paidOn: payment.paidOn,
      channel: payment.channel,
      amountMinor: payment.amountMinor,
      overpaidMinor: payment.overpaidMinor,
      refundedMinor: refundedOf.get(payment.id) ?? 0,
      cancelled: payment.cancelledAt !== null,
    })),
    balanceMinor: owed,
    dueTodayMinor: owed + openRows.reduce((total, invoice) => total + invoice.fineTodayMinor, 0),
  };
}
