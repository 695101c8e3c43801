// Orders and their payment. The server alone decides what is charged: totals come from the
// prices in the database, a total sent by a page is only compared, and an order is marked paid
// only after the payment provider says so, once, whoever reports it first (the page, an earlier
// client through admitCollection, or Stripe's webhook).

import { randomUUID, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, inArray, lte, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import { maxAmountMinor, maxAmountText } from "../../common/money";
import { cartTotals, type Totals } from "../../common/pricing";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { type CartItem, cartItems, recordPaymentInput, testPaymentInput } from "../../common/schemas/orders";
import type { LabelCode } from "../../i18n/errors/labels";
import type { Config } from "../config";
import { csvLine, csvText } from "../csv";
import type { Database } from "../db/client";
import {
  admissions,
  type OrderStatus,
  orderItems,
  orders,
  paymentRefunds,
  uploadedFiles,
  users,
} from "../db/schema";
import { createFileStorage, type FileStorage } from "../files/storage";
import { imageInfo } from "../files/uploads";
import type { Metrics } from "../metrics/metrics";
import type { Payments } from "../payments/payments";
import type {
  PaymentProvider,
  PaymentProviderKind,
  ProviderPayment,
  StartedPayment,
} from "../payments/provider";
import { chargeTestCard, intentIdOfClientSecret } from "../payments/test-mode";
import { type Actor, requireAdmin, requireUser } from "./actor";
import { recordAudit } from "./audit";
import type { ImageStore, ImageView } from "./content/collection";
import { DomainError, notFound, PaymentError } from "./errors";

/** What reading orders needs. `images` shows uploaded pictures; without it they are found from the config. */
export type OrderContext = { db: Database; config: Config; images?: ImageStore };

/** What paying needs: the services object has all of it (metrics: outcomes counted for /metrics). */
export type PaymentContext = OrderContext & {
  payments: Payments;
  logger: Logger;
  metrics?: Pick<Metrics, "payment">;
};

export type QuoteLine = {
  admissionId: string;
  title: string;
  unitPriceMinor: number;
  quantity: number;
  image: ImageView | null;
};

export type Quote = {
  lines: QuoteLine[];
  /** Ids in the cart with no admission behind them (never existed, or deleted since). */
  missing: string[];
  totals: Totals;
  /** ISO 4217, upper case. */
  currency: string;
};

export type PaymentIntentAnswer = {
  /** The card flow: what the browser pays with. Null for a redirect provider. */
  clientSecret: string | null;
  /** The redirect flow: the provider's page (or the local test gateway). Null for cards. */
  redirectUrl: string | null;
  orderId: string;
  /** The total in major units (120.5), as the earlier pages showed it. */
  amount: number;
  amountMinor: number;
  currency: string;
  provider: PaymentProviderKind;
  /** A built-in stand-in takes it: no money moves. */
  testMode: boolean;
  /** Stripe's publishable key for Stripe Elements; null in test mode and for redirect providers. */
  publishableKey: string | null;
  totals: Totals;
};

export type Refund = {
  id: string;
  amountMinor: number;
  reason: string;
  status: "succeeded" | "pending";
  providerRefundId: string | null;
  createdAt: Date;
};

export const refundOf = (row: typeof paymentRefunds.$inferSelect): Refund => ({
  id: row.id,
  amountMinor: row.amountMinor,
  reason: row.reason,
  status: row.status,
  providerRefundId: row.providerRefundId,
  createdAt: row.createdAt,
});

export type OrderItemView = {
  title: string;
  unitPriceMinor: number;
  quantity: number;
  /** Null when the admission has been deleted since; the title and price stay. */
  admissionId: string | null;
};

export type Order = {
  id: string;
  status: OrderStatus;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  provider: string;
  /** A built-in stand-in took it: no money moved. */
  testMode: boolean;
  /** The payment's id at the provider (Stripe's pi_..., SSLCommerz's tran_id, bKash's paymentID). */
  providerPaymentId: string | null;
  /** The provider's transaction (bank_tran_id, trxID, Stripe's charge), for receipts and refunds. */
  transactionId: string | null;
  /** How it was paid, as the provider names it ("BKASH-BKash", "VISA-Dutch Bangla"). */
  paymentChannel: string | null;
  maskedCard: string | null;
  /** How much has been given back, and each refund. */
  refundedMinor: number;
  refunds: Refund[];
  cardLast4: string | null;
  billingName: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  paidAt: Date | null;
  createdAt: Date;
  items: OrderItemView[];
  /** Who bought it: shown to admins only. */
  buyer?: { name: string; email: string };
};

/** The total a page sent differs from the server's: the answer carries the server's totals. */
export class TotalChangedError extends DomainError {
  constructor(
    readonly totals: Totals,
    readonly currency: string,
  ) {
    super("conflict", problem("cart.totalChanged"), { price: problem("cart.totalChangedCheck") });
    this.name = "TotalChangedError";
  }
}

type OrderRow = typeof orders.$inferSelect;

/** An order id as the database makes them: anything else names no order. */

function parse<S extends z.ZodType>(schema: S, input: unknown, what: LabelCode): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new DomainError("invalid", problem("record.invalid", { what }), fieldProblemsOf(result.error));
  return result.data;
}

