// Refunds of fee payments (issue 41 item 8): an admin or an accountant gives back money of a
// receipt, whole or in part, with a reason. A payment that came online is refunded through the
// provider by the orders' refund machinery (server/domain/refunds.ts: the amount reserved on the
// order first, the buyer's mail, the audit entry); one taken at the office is handed back in cash.
// Either way the money comes off the payment's allocations, what it brought beyond a month (an
// overpayment) first and then the latest month's, so the months it paid are owed again, and the
// ledger shows the refund with the running balance.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { takaText } from "../../../common/fees";
import { uuidPattern } from "../../../common/ids";
import { dhakaToday } from "../../../common/schemas/routines";
import { feeAllocations, feeInvoices, feePayments, feeRefunds } from "../../db/schema";
import type { DatabaseOrTransaction, Transaction } from "../../db/transaction";
import type { Mailer } from "../../mail/mailer";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import type { PaymentContext } from "../orders/order";
import { refundOrder } from "../refunds";
import { requireFeeStaff } from "./access";
import { receiptName } from "./ledger";

export type FeeRefund = {
  id: string;
  paymentId: string;
  receipt: string;
  amountMinor: number;
  reason: string;
  refundedOn: string;
  /** "provider": through the gateway that took it; "cash": handed back at the office. */
  way: "provider" | "cash";
  /** What is left of the payment to refund. */
  leftMinor: number;
};

/** What of the payment is still allocated (not refunded, not cancelled). */
async function allocatedOf(db: DatabaseOrTransaction, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${feeAllocations.amountMinor}), 0)` })
    .from(feeAllocations)
    .where(eq(feeAllocations.paymentId, paymentId));
  return Number(row?.total ?? 0);
}

const tooMuch = (leftMinor: number) => {
  const found = problem("refund.left", { left: takaText(leftMinor) });
  return new DomainError("invalid", found, { amount: found });
};

/**
 * Takes the amount off the payment's allocations (locked): first what an invoice holds beyond its
 * total (an overpayment), then the latest months'.
 */
async function unallocate(tx: Transaction, paymentId: string, amountMinor: number) {
  const rows = await tx
    .select({
      invoiceId: feeAllocations.invoiceId,
      allocated: feeAllocations.amountMinor,
      totalMinor: feeInvoices.totalMinor,
      paidMinor: feeInvoices.paidMinor,
    })
    .from(feeAllocations)
    .innerJoin(feeInvoices, eq(feeInvoices.id, feeAllocations.invoiceId))
    .where(eq(feeAllocations.paymentId, paymentId))
    .orderBy(desc(feeInvoices.month), desc(feeInvoices.period))
    .for("update");
  let rest = amountMinor;
  const taken = new Map<string, number>();
  const take = (invoiceId: string, most: number) => {
    const amount = Math.min(rest, most);
    if (amount <= 0) return;
    taken.set(invoiceId, (taken.get(invoiceId) ?? 0) + amount);
    rest -= amount;
  };
  for (const row of rows) take(row.invoiceId, Math.min(row.allocated, row.paidMinor - row.totalMinor));
  for (const row of rows) take(row.invoiceId, row.allocated - (taken.get(row.invoiceId) ?? 0));
  if (rest > 0) return false;
  for (const [invoiceId, amount] of taken) {
    await tx
      .update(feeAllocations)
      .set({ amountMinor: sql`${feeAllocations.amountMinor} - ${amount}` })
      .where(and(eq(feeAllocations.paymentId, paymentId), eq(feeAllocations.invoiceId, invoiceId)));
    await tx
      .update(feeInvoices)
      .set({ paidMinor: sql`${feeInvoices.paidMinor} - ${amount}` })
      .where(eq(feeInvoices.id, invoiceId));
  }
  return true;
}

export async function refundFeePayment(
  ctx: PaymentContext & { mail: Mailer },
  actor: Actor,
  paymentId: string,
  input: { amount?: number | undefined; reason: string },
): Promise<FeeRefund> {
  const staff = requireFeeStaff(actor);
  if (!uuidPattern.test(paymentId)) throw notFound("receipt");
  const [payment] = await ctx.db.select().from(feePayments).where(eq(feePayments.id, paymentId));
  if (!payment) throw notFound("receipt");
  if (payment.cancelledAt) throw new DomainError("conflict", problem("fees.receiptCancelled"));
  const left = await allocatedOf(ctx.db, paymentId);
  // By default what it brought beyond its months (an overpayment), or else all that is left.
  const overpaidLeft = Math.min(left, payment.overpaidMinor - (payment.amountMinor - left));
  const amountMinor = input.amount ?? (overpaidLeft > 0 ? overpaidLeft : left);
  if (amountMinor <= 0 || amountMinor > left) throw tooMuch(left);

  // Online: the provider gives the money back first (the order's amount reserved meanwhile).
  const byProvider = payment.orderId
    ? await refundOrder(ctx, actor, payment.orderId, { amount: amountMinor, reason: input.reason })
    : null;
  const refundedOn = dhakaToday();
  const row = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: feePayments.id })
      .from(feePayments)
      .where(and(eq(feePayments.id, paymentId), isNull(feePayments.cancelledAt)))
      .for("update");
    if (!locked) throw new DomainError("conflict", problem("fees.receiptCancelled"));
    if (!(await unallocate(tx, paymentId, amountMinor))) throw tooMuch(await allocatedOf(tx, paymentId));
    const [made] = await tx
      .insert(feeRefunds)
      .values({
        paymentId,
        registerStudentId: payment.registerStudentId,
        amountMinor,
        reason: input.reason,
        refundedOn,
        orderRefundId: byProvider?.refund.id ?? null,
        actorId: staff.id,
        actorName: staff.name,
      })
      .returning();
    await recordAudit(tx, staff, {
      action: "refund",
      subject: "fee",
      subjectId: payment.registerStudentId,
      label: `receipt ${receiptName(payment.receiptYear, payment.receiptNumber)}: ${takaText(amountMinor)} taka refunded${byProvider ? " through the provider" : " in cash"} (${input.reason})`,
    });
    return made;
  });
  if (!row) throw new Error("the refund was not stored");
  return {
    id: row.id,
    paymentId,
    receipt: receiptName(payment.receiptYear, payment.receiptNumber),
    amountMinor,
    reason: row.reason,
    refundedOn,
    way: byProvider ? "provider" : "cash",
    leftMinor: left - amountMinor,
  };
}
