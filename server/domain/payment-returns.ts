// What comes back from a redirect provider: SSLCommerz's IPN and the buyer's return, bKash's
// callback, and the local test gateway's choice. Each is checked with the provider (the provider
// module's settle) before anything changes; the order is then settled once, whoever reports first.
// A forged, replayed or mismatched report changes nothing and is logged.

import { eq } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { orders } from "../db/schema";
import { type PaymentProvider, PaymentReportError, type Settlement } from "../payments/provider";
import { testGatewayChannels } from "../payments/test-gateway";
import { type Actor, requireUser } from "./actor";
import { admissionApplicationOf } from "./admission-applications/payment";
import { DomainError, notFound } from "./errors";
import { isFeeOrder, monthPaidMeanwhile } from "./fees/online-settlement";
import { orderLifetimeMs } from "./orders/expiry";
import type { PaymentContext } from "./orders/order";
import { refuseFeesPaidMeanwhile, settle } from "./orders/settlement";

/**
 * What the buyer is told on coming back: paid; on_hold (taken, an admin checks it); failed or
 * cancelled (unpaid, try again); pending (not decided yet); rejected (the report did not check
 * out: nothing changed).
 */
export type ReturnOutcome = "paid" | "on_hold" | "failed" | "cancelled" | "pending" | "rejected";

export type ReturnAnswer = { outcome: ReturnOutcome; orderId: string | null };

const paymentIdPattern = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Reports being settled in this process now: the same report arriving again meanwhile (the IPN
 * beside the buyer's return, a double-clicked bKash callback) waits for the first and answers
 * what it found, so the provider is asked once (one validation, one bKash execute). Only the very
 * same report: a forged one sent alongside cannot stand in for the genuine one.
 */
const settling = new Map<string, Promise<ReturnAnswer>>();

/**
 * Settles what a redirect provider reported about `paymentId`. An order already settled is not
 * sent to the provider again (no second bKash execute, no second validation).
 */
export function settleReport(
  ctx: PaymentContext,
  provider: PaymentProvider,
  paymentId: string,
  report: Record<string, string>,
): Promise<ReturnAnswer> {
  const key = JSON.stringify([provider.kind, provider.testMode, paymentId, Object.entries(report).sort()]);
  const running = settling.get(key);
  if (running) return running;
  const settled = settleOnce(ctx, provider, paymentId, report).finally(() => settling.delete(key));
  settling.set(key, settled);
  return settled;
}

async function settleOnce(
  ctx: PaymentContext,
  provider: PaymentProvider,
  paymentId: string,
  report: Record<string, string>,
): Promise<ReturnAnswer> {
  const rejected = (reason: string, orderId: string | null = null): ReturnAnswer => {
    ctx.metrics?.payment(provider.kind, provider.testMode, "rejected");
    ctx.logger.warn({ provider: provider.kind, paymentId, orderId, reason }, "a payment report was rejected");
    return { outcome: "rejected", orderId };
  };
  if (!provider.settle) return rejected("the provider sends no reports");
  // Every provider's ids are short and plain (tran_id, paymentID): anything else names no order.
  const order = paymentIdPattern.test(paymentId) ? await orderOf(ctx, provider, paymentId) : undefined;
  if (!order) return rejected("no order has this payment");
  if (order.status === "paid" || order.status === "refunded") return { outcome: "paid", orderId: order.id };
  if (order.status === "on_hold") return { outcome: "on_hold", orderId: order.id };
  // Money taken now for an expired order could only be refunded: bKash is not asked to execute.
  const payable = order.status === "pending" && order.createdAt.getTime() > Date.now() - orderLifetimeMs;
  if (!payable && provider.settleTakesMoney) return rejected("the order can no longer be paid", order.id);
  // bKash's execute takes the money: not for months someone else paid meanwhile.
  if (provider.settleTakesMoney && (await monthPaidMeanwhile(ctx.db, order.id))) {
    return rejected("a month of this fee order was paid meanwhile", order.id);
  }

  let settlement: Settlement;
  try {
    settlement = await provider.settle(report);
  } catch (error) {
    if (error instanceof PaymentReportError) return rejected(error.message, order.id);
    throw error;
  }
  const reported = "payment" in settlement ? settlement.payment.id : settlement.paymentId;
  if (reported !== paymentId) return rejected("the report is about another payment", order.id);
  if (settlement.outcome === "failed" || settlement.outcome === "cancelled") {
    ctx.metrics?.payment(provider.kind, provider.testMode, settlement.outcome);
    ctx.logger.info(
      { orderId: order.id, paymentId, reason: settlement.reason },
      `a payment ${settlement.outcome}: the order stays unpaid`,
    );
    return { outcome: settlement.outcome, orderId: order.id };
  }
  if (settlement.outcome !== "paid") return { outcome: "pending", orderId: order.id };
  try {
    return { outcome: await settle(ctx, order, settlement.payment), orderId: order.id };
  } catch (error) {
    // Expired, or the amount or currency does not match the order: nothing is marked paid.
    if (error instanceof DomainError) return rejected(error.message, order.id);
    throw error;
  }
}

async function orderOf(ctx: PaymentContext, provider: PaymentProvider, paymentId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
  return order?.provider === provider.kind && order.testMode === provider.testMode ? order : undefined;
}

/** The local test gateway's page: the stand-in payment, for its buyer only. */
export async function testGatewayPayment(ctx: PaymentContext, actor: Actor, paymentId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
  const provider = order ? ctx.payments.of(order) : undefined;
  if (!order || !provider?.testMode || provider.flow !== "redirect") throw notFound("payment");
  // A visitor's fee order (no buyer) is paid by whoever holds its random payment id.
  if (order.userId !== null && order.userId !== requireUser(actor).id) throw notFound("payment");
  const imitates = provider.kind as keyof typeof testGatewayChannels;
  return {
    paymentId,
    orderId: order.id,
    provider: imitates,
    status: order.status,
    totalMinor: order.totalMinor,
    currency: order.currency,
    channels: testGatewayChannels[imitates],
    feeOrder: await isFeeOrder(ctx.db, order.id),
    /** The admission application whose form fee this is, if any (its page is where the payer goes back). */
    applicationId: await admissionApplicationOf(ctx.db, order.id),
  };
}

/** The buyer's choice on the local test gateway page, settled like the provider's own report. */
export async function completeTestGateway(
  ctx: PaymentContext,
  actor: Actor,
  input: { paymentId: string; outcome: string; channel?: string },
): Promise<ReturnAnswer & { provider: string; feeOrder: boolean; applicationId: string | null }> {
  const payment = await testGatewayPayment(ctx, actor, input.paymentId);
  if (!["paid", "failed", "cancelled"].includes(input.outcome)) {
    throw new DomainError("invalid", problem("payment.chooseOutcome"), {
      outcome: problem("payment.chooseOutcome"),
    });
  }
  if (input.outcome === "paid" && !payment.channels.includes(input.channel ?? "")) {
    throw new DomainError("invalid", problem("payment.chooseChannel"), {
      channel: problem("payment.chooseChannel"),
    });
  }
  const provider = ctx.payments.of({ provider: payment.provider, testMode: true });
  if (!provider) throw notFound("payment");
  if (input.outcome === "paid") await refuseFeesPaidMeanwhile(ctx.db, payment.orderId);
  const answer = await settleReport(ctx, provider, input.paymentId, {
    paymentId: input.paymentId,
    outcome: input.outcome,
    channel: input.channel ?? "",
  });
  return {
    ...answer,
    provider: payment.provider,
    feeOrder: payment.feeOrder,
    applicationId: payment.applicationId,
  };
}
