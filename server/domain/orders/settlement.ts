// Recording a payment: only what the provider says counts, and only once, whoever reports it
// first (the page, an earlier client through admitCollection, Stripe's webhook, the test mode's
// card form).
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import { recordPaymentInput, testPaymentInput } from "../../../common/schemas/orders";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema";
import type { PaymentProvider, ProviderPayment } from "../../payments/provider";
import { chargeTestCard, intentIdOfClientSecret } from "../../payments/test-mode";
import { type Actor, requireUser } from "../actor";
import { submitPaidApplication } from "../admission-applications/payment";
import { DomainError, PaymentError } from "../errors";
import { monthPaidMeanwhile, payFeeOrder } from "../fees/online-settlement";
import { expireStaleOrders, expiryCutoff, isStale } from "./expiry";
import { type OrderRow, type PaymentContext, parse } from "./order";

type PaymentDetails = Pick<
  ProviderPayment,
  "last4" | "billing" | "transactionId" | "validationId" | "channel" | "maskedCard"
>;

/** What a confirmed payment stores on its order: when, and the card and billing details it came with. */
function paymentColumns({
  last4,
  billing,
  transactionId,
  validationId,
  channel,
  maskedCard,
}: PaymentDetails) {
  return {
    paidAt: new Date(),
    ...(last4 ? { cardLast4: last4.slice(-4) } : {}),
    ...(transactionId ? { transactionId } : {}),
    ...(validationId ? { validationId } : {}),
    ...(channel ? { paymentChannel: channel } : {}),
    ...(maskedCard ? { maskedCard } : {}),
    ...(billing?.name ? { billingName: billing.name } : {}),
    ...(billing?.email ? { billingEmail: billing.email } : {}),
    ...(billing?.address ? { billingAddress: billing.address } : {}),
  };
}

/**
 * Marks a pending order paid by this intent. The conditions make it happen once, however many
 * reports arrive together, and never for an intent the order no longer has (its cart changed) or
 * an order that has expired; answers whether this call was the one that did it.
 */
async function markPaid(
  db: Database,
  order: OrderRow,
  paymentId: string,
  details: PaymentDetails & { onHold?: boolean },
  school: string,
): Promise<boolean> {
  // A fee order's payment and receipt are written with the order's new status, or neither is.
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({
        status: details.onHold ? "on_hold" : "paid",
        ...paymentColumns(details),
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, "pending"),
          eq(orders.providerPaymentId, paymentId),
          gt(orders.createdAt, expiryCutoff()),
        ),
      )
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    // On hold, the money waits for an admin: the months are paid when the order is.
    if (!details.onHold) await payFeeOrder(tx, order, details);
    // An admission application's fee: the application is submitted with its number, or stays a draft.
    if (!details.onHold) await submitPaidApplication(tx, order, school);
    return true;
  });
}

/**
 * The provider took the money for an order that had expired (a late webhook, a payer who kept the
 * page open for days): the order is not paid, but the payment is kept on it for the office to
 * refund or honour, and logged as an error.
 */
async function recordLatePayment(ctx: PaymentContext, order: OrderRow, payment: ProviderPayment) {
  const updated = await ctx.db
    .update(orders)
    .set({
      status: "paid_after_expiry",
      ...paymentColumns(payment),
    })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, ["pending", "expired"]),
        eq(orders.providerPaymentId, payment.id),
      ),
    )
    .returning({ id: orders.id });
  if (updated.length > 0) {
    ctx.metrics?.payment(order.provider, order.testMode, "paid_after_expiry");
    ctx.logger.error(
      { orderId: order.id, paymentId: payment.id, paid: payment.amountMinor, currency: payment.currency },
      "a payment arrived for an expired order: refund or honour it",
    );
  }
}

/** This order has expired: it can never be paid. */
const expiredError = () => new DomainError("conflict", problem("payment.expired"));

async function orderByPaymentId(db: Database, paymentId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
  return order;
}

/**
 * Records the provider's answer against the order, after checking it pays this order in full, in
 * its currency. Answers the order's status after it (paid, or on_hold when the provider flags the
 * payment as risky).
 */