// Without the image store (a page passing {db, config}), uploaded images are found through the
// same storage the config describes, made once per config.
const storageByConfig = new WeakMap<Config, FileStorage>();
function imageViewOf(ctx: OrderContext, file: typeof uploadedFiles.$inferSelect): ImageView {
  if (ctx.images) return ctx.images.view(file);
  let storage = storageByConfig.get(ctx.config);
  if (!storage) {
    storage = createFileStorage(ctx.config);
    storageByConfig.set(ctx.config, storage);
  }
  return imageInfo(file, storage);
}

// ---------------------------------------------------------------------------------------------
// Quote: what the cart costs now.

/**
 * Prices the cart from the database. Admissions that no longer exist are listed in `missing`
 * and left out of the totals. Creates nothing.
 */
export async function quoteCart(ctx: OrderContext, actor: Actor, items: unknown): Promise<Quote> {
  requireUser(actor);
  return priceCart(ctx, parseCart(items));
}

/** Field errors name the line: {"items.2.quantity": "..."}. */
const parseCart = (items: unknown): CartItem[] =>
  parse(z.object({ items: cartItems }), { items }, "cart").items;

async function priceCart(ctx: OrderContext, cart: CartItem[]): Promise<Quote> {
  const ids = cart.map((item) => item.id.toLowerCase());
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ admission: admissions, file: uploadedFiles })
          .from(admissions)
          .leftJoin(uploadedFiles, eq(admissions.imageFileId, uploadedFiles.id))
          .where(inArray(admissions.id, ids));
  const byId = new Map(rows.map((row) => [row.admission.id.toLowerCase(), row]));
  const lines: QuoteLine[] = [];
  const missing: string[] = [];
  for (const item of cart) {
    const row = byId.get(item.id.toLowerCase());
    if (!row) {
      missing.push(item.id);
      continue;
    }
    const { admission, file } = row;
    lines.push({
      admissionId: admission.id,
      title: admission.title,
      unitPriceMinor: admission.priceMinor,
      quantity: item.quantity,
      image: file ? imageViewOf(ctx, file) : admission.imageUrl ? { url: admission.imageUrl } : null,
    });
  }
  return { lines, missing, totals: cartTotals(lines), currency: ctx.config.currency };
}

// ---------------------------------------------------------------------------------------------
// Payment intent: a pending order with its items, and the provider's intent for its total.

/**
 * The provider a payment goes to: the one asked for by name, or the page's first. Names one that
 * is not offered here in a 400 naming `provider`.
 */
export function chooseProvider(payments: Payments, kind?: PaymentProviderKind): PaymentProvider {
  const provider = kind ? payments.find(kind) : payments.offered[0];
  if (provider) return provider;
  const offered = payments.offered.map((one) => one.kind).join(", ");
  const found =
    kind === "test"
      ? problem("payment.testModeOff", { offered })
      : problem("payment.providerMissing", { provider: String(kind), offered });
  throw new DomainError("invalid", found, { provider: found });
}

/**
 * Makes the buyer's open order match the cart (titles and prices copied from the database) and
 * starts a payment for its total with the chosen provider: a client secret for the card flow, the
 * provider's page for a redirect flow. A buyer has one open order per provider: asking again
 * with the same cart answers the same payment while it can still be paid; with a changed cart, or
 * after the buyer failed or cancelled at the provider, the open order takes the new items and a
 * new attempt, once the old one is cancelled at the provider, so a payment is never made for an
 * amount other than the one it was started for. An order whose payment the provider has already
 * taken or cannot cancel is left alone: the cart becomes a new order.
 */
