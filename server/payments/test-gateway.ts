// The built-in stand-ins for the redirect providers (SSLCommerz, bKash), used when no payment
// provider is configured: the buyer goes to the site's own test gateway page instead of the
// provider's, chooses to pay, fail or cancel, and comes back the way the real flow does. No money
// moves. Like the test card (test-mode.ts), a stand-in keeps its payments in the orders table.
import { eq } from "drizzle-orm";
import { maxAmountMinor } from "../../common/money";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { type PaymentProvider, PaymentReportError } from "./provider";
import { randomPart, standInPayment, standInRefund } from "./stand-in";

export type GatewayImitated = "sslcommerz" | "bkash";

/**
 * How a buyer may pay on each provider's page, as the provider names it (SSLCommerz's card_type):
 * for SSLCommerz a card, bKash, Nagad and Rocket (Dutch-Bangla's mobile banking), as the README
 * and docs/payments.md say; people read them so (common/payment-channels.ts).
 */
export const testGatewayChannels: Record<GatewayImitated, readonly string[]> = {
  sslcommerz: ["VISA-Dutch Bangla", "BKASH-BKash", "NAGAD-Nagad", "DBBLMOBILEB-Dbbl Mobile Banking"],
  bkash: ["bKash"],
};

export const testGatewayPrefix = (imitates: GatewayImitated) => `test_${imitates}_`;

/** The page where the buyer pays a stand-in's payment. */
export const testGatewayPath = (paymentId: string) => `/payment-getway/test-gateway/${paymentId}`;

export function createTestGatewayProvider(
  db: Database,
  imitates: GatewayImitated,
  publicUrl: string,
): PaymentProvider {
  const prefix = testGatewayPrefix(imitates);
  const orderOf = async (id: string) => {
    if (!id.startsWith(prefix)) return undefined;
    const [order] = await db.select().from(orders).where(eq(orders.providerPaymentId, id)).limit(1);
    return order?.provider === imitates && order.testMode ? order : undefined;
  };
  return {
    kind: imitates,
    testMode: true,
    flow: "redirect",
    publishableKey: null,
    maxAmountMinor,
    currencies: null,
    async start() {
      const id = `${prefix}${randomPart()}`;
      return { id, redirectUrl: `${publicUrl}${testGatewayPath(id)}` };
    },
    // The report comes from the test gateway page, which has already checked that its sender is
    // the order's buyer (server/domain/payment-returns.ts): here it only has to add up.
    async settle(report) {
      const order = await orderOf(report.paymentId ?? "");
      if (!order) throw new PaymentReportError("No test payment with this id");
      const paymentId = order.providerPaymentId ?? "";
      if (report.outcome === "failed") return { outcome: "failed", paymentId, reason: "The payment failed" };
      if (report.outcome === "cancelled") {
        return { outcome: "cancelled", paymentId, reason: "The payment was cancelled" };
      }
      const channel = report.channel ?? "";
      if (report.outcome !== "paid" || !testGatewayChannels[imitates].includes(channel)) {
        throw new PaymentReportError("The test gateway's report does not add up");
      }
      return {
        outcome: "paid",
        payment: {
          id: paymentId,
          status: "succeeded",
          amountMinor: order.totalMinor,
          currency: order.currency,
          transactionId: `TEST${randomPart(6).toUpperCase()}`,
          channel,
          maskedCard: channel.startsWith("VISA") ? "424242XXXXXX4242" : undefined,
          last4: channel.startsWith("VISA") ? "4242" : undefined,
        },
      };
    },
    async query(id) {
      const order = await orderOf(id);
      return order ? standInPayment(id, order) : null;
    },
    // A payment replaced on its order (the cart changed) belongs to no order any more, so the
    // gateway page can no longer find it.
    async cancel(id) {
      const order = await orderOf(id);
      return !order || order.status === "pending" || order.status === "expired";
    },
    refund: standInRefund,
  };
}
