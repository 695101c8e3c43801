// Starting a payment: the buyer's open order made to match the cart (a pending order with its
// items), and the provider's attempt at its total.
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { maxAmountMinor, maxAmountText } from "../../../common/money";
import { shownEmail } from "../../../common/phone-accounts";
import type { Totals } from "../../../common/pricing";
import { orderItems, orders, users } from "../../db/schema";
import type { Payments } from "../../payments/payments";
import type { PaymentProvider, PaymentProviderKind, StartedPayment } from "../../payments/provider";
import { type Actor, requireUser } from "../actor";
import { DomainError } from "../errors";
import { expireStaleOrders, expiryCutoff } from "./expiry";
import type { OrderRow, PaymentContext } from "./order";
import { parseCart, priceCart, type Quote } from "./quote";

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
    customer: { name: user.name, email: shownEmail(user.email), phone: user.phoneNumber ?? null },
    description: titles.length === 1 ? (titles[0] ?? "") : `${titles[0]} and ${titles.length - 1} more`,
    metadata: { userId: user.id, buyerEmail: shownEmail(user.email) ?? "" },
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