export async function createPaymentIntent(
  ctx: PaymentContext,
  actor: Actor,
  input: { items: unknown; priceMinor?: number; provider?: PaymentProviderKind },
): Promise<PaymentIntentAnswer> {
  const user = requireUser(actor);
  const provider = chooseProvider(ctx.payments, input.provider);
  const cart = parseCart(input.items);
  const quote = await priceCart(ctx, cart);
  if (quote.missing.length > 0) {
    const fields = Object.fromEntries(
      quote.missing.map((id) => [
        `items.${cart.findIndex((item) => item.id === id)}.id`,
        problem("cart.admissionGone"),
      ]),
    );
    throw new DomainError("invalid", problem("cart.admissionGone"), fields);
  }
  if (quote.lines.length === 0) {
    throw new DomainError("invalid", problem("cart.empty"), { items: problem("cart.empty") });
  }
  const { totals, currency } = quote;
  if (provider.currencies && !provider.currencies.includes(currency)) {
    const found = problem("payment.currency", {
      provider: provider.kind,
      currencies: provider.currencies.join(", "),
      currency,
    });
    throw new DomainError("invalid", found, { provider: found });
  }
  if (totals.totalMinor <= 0) {
    throw new DomainError("invalid", problem("cart.nothingToPay"), { items: problem("cart.nothingToPay") });
  }
  if (totals.totalMinor > maxAmountMinor) {
    const found = problem("payment.orderTooLarge", { max: maxAmountText });
    throw new DomainError("invalid", found, { items: found });
  }
  if (totals.totalMinor > provider.maxAmountMinor) {
    const limit = formatMinor(provider.maxAmountMinor);
    const found = problem("payment.providerMax", { max: limit });
    throw new DomainError("invalid", found, { items: found });
  }
  if (provider.minAmountMinor && totals.totalMinor < provider.minAmountMinor) {
    const found = problem("payment.providerMin", { min: formatMinor(provider.minAmountMinor) });
    throw new DomainError("invalid", found, { items: found });
  }
  if (input.priceMinor !== undefined && input.priceMinor !== totals.totalMinor) {
    throw new TotalChangedError(totals, currency);
  }
  const answer = (orderId: string, started: { clientSecret?: string; redirectUrl?: string }) => ({
    clientSecret: started.clientSecret ?? null,
    redirectUrl: started.redirectUrl ?? null,
    orderId,
    amount: totals.totalMinor / 100,
    amountMinor: totals.totalMinor,
    currency,
    provider: provider.kind,
    testMode: provider.testMode,
    publishableKey: provider.publishableKey,
    totals,
  });
  // The redirect providers show the buyer's phone on their page (bKash: the wallet to pay from).
  const [account] =
    provider.flow === "redirect"
      ? await ctx.db
          .select({ phone: users.phoneNumber, verified: users.phoneNumberVerified })
          .from(users)
          .where(eq(users.id, user.id))
      : [];
  const payer = { provider, user: { ...user, phoneNumber: account?.verified ? account.phone : null }, quote };

  await expireStaleOrders(ctx);
  const open = await openOrder(ctx, provider, user.id, currency);
  if (open?.providerPaymentId) {
    const reused = await reuseOpenOrder(ctx, open, payer);
    if (reused) return answer(open.id, reused);
  }

  // The order and its items are written together or not at all.
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ userId: user.id, currency, provider: provider.kind, testMode: provider.testMode, ...totals })
      .returning({ id: orders.id });
    if (!order) throw new Error("The order was not stored");
    await tx.insert(orderItems).values(itemRows(order.id, quote));
    return order.id;
  });
  let started: StartedPayment;
  try {
    started = await startAttempt(payer, orderId, true);
  } catch (error) {
    // Nothing started, nothing to pay: the order would only be clutter.
    await ctx.db.delete(orders).where(eq(orders.id, orderId));
    throw error;
  }
  await ctx.db
    .update(orders)
    .set({ providerPaymentId: started.id, providerClientSecret: pathOn(started) })
    .where(eq(orders.id, orderId));
  return answer(orderId, started);
}

type Payer = {
  provider: PaymentProvider;
  user: { id: string; email: string; name: string; phoneNumber?: string | null };
  quote: Quote;
};

/**
 * Starts one attempt at paying the order, with an id unique per attempt. For cards it is Stripe's
 * idempotency key: the order's own for its first attempt (a retried request makes no second
 * intent), a new one for every later attempt. For redirect providers it is the merchant's
 * transaction id (SSLCommerz's tran_id: at most 30 characters): the order's start and a random tail.
 */
