// What the test-mode stand-ins (the test card, the test gateway) share: they keep their payments
// in the orders table itself, so a payment's state is its order's, and a refund needs no one.
import { randomBytes } from "node:crypto";
import type { orders } from "../db/schema";
import type { ProviderPayment, RefundResult } from "./provider";

/** Letters and digits only, so "_secret_" can never appear inside the random part. */
export const randomPart = (bytes = 12) => randomBytes(bytes).toString("hex");

/** Statuses whose money was taken (and maybe given back since). */
const taken = new Set(["paid", "paid_after_expiry", "on_hold", "refunded"]);

/** The stand-in's payment: what its order says of it. */
export function standInPayment(id: string, order: typeof orders.$inferSelect): ProviderPayment {
  return {
    id,
    status: taken.has(order.status)
      ? "succeeded"
      : order.status === "pending"
        ? "requires_payment"
        : "canceled",
    amountMinor: order.totalMinor,
    currency: order.currency,
    last4: order.cardLast4 ?? undefined,
    billing: { name: order.billingName, email: order.billingEmail, address: order.billingAddress },
    transactionId: order.transactionId ?? undefined,
    channel: order.paymentChannel ?? undefined,
  };
}

/** The domain checks what may be refunded; here the money "goes back" at once. */
export const standInRefund = async (): Promise<RefundResult> => ({
  providerRefundId: `test_re_${randomPart()}`,
  status: "succeeded",
});
