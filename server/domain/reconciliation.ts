// Reconciliation: a pending order whose provider never called back (a lost IPN, a buyer who closed
// the tab after paying) is asked about a few minutes later, so a payment the provider took still
// marks its order paid; orders unpaid after 24 hours expire. One app process runs it at a time.
import { and, asc, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { orders } from "../db/schema";
import { DomainError, PaymentError } from "./errors";
import { expireStaleOrders, orderLifetimeMs } from "./orders/expiry";
import type { PaymentContext } from "./orders/order";
import { settle } from "./orders/settlement";

/** How long a provider gets to call back before it is asked, and how often an order is asked again. */
export const reconcileAfterMs = 5 * 60 * 1000;

/** Orders asked about per run: a provider is not flooded after a long outage. */
const batchSize = 50;

export type ReconcileReport = { checked: number; paid: number; expired: number };

/** Asks the providers about pending orders that have waited; settles those they say are paid. */
export async function reconcilePayments(ctx: PaymentContext, now = Date.now()): Promise<ReconcileReport> {
  const cutoff = new Date(now - reconcileAfterMs);
  const waiting = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        isNotNull(orders.providerPaymentId),
        lte(orders.createdAt, cutoff),
        gt(orders.createdAt, new Date(now - orderLifetimeMs)),
        or(isNull(orders.checkedAt), lte(orders.checkedAt, cutoff)),
      ),
    )
    .orderBy(asc(orders.checkedAt), asc(orders.createdAt))
    .limit(batchSize);
  const report: ReconcileReport = { checked: 0, paid: 0, expired: 0 };
  for (const order of waiting) {
    const provider = ctx.payments.of(order);
    if (!provider || !order.providerPaymentId) continue;
    report.checked += 1;
    await ctx.db
      .update(orders)
      .set({ checkedAt: new Date(now) })
      .where(eq(orders.id, order.id));
    try {
      const payment = await provider.query(order.providerPaymentId);
      if (payment?.status !== "succeeded") continue;
      await settle(ctx, order, payment);
      report.paid += 1;
      ctx.logger.info({ orderId: order.id, provider: provider.kind }, "reconciliation found a payment");
    } catch (error) {
      // One order's trouble (a provider down, an amount that does not match) does not stop the rest.
      const expected = error instanceof DomainError || error instanceof PaymentError;
      ctx.logger[expected ? "warn" : "error"](
        { orderId: order.id, err: error },
        "an order was not reconciled",
      );
    }
  }
  report.expired = await expireStaleOrders(ctx);
  return report;
}