function startAttempt({ provider, user, quote }: Payer, orderId: string, first: boolean) {
  const tail = randomUUID().replaceAll("-", "");
  const attemptId =
    provider.flow === "redirect"
      ? `MK${orderId.replaceAll("-", "").slice(0, 20)}-${tail.slice(0, 7)}`.toUpperCase()
      : first
        ? `maktab-order-${orderId}`
        : `maktab-order-${orderId}-${tail}`;
  const titles = quote.lines.map((line) => line.title);
  return provider.start({
    amountMinor: quote.totals.totalMinor,
    currency: quote.currency,
    orderId,
    attemptId,
    customer: { name: user.name, email: user.email, phone: user.phoneNumber ?? null },
    description: titles.length === 1 ? (titles[0] ?? "") : `${titles[0]} and ${titles.length - 1} more`,
    metadata: { userId: user.id, buyerEmail: user.email },
  });
}

/** What the order keeps to answer the same attempt again: the card's client secret or the provider's page. */
const pathOn = (started: StartedPayment) => started.clientSecret ?? started.redirectUrl;

/** "99999999" -> "999,999.99" */
const formatMinor = (minor: number) =>
  (minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const itemRows = (orderId: string, quote: Quote) =>
  quote.lines.map((line) => ({
    orderId,
    admissionId: line.admissionId,
    title: line.title,
    unitPriceMinor: line.unitPriceMinor,
    quantity: line.quantity,
  }));

/** The buyer's newest open order (pending, not yet expired) with this provider and currency. */
async function openOrder(
  ctx: PaymentContext,
  provider: PaymentProvider,
  userId: string,
  currency: string,
): Promise<OrderRow | null> {
  const [candidate] = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "pending"),
        eq(orders.provider, provider.kind),
        eq(orders.testMode, provider.testMode),
        eq(orders.currency, currency),
        gt(orders.createdAt, expiryCutoff()),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return candidate ?? null;
}

/**
 * The open order for this cart: answers how to pay it (the same attempt, or a new one), or null
 * when the order cannot be changed safely (its payment has started) and the cart needs a new order.
 */
async function reuseOpenOrder(
  ctx: PaymentContext,
  order: OrderRow,
  payer: Payer,
): Promise<{ clientSecret?: string; redirectUrl?: string } | null> {
  const { provider, quote } = payer;
  const oldId = order.providerPaymentId;
  if (!oldId) return null;
  const payment = await provider.query(oldId);
  if (payment?.status === "processing" || payment?.status === "succeeded") return null;
  const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const key = (line: {
    admissionId: string | null;
    title: string;
    unitPriceMinor: number;
    quantity: number;
  }) => `${line.admissionId}|${line.unitPriceMinor}|${line.quantity}|${line.title}`;
  const same =
    order.totalMinor === quote.totals.totalMinor &&
    items.map(key).sort().join("\n") === quote.lines.map(key).sort().join("\n");
  // The same cart, and the attempt can still be paid (a redirect provider may not know a session
  // nobody has opened yet): the same attempt again.
  const payable = payment?.status === "requires_payment" || (!payment && provider.flow === "redirect");
  if (same && payable && order.providerClientSecret) {
    return provider.flow === "card"
      ? { clientSecret: order.providerClientSecret }
      : { redirectUrl: order.providerClientSecret };
  }
  // The old attempt is for the old total: it must never be paid once the order changes.
  if (payment?.status !== "canceled" && !(await provider.cancel(oldId))) return null;
  const started = await startAttempt(payer, order.id, false);
  // Only if nothing else changed or paid the order meanwhile (the same attempt, still pending).
  const replaced = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ ...quote.totals, providerPaymentId: started.id, providerClientSecret: pathOn(started) })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending"), eq(orders.providerPaymentId, oldId)))
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
    await tx.insert(orderItems).values(itemRows(order.id, quote));
    return true;
  });
  if (replaced) {
    ctx.logger.info({ orderId: order.id, paymentId: started.id }, "an open order took a new attempt");
    return started;
  }
  await provider.cancel(started.id).catch(() => false);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Expiry: an order unpaid 24 hours after it was made can no longer be paid.

/** How long an order waits for its payment. */
export const orderLifetimeMs = 24 * 60 * 60 * 1000;

const expiryCutoff = (now = Date.now()) => new Date(now - orderLifetimeMs);

const isStale = (order: OrderRow, now = Date.now()) =>
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

// ---------------------------------------------------------------------------------------------
// Recording a payment: only what the provider says counts, and only once.