export async function settle(
  ctx: PaymentContext,
  order: OrderRow,
  payment: ProviderPayment,
): Promise<"paid" | "on_hold"> {
  if (payment.status === "requires_payment") {
    throw new PaymentError("payment_incomplete", problem("payment.incomplete"));
  }
  if (payment.status === "processing") {
    throw new PaymentError("payment_processing", problem("payment.processing"));
  }
  if (payment.status === "canceled") {
    ctx.metrics?.payment(order.provider, order.testMode, "cancelled");
    throw new PaymentError("payment_canceled", problem("payment.canceled"));
  }
  if (payment.amountMinor !== order.totalMinor || payment.currency !== order.currency) {
    ctx.metrics?.payment(order.provider, order.testMode, "mismatch");
    ctx.logger.error(
      { orderId: order.id, paymentId: payment.id, paid: payment.amountMinor, currency: payment.currency },
      "a payment does not match its order's total",
    );
    throw new DomainError("conflict", problem("payment.totalMismatch"));
  }
  if (order.status === "paid" || order.status === "on_hold" || order.status === "refunded") {
    return order.status === "on_hold" ? "on_hold" : "paid";
  }
  if (order.status === "expired" || order.status === "paid_after_expiry" || isStale(order)) {
    await recordLatePayment(ctx, order, payment);
    throw expiredError();
  }
  const recorded = await markPaid(ctx.db, order, payment.id, payment, ctx.config.instituteName);
  if (recorded) {
    ctx.metrics?.payment(order.provider, order.testMode, payment.onHold ? "on_hold" : "paid");
    if (payment.onHold) {
      ctx.logger.warn(
        { orderId: order.id, paymentId: payment.id },
        "a risky payment is on hold for an admin",
      );
      return "on_hold";
    }
    ctx.logger.info({ orderId: order.id, paymentId: payment.id }, "order paid");
    return "paid";
  }
  // Expired or changed between reading and writing: read again and answer from there.
  const [now] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (now?.status === "on_hold") return "on_hold";
  if (now && now.status !== "paid") {
    if (now.status === "expired" || isStale(now)) {
      await recordLatePayment(ctx, now, payment);
      throw expiredError();
    }
    throw new DomainError("conflict", problem("payment.totalMismatch"));
  }
  return "paid";
}

/** The provider that took the order; a 409 when it is no longer configured here. */
export function providerOf(ctx: PaymentContext, order: OrderRow): PaymentProvider {
  const provider = ctx.payments.of(order);
  if (!provider) {
    throw new DomainError("conflict", problem("payment.providerGone", { provider: order.provider }));
  }
  return provider;
}

/**
 * PUT /Admition/admitCollection/{id}: the earlier pages reported a payment with its amount, time,
 * card digits and transaction id. None of it is believed: the transaction is looked up with the
 * provider, and the order is marked paid if the provider says it was paid in full.
 */
export async function recordPayment(
  ctx: PaymentContext,
  actor: Actor,
  input: { orderId?: string; transaction: unknown },
): Promise<{ acknowledged: true; insertedId: string }> {
  const user = requireUser(actor);
  await expireStaleOrders(ctx);
  const { transaction } = parse(recordPaymentInput, { transaction: input.transaction }, "payment");
  const order = await orderByPaymentId(ctx.db, transaction);
  if (!order) throw new DomainError("not_found", problem("payment.noTransaction"));
  if (order.userId !== user.id && !user.isAdmin) {
    throw new DomainError("forbidden", problem("payment.othersOrder"));
  }
  // The earlier pages put an admission's id in the path; only another order's id is a mistake.
  if (input.orderId && input.orderId !== order.id && uuidPattern.test(input.orderId)) {
    const [other] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
    if (other) {
      throw new DomainError("invalid", problem("payment.otherOrder"), {
        transaction: problem("payment.otherOrder"),
      });
    }
  }
  const answer = { acknowledged: true as const, insertedId: order.id };
  if (order.status === "paid") return answer;
  const payment = await providerOf(ctx, order).query(transaction);
  if (!payment) throw new DomainError("not_found", problem("payment.noTransaction"));
  await settle(ctx, order, payment);
  return answer;
}

/**
 * A provider's webhook (Stripe's payment_intent.succeeded): checked by its signature, then the
 * order is settled with what the provider says now. Events about other things are acknowledged
 * and ignored, so the provider does not send them again.
 */
