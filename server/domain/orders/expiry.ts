// Expiry: an order unpaid 24 hours after it was made can no longer be paid.
import { and, eq, lte } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { OrderContext, OrderRow, PaymentContext } from "./order";

/** How long an order waits for its payment. */
export const orderLifetimeMs = 24 * 60 * 60 * 1000;

/** Orders made before this time have expired. */
export const expiryCutoff = (now = Date.now()) => new Date(now - orderLifetimeMs);

/** A pending order past its lifetime, though not yet marked expired. */
export const isStale = (order: OrderRow, now = Date.now()) =>
  order.status === "pending" && order.createdAt.getTime() <= now - orderLifetimeMs;

/**
 * Marks pending orders older than a day expired; done on every read and payment of orders, so no
 * timer is needed. With a provider at hand (the services object), their intents are cancelled
 * too, after the answer rather than before it (best effort: a payment the provider still reports
 * later is recorded as paid_after_expiry, never as paid).
 */
export async function expireStaleOrders(
  ctx: Pick<OrderContext, "db"> & Partial<Pick<PaymentContext, "payments" | "logger" | "metrics">>,
): Promise<number> {
  const expired = await ctx.db
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.status, "pending"), lte(orders.createdAt, expiryCutoff())))
    .returning({
      id: orders.id,
      provider: orders.provider,
      testMode: orders.testMode,
      providerPaymentId: orders.providerPaymentId,
    });
  for (const order of expired) ctx.metrics?.payment(order.provider, order.testMode, "expired");
  const { payments, logger } = ctx;
  if (expired.length === 0 || !payments) return expired.length;
  void (async () => {
    for (const order of expired) {
      const provider = payments.of(order);
      if (!order.providerPaymentId || !provider) continue;
      try {
        await provider.cancel(order.providerPaymentId);
      } catch (error) {
        logger?.warn({ orderId: order.id, err: error }, "an expired order's intent was not cancelled");
      }
    }
  })();
  return expired.length;
}