type PaymentDetails = Pick<
  ProviderPayment,
  "last4" | "billing" | "transactionId" | "validationId" | "channel" | "maskedCard"
>;

/**
 * Marks a pending order paid by this intent. The conditions make it happen once, however many
 * reports arrive together, and never for an intent the order no longer has (its cart changed) or
 * an order that has expired; answers whether this call was the one that did it.
 */
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

async function markPaid(
  db: Database,
  order: OrderRow,
  paymentId: string,
  details: PaymentDetails & { onHold?: boolean },
): Promise<boolean> {
  const updated = await db
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
  return updated.length > 0;
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
  const recorded = await markPaid(ctx.db, order, payment.id, payment);
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
  const user = requireUser(actor);
  if (!ctx.payments.find("test")) {
    throw new DomainError("invalid", problem("payment.cardsThroughStripe"));
  }
  const card = parse(testPaymentInput, input, "payment");
  const intentId = intentIdOfClientSecret(card.clientSecret);
  const order = intentId ? await orderByPaymentId(ctx.db, intentId) : undefined;
  if (!order?.providerClientSecret || !sameSecret(order.providerClientSecret, card.clientSecret)) {
    throw new DomainError("not_found", problem("payment.noClientSecret"));
  }
  if (order.userId !== user.id) throw new DomainError("forbidden", problem("payment.othersOrder"));
  const success = (last4: string | null) => ({
    status: "succeeded" as const,
    orderId: order.id,
    last4: last4 ?? "",
  });
  if (order.status === "paid") return success(order.cardLast4);
  if (order.status === "expired" || isStale(order)) throw expiredError();
  if (order.status !== "pending") throw new DomainError("conflict", problem("payment.noLongerPayable"));
  let last4: string;
  try {
    last4 = chargeTestCard(card).last4;
  } catch (error) {
    if (error instanceof PaymentError) ctx.metrics?.payment(order.provider, order.testMode, "declined");
    throw error;
  }
  const recorded = await markPaid(ctx.db, order, intentId ?? "", { last4, billing: card.billing });
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

// ---------------------------------------------------------------------------------------------
// Reading orders.

export type OrderPage = { limit: number; offset: number };

const defaultPage: OrderPage = { limit: 50, offset: 0 };

async function selectOrders(
  ctx: OrderContext,
  where: SQL | undefined,
  page: OrderPage,
  withBuyer: boolean,
): Promise<{ items: Order[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ order: orders, buyerName: users.name, buyerEmail: users.email })
      .from(orders)
      // A deleted buyer's orders stay (for the school's accounts), named by their billing details.
      .leftJoin(users, eq(orders.userId, users.id))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((row) => row.order.id);
  const [items, refunds] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          ctx.db
            .select()
            .from(orderItems)
            .where(inArray(orderItems.orderId, ids))
            .orderBy(orderItems.title, orderItems.id),
          ctx.db
            .select()
            .from(paymentRefunds)
            .where(inArray(paymentRefunds.orderId, ids))
            .orderBy(paymentRefunds.createdAt),
        ]);
  const refundsByOrder = new Map<string, Refund[]>();
  for (const refund of refunds) {
    refundsByOrder.set(refund.orderId, [...(refundsByOrder.get(refund.orderId) ?? []), refundOf(refund)]);
  }
  const itemsByOrder = new Map<string, OrderItemView[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.orderId) ?? [];
    list.push({
      title: item.title,
      unitPriceMinor: item.unitPriceMinor,
      quantity: item.quantity,
      admissionId: item.admissionId,
    });
    itemsByOrder.set(item.orderId, list);
  }
  return {
    total: counted?.n ?? 0,
    items: rows.map(({ order, buyerName, buyerEmail }) => ({
      id: order.id,
      status: order.status,
      currency: order.currency,
      subtotalMinor: order.subtotalMinor,
      shippingMinor: order.shippingMinor,
      taxMinor: order.taxMinor,
      totalMinor: order.totalMinor,
      provider: order.provider,
      testMode: order.testMode,
      providerPaymentId: order.providerPaymentId,
      transactionId: order.transactionId,
      paymentChannel: order.paymentChannel,
      maskedCard: order.maskedCard,
      refundedMinor: order.refundedMinor,
      refunds: refundsByOrder.get(order.id) ?? [],
      cardLast4: order.cardLast4,
      billingName: order.billingName,
      billingEmail: order.billingEmail,
      billingAddress: order.billingAddress,
      paidAt: order.paidAt,
      createdAt: order.createdAt,
      items: itemsByOrder.get(order.id) ?? [],
      ...(withBuyer
        ? {
            buyer: {
              name: buyerName ?? order.billingName ?? "",
              email: buyerEmail ?? order.billingEmail ?? "",
            },
          }
        : {}),
    })),
  };
}