export async function handlePaymentWebhook(
  ctx: PaymentContext,
  payload: Uint8Array,
  signature: string,
): Promise<{ received: true }> {
  const readWebhook = ctx.payments.find("stripe")?.readWebhook;
  if (!readWebhook) throw new DomainError("not_found", problem("payment.webhooksOff"));
  const event = readWebhook(payload, signature);
  const received = { received: true as const };
  if (event.type !== "payment_intent.succeeded" || !event.paymentIntentId) return received;
  const order = await orderByPaymentId(ctx.db, event.paymentIntentId);
  if (!order) {
    ctx.logger.warn({ paymentId: event.paymentIntentId }, "a webhook for a payment with no order");
    return received;
  }
  if (order.status === "paid") return received;
  const payment = await providerOf(ctx, order).query(event.paymentIntentId);
  if (!payment) {
    ctx.logger.warn({ paymentId: event.paymentIntentId }, "the provider does not know a payment it reported");
    return received;
  }
  try {
    await settle(ctx, order, payment);
  } catch (error) {
    // Sending the event again would not change the answer: acknowledge it, keep the log.
    if (!(error instanceof DomainError || error instanceof PaymentError)) throw error;
    ctx.logger.warn({ orderId: order.id, err: error }, "a webhook's payment was not recorded");
  }
  return received;
}

/**
 * The built-in test mode's card form: Stripe's published test cards with their meanings. Only
 * the order's buyer pays it; a repeat after success answers the same success.
 */
export async function confirmTestPayment(
  ctx: PaymentContext,
  actor: Actor,
  input: unknown,
): Promise<{ status: "succeeded"; orderId: string; last4: string }> {
  // A visitor's fee order (no buyer) is paid by whoever holds its client secret.
  if (!ctx.payments.find("test")) {
    throw new DomainError("invalid", problem("payment.cardsThroughStripe"));
  }
  const card = parse(testPaymentInput, input, "payment");
  const intentId = intentIdOfClientSecret(card.clientSecret);
  const order = intentId ? await orderByPaymentId(ctx.db, intentId) : undefined;
  if (!order?.providerClientSecret || !sameSecret(order.providerClientSecret, card.clientSecret)) {
    throw new DomainError("not_found", problem("payment.noClientSecret"));
  }
  if (order.userId !== null && order.userId !== requireUser(actor).id) {
    throw new DomainError("forbidden", problem("payment.othersOrder"));
  }
  const success = (last4: string | null) => ({
    status: "succeeded" as const,
    orderId: order.id,
    last4: last4 ?? "",
  });
  if (order.status === "paid") return success(order.cardLast4);
  if (order.status === "expired" || isStale(order)) throw expiredError();
  if (order.status !== "pending") throw new DomainError("conflict", problem("payment.noLongerPayable"));
  await refuseFeesPaidMeanwhile(ctx.db, order.id);
  let last4: string;
  try {
    last4 = chargeTestCard(card).last4;
  } catch (error) {
    if (error instanceof PaymentError) ctx.metrics?.payment(order.provider, order.testMode, "declined");
    throw error;
  }
  const recorded = await markPaid(
    ctx.db,
    order,
    intentId ?? "",
    { last4, billing: card.billing },
    ctx.config.instituteName,
  );
  if (recorded) {
    ctx.metrics?.payment(order.provider, order.testMode, "paid");
    ctx.logger.info({ orderId: order.id, paymentId: order.providerPaymentId }, "order paid in test mode");
    return success(last4);
  }
  // Another request paid it a moment ago: answer with what was recorded. Otherwise it expired or
  // took another cart (and intent) in the meantime.
  const [now] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (now?.status === "paid" && now.providerPaymentId === intentId) return success(now.cardLast4 ?? last4);
  if (now?.status === "expired" || (now && isStale(now))) throw expiredError();
  throw new DomainError("conflict", problem("payment.changedTotal"));
}

function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fee order whose months someone else paid meanwhile: refused before any money moves (409). */
export async function refuseFeesPaidMeanwhile(db: Database, orderId: string): Promise<void> {
  const month = await monthPaidMeanwhile(db, orderId);
  if (month) throw DomainError.ofField("conflict", "months", problem("fees.alreadyPaid", { month }));
}
