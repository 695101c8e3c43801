// A payment's receipt: its number, the student, the months and heads it paid (with the fine and
// the waivers on them), the channel and who took it; read by the staff and the child's family.
// A receipt is cancelled, never deleted: it stays with its reason, its number is never reused,
// and the invoices it paid are open again.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { Database } from "../../db/client";
import {
  type FeeChannel,
  feeAllocations,
  feeInvoiceLines,
  feeInvoices,
  feeOrders,
  feePayments,
} from "../../db/schema";
import { type Actor, requireUser } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import { isFeeStaff, requireChildReader, requireFeeStaff } from "./access";
import { receiptName } from "./ledger";
import { keyHashOf } from "./online";
import { type FeeStudent, feeStudent } from "./student";

export type ReceiptInvoice = {
  month: string;
  period: string;
  lines: { id: string; kind: string; label: string; amountMinor: number }[];
  /** What this payment paid of it. */
  paidMinor: number;
};
export type Receipt = {
  id: string;
  receipt: string;
  student: FeeStudent;
  paidOn: string;
  channel: FeeChannel;
  reference: string | null;
  amountMinor: number;
  fineMinor: number;
  /** Money for months paid meanwhile by someone else: the office refunds it. */
  overpaidMinor: number;
  waiverMinor: number;
  collector: string;
  invoices: ReceiptInvoice[];
  cancelled: { at: string; reason: string } | null;
};

/**
 * A receipt for the staff and the child's family, or for whoever holds the key of the online
 * payment that made it (a visitor who paid at /fees/pay); a wrong key is as good as none.
 */
export async function readReceipt(db: Database, actor: Actor, id: string, key?: string): Promise<Receipt> {
  const byKey = key && uuidPattern.test(id) ? await holdsReceiptKey(db, id, key) : false;
  if (!byKey) requireUser(actor);
  const refused = () => new DomainError("forbidden", problem("auth.roleOnly"));
  if (!uuidPattern.test(id)) throw isFeeStaff(actor) ? notFound("receipt") : refused();
  const [payment] = await db.select().from(feePayments).where(eq(feePayments.id, id));
  if (!payment) throw isFeeStaff(actor) ? notFound("receipt") : refused();
  if (!byKey) await requireChildReader(db, actor, payment.registerStudentId);
  const allocations = await db
    .select({ invoice: feeInvoices, amountMinor: feeAllocations.amountMinor })
    .from(feeAllocations)
    .innerJoin(feeInvoices, eq(feeInvoices.id, feeAllocations.invoiceId))
    .where(eq(feeAllocations.paymentId, id))
    .orderBy(asc(feeInvoices.month), asc(feeInvoices.period));
  const lines =
    allocations.length === 0
      ? []
      : await db
          .select()
          .from(feeInvoiceLines)
          .where(
            inArray(
              feeInvoiceLines.invoiceId,
              allocations.map((a) => a.invoice.id),
            ),
          )
          .orderBy(asc(feeInvoiceLines.createdAt));
  const invoices = allocations.map(({ invoice, amountMinor }) => ({
    month: invoice.month,
    period: invoice.period,
    lines: lines
      .filter((line) => line.invoiceId === invoice.id)
      .map((line) => ({ id: line.id, kind: line.kind, label: line.label, amountMinor: line.amountMinor })),
    paidMinor: amountMinor,
  }));
  return {
    id: payment.id,
    receipt: receiptName(payment.receiptYear, payment.receiptNumber),
    student: await feeStudent(db, payment.registerStudentId),
    paidOn: payment.paidOn,
    channel: payment.channel,
    reference: payment.reference,
    amountMinor: payment.amountMinor,
    fineMinor: payment.fineMinor,
    overpaidMinor: payment.overpaidMinor,
    waiverMinor: -invoices
      .flatMap((invoice) => invoice.lines)
      .filter((line) => line.kind === "waiver" || line.kind === "sibling")
      .reduce((total, line) => total + line.amountMinor, 0),
    collector: payment.collectorName,
    invoices,
    cancelled: payment.cancelledAt
      ? { at: payment.cancelledAt.toISOString(), reason: payment.cancelReason ?? "" }
      : null,
  };
}

export async function cancelReceipt(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
): Promise<Receipt> {
  const staff = requireFeeStaff(actor);
  if (!uuidPattern.test(id)) throw notFound("receipt");
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .update(feePayments)
      .set({ cancelledAt: new Date(), cancelReason: reason })
      .where(and(eq(feePayments.id, id), isNull(feePayments.cancelledAt)))
      .returning();
    if (!payment) {
      const [exists] = await tx
        .select({ id: feePayments.id })
        .from(feePayments)
        .where(eq(feePayments.id, id));
      if (!exists) throw notFound("receipt");
      throw new DomainError("conflict", problem("fees.receiptCancelled"));
    }
    await tx
      .update(feeInvoices)
      .set({
        paidMinor: sql`${feeInvoices.paidMinor} - (select a.amount_minor from fee_allocations a where a.payment_id = ${id} and a.invoice_id = ${feeInvoices.id})`,
      })
      .where(
        sql`${feeInvoices.id} in (select a.invoice_id from fee_allocations a where a.payment_id = ${id})`,
      );
    await recordAudit(tx, staff, {
      action: "update",
      subject: "fee",
      subjectId: payment.registerStudentId,
      label: `receipt ${receiptName(payment.receiptYear, payment.receiptNumber)} cancelled (${reason})`,
    });
  });
  return readReceipt(db, actor, id);
}

async function holdsReceiptKey(db: Database, paymentId: string, key: string): Promise<boolean> {
  const [found] = await db
    .select({ orderId: feeOrders.orderId })
    .from(feeOrders)
    .where(and(eq(feeOrders.paymentId, paymentId), eq(feeOrders.keyHash, keyHashOf(key))))
    .limit(1);
  return Boolean(found);
}