/** A page of orders with the total count: the signed-in user's, or everyone's for an admin. */
export async function listOrders(
  ctx: OrderContext,
  actor: Actor,
  options: { all?: boolean; status?: OrderStatus } & Partial<OrderPage> = {},
): Promise<{ items: Order[]; total: number }> {
  const page = { limit: options.limit ?? defaultPage.limit, offset: options.offset ?? defaultPage.offset };
  const byStatus = options.status ? eq(orders.status, options.status) : undefined;
  if (options.all) {
    requireAdmin(actor);
    await expireStaleOrders(ctx);
    return selectOrders(ctx, byStatus, page, true);
  }
  const user = requireUser(actor);
  await expireStaleOrders(ctx);
  return selectOrders(ctx, and(eq(orders.userId, user.id), byStatus), page, false);
}

/** The signed-in user's orders, newest first, with their items. */
export async function listMyOrders(
  ctx: OrderContext,
  actor: Actor,
  page?: Partial<OrderPage>,
): Promise<Order[]> {
  return (await listOrders(ctx, actor, { ...page })).items;
}

/** One order, to its buyer or an admin; anyone else learns nothing of it (404). */
export async function getOrder(ctx: OrderContext, actor: Actor, id: string): Promise<Order> {
  const user = requireUser(actor);
  if (!uuidPattern.test(id)) throw notFound("order");
  await expireStaleOrders(ctx);
  const where = user.isAdmin ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, user.id));
  const { items } = await selectOrders(ctx, where, { limit: 1, offset: 0 }, user.isAdmin);
  const [order] = items;
  if (!order) throw notFound("order");
  return order;
}

// ---------------------------------------------------------------------------------------------
// The office's spreadsheet.

/** Minor units as a plain decimal a spreadsheet reads as a number: 1234505 -> "12345.05". */
const decimalOf = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

const csvColumns = [
  "order",
  "status",
  "buyer_name",
  "buyer_email",
  "items",
  "currency",
  "subtotal",
  "shipping",
  "tax",
  "total",
  "created_at",
  "paid_at",
  "provider",
  "test_mode",
  "payment_id",
  "transaction_id",
  "paid_with",
  "card_last4",
  "refunded",
] as const;

/** Rows read per query: a long history is exported a page at a time. */
const csvPageSize = 500;

/**
 * Every order (or those with one status), newest first, as CSV for a spreadsheet: admins only.
 * Starts with a byte order mark so that Excel reads the UTF-8 (Bangla names); every cell goes
 * through csvField (server/csv.ts), so a name such as "=HYPERLINK(...)" stays text.
 */
export async function ordersCsv(
  ctx: OrderContext,
  actor: Actor,
  options: { status?: OrderStatus } = {},
): Promise<string> {
  const admin = requireAdmin(actor);
  await recordAudit(ctx.db, admin, {
    action: "export",
    subject: "export",
    subjectId: "orders",
    label: options.status ? `maktab-orders-${options.status}.csv` : "maktab-orders.csv",
  });
  await expireStaleOrders(ctx);
  const where = options.status ? eq(orders.status, options.status) : undefined;
  const lines: string[] = [csvColumns.join(",")];
  for (let offset = 0; ; offset += csvPageSize) {
    const { items } = await selectOrders(ctx, where, { limit: csvPageSize, offset }, true);
    for (const order of items) {
      const cells = [
        order.id,
        order.status,
        order.buyer?.name ?? "",
        order.buyer?.email ?? "",
        order.items.map((item) => `${item.title} x ${item.quantity}`).join("; "),
        order.currency,
        decimalOf(order.subtotalMinor),
        decimalOf(order.shippingMinor),
        decimalOf(order.taxMinor),
        decimalOf(order.totalMinor),
        order.createdAt.toISOString(),
        order.paidAt?.toISOString() ?? "",
        order.provider,
        order.testMode ? "yes" : "no",
        order.providerPaymentId ?? "",
        order.transactionId ?? "",
        order.paymentChannel ?? "",
        order.cardLast4 ?? "",
        decimalOf(order.refundedMinor),
      ];
      lines.push(csvLine(cells));
    }
    if (items.length < csvPageSize) break;
  }
  return csvText(lines, { byteOrderMark: true });
}
