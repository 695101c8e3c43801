// An online order of fees confirmed by its provider becomes a fee payment, in the transaction
// that marks the order paid (server/domain/orders/settlement.ts), so it happens once whoever
// reports first: the year's next receipt number, allocated to the order's invoices oldest first
// with the fines of the day of payment. Money for a month paid meanwhile (two payers at once) is
// never lost: it stays on the payment as overpaid, allocated beyond the month's amount, so the
// ledger shows it as a credit for the office to refund.
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { dhakaToday } from "../../../common/schemas/routines";
import {
  type FeeChannel,
  feeAllocations,
  feeInvoiceLines,
  feeInvoices,
  feeOrderInvoices,
  feeOrders,
  feePayments,
} from "../../db/schema";
import type { DatabaseOrTransaction, Transaction } from "../../db/transaction";
import { finesDue } from "./fines";
import { nextReceiptNumber } from "./payment";

/** How the provider says it was paid, as the fee ledger names channels. */
export function feeChannelOf(provider: string, channel: string | null | undefined): FeeChannel {
  const named = (channel ?? "").toUpperCase();
  if (provider === "bkash" || named.startsWith("BKASH")) return "bkash";
  if (named.startsWith("NAGAD")) return "nagad";
  return "card";
}

type PaidOrder = {
  id: string;
  totalMinor: number;
  userId: string | null;
  provider: string;
};

/**
 * Records the fee payment of a fee order that has just been marked paid, in the same
 * transaction. Answers the fee payment's id, or null when the order is not a fee order.
 */
export async function payFeeOrder(
  tx: Transaction,
  order: PaidOrder,
  details: { transactionId?: string | null; channel?: string | null },
  paidOn = dhakaToday(),
): Promise<string | null> {
  const [feeOrder] = await tx.select().from(feeOrders).where(eq(feeOrders.orderId, order.id)).for("update");
  if (!feeOrder) return null;
  if (feeOrder.paymentId) return feeOrder.paymentId;
  const items = await tx.select().from(feeOrderInvoices).where(eq(feeOrderInvoices.orderId, order.id));
  const invoices =
    items.length === 0
      ? []
      : await tx
          .select()
          .from(feeInvoices)
          .where(
            inArray(
              feeInvoices.id,
              items.map((item) => item.invoiceId),
            ),
          )
          .orderBy(asc(feeInvoices.month), asc(feeInvoices.period))
          .for("update");
  const open = invoices.filter((invoice) => invoice.totalMinor > invoice.paidMinor);
  const fines = await finesDue(tx, open, paidOn);
  const year = Number(paidOn.slice(0, 4));
  const receiptNumber = await nextReceiptNumber(tx, year);

  let left = order.totalMinor;
  let fineMinor = 0;
  const allocated = new Map<string, number>();
  for (const invoice of open) {
    if (left <= 0) break;
    const fine = fines.get(invoice.id) ?? 0;
    if (fine > 0) {
      await tx.insert(feeInvoiceLines).values({
        invoiceId: invoice.id,
        kind: "fine",
        label: "Late fine",
        amountMinor: fine,
        reason: `paid online on ${paidOn}`,
      });
      fineMinor += fine;
    }
    const part = Math.min(left, invoice.totalMinor - invoice.paidMinor + fine);
    left -= part;
    allocated.set(invoice.id, part);
    await tx
      .update(feeInvoices)
      .set({
        totalMinor: sql`${feeInvoices.totalMinor} + ${fine}`,
        paidMinor: sql`${feeInvoices.paidMinor} + ${part}`,
      })
      .where(eq(feeInvoices.id, invoice.id));
  }
  // What is left paid months already paid meanwhile: kept on the first of them (or the last
  // month), beyond its amount, as a credit the office refunds.
  const overpaidMinor = left;
  if (overpaidMinor > 0) {
    const paidMeanwhile =
      invoices.find((invoice) => !open.includes(invoice)) ?? invoices[invoices.length - 1];
    if (!paidMeanwhile) throw new Error("a fee order without invoices");
    allocated.set(paidMeanwhile.id, (allocated.get(paidMeanwhile.id) ?? 0) + overpaidMinor);
    await tx
      .update(feeInvoices)
      .set({ paidMinor: sql`${feeInvoices.paidMinor} + ${overpaidMinor}` })
      .where(eq(feeInvoices.id, paidMeanwhile.id));
  }
  const [payment] = await tx
    .insert(feePayments)
    .values({
      registerStudentId: feeOrder.registerStudentId,
      receiptYear: year,
      receiptNumber,
      channel: feeChannelOf(order.provider, details.channel),
      reference: details.transactionId ?? null,
      amountMinor: order.totalMinor,
      fineMinor,
      overpaidMinor,
      paidOn,
      collectorId: order.userId,
      collectorName: `Online (${order.provider})`,
      orderId: order.id,
    })
    .returning({ id: feePayments.id });
  if (!payment) throw new Error("the payment was not stored");
  await tx
    .insert(feeAllocations)
    .values(
      [...allocated].map(([invoiceId, amountMinor]) => ({ paymentId: payment.id, invoiceId, amountMinor })),
    );
  await tx.update(feeOrders).set({ paymentId: payment.id }).where(eq(feeOrders.orderId, order.id));
  return payment.id;
}

/**
 * A month of this fee order has been paid since it was made (by another payer): the payment is
 * refused before any money moves. Answers the first such month, or null (also for other orders).
 */
export async function monthPaidMeanwhile(db: DatabaseOrTransaction, orderId: string): Promise<string | null> {
  const [paid] = await db
    .select({ month: feeInvoices.month })
    .from(feeOrderInvoices)
    .innerJoin(feeInvoices, eq(feeInvoices.id, feeOrderInvoices.invoiceId))
    .innerJoin(feeOrders, and(eq(feeOrders.orderId, feeOrderInvoices.orderId), isNull(feeOrders.paymentId)))
    .where(and(eq(feeOrderInvoices.orderId, orderId), gte(feeInvoices.paidMinor, feeInvoices.totalMinor)))
    .orderBy(asc(feeInvoices.month))
    .limit(1);
  return paid?.month ?? null;
}

/** Whether an order pays fees (its buyer comes back to /fees/orders/{id}, not the cart's page). */
export async function isFeeOrder(db: DatabaseOrTransaction, orderId: string | null): Promise<boolean> {
  if (!orderId) return false;
  const [found] = await db
    .select({ orderId: feeOrders.orderId })
    .from(feeOrders)
    .where(eq(feeOrders.orderId, orderId))
    .limit(1);
  return Boolean(found);
}

/** Where the payer of a fee order comes back to, with what happened. */
export const feeOrderPage = (orderId: string, outcome: string) =>
  `/fees/orders/${orderId}?${new URLSearchParams({ outcome })}`;
