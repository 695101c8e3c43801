// Paying months online, from /fees/pay (the student's ID and a guardian's phone on record) or a
// guardian's view of their child: the oldest N open months with today's fines, priced on the
// server from the invoices, become an order through the configured providers like an admission's
// (never with the cart's shipping or tax). The invoices are paid only when the provider confirms
// (online-settlement.ts). A payer whose oldest month was paid meanwhile is refused here, before
// any money moves.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { takaText } from "../../../common/fees";
import { uuidPattern } from "../../../common/ids";
import { maxAmountMinor } from "../../../common/money";
import { shownEmail } from "../../../common/phone-accounts";
import type { FeeOrderInput, PublicFeeOrderInput } from "../../../common/schemas/fees";
import { dhakaToday } from "../../../common/schemas/routines";
import { feeInvoices, feeOrderInvoices, feeOrders, orders } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Payments } from "../../payments/payments";
import type { PaymentProvider, PaymentProviderKind, StartedPayment } from "../../payments/provider";
import type { Actor } from "../actor";
import { DomainError, notFound } from "../errors";
import type { PaymentContext } from "../orders/order";
import { chooseProvider } from "../orders/payment-start";
import type { ClientAddress } from "../rate-limit";
import { requireChildReader } from "./access";
import { finesDue } from "./fines";
import { findByIdAndPhone } from "./lookup";
import { feeStudent } from "./student";

export type FeeMonthDue = { invoiceId: string; month: string; owedMinor: number; fineMinor: number };

export type FeeOrderAnswer = {
  orderId: string;
  /** The card flow's client secret (the test card, Stripe); null for a redirect provider. */
  clientSecret: string | null;
  /** The provider's page (or the local test gateway); null for cards. */
  redirectUrl: string | null;
  provider: string;
  testMode: boolean;
  publishableKey: string | null;
  currency: string;
  amountMinor: number;
  months: FeeMonthDue[];
  /** The payer's key to the receipt once paid (/fees/receipts/{id}?key=...): shown once, kept only hashed. */
  receiptKey: string;
};

/** A student's open invoices, oldest first, with the fine each would carry on `day`. */
export async function openMonths(
  db: DatabaseOrTransaction,
  studentId: string,
  day: string,
  lock = false,
): Promise<FeeMonthDue[]> {
  const query = db
    .select()
    .from(feeInvoices)
    .where(
      and(eq(feeInvoices.registerStudentId, studentId), gt(feeInvoices.totalMinor, feeInvoices.paidMinor)),
    )
    .orderBy(asc(feeInvoices.month), asc(feeInvoices.period));
  const open = lock ? await query.for("update") : await query;
  const fines = await finesDue(db, open, day);
  return open.map((invoice) => ({
    invoiceId: invoice.id,
    month: invoice.month,
    owedMinor: invoice.totalMinor - invoice.paidMinor,
    fineMinor: fines.get(invoice.id) ?? 0,
  }));
}

/** The hash kept for a receipt key. */
export const keyHashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** A guardian (or the staff) pays a child's oldest months. */
export async function startChildFeeOrder(
  ctx: PaymentContext,
  actor: Actor,
  childId: string,
  input: FeeOrderInput,
): Promise<FeeOrderAnswer> {
  const user = await requireChildReader(ctx.db, actor, childId);
  const student = await feeStudent(ctx.db, childId);
  return startFeeOrder(ctx, student.id, input, { id: user.id, name: user.name, email: user.email });
}

/** Anyone at /fees/pay with the student's ID and a guardian's phone on record pays the oldest months. */
export async function startPublicFeeOrder(
  ctx: PaymentContext,
  actor: Actor,
  input: PublicFeeOrderInput,
  client: ClientAddress,
): Promise<FeeOrderAnswer> {
  const found = await findByIdAndPhone(ctx.db, input, client);
  const payer = actor.kind === "user" ? { id: actor.id, name: actor.name, email: actor.email } : null;
  return startFeeOrder(ctx, found.id, input, payer);
}

/**
 * Makes the order for the oldest `input.months` open months of a student and starts the payment
 * with the provider. `payer` is the signed-in buyer, or null for a visitor of /fees/pay.
 */
export async function startFeeOrder(
  ctx: PaymentContext,
  studentId: string,
  input: FeeOrderInput,
  payer: { id: string; name: string; email: string } | null,
): Promise<FeeOrderAnswer> {
  const provider = chooseProvider(ctx.payments, input.provider);
  const currency = ctx.config.currency;
  const open = await openMonths(ctx.db, studentId, dhakaToday());
  const oldest = open[0];
  if (!oldest) throw DomainError.ofField("invalid", "months", problem("fees.nothingDue"));
  if (oldest.month > input.firstMonth) {
    // Someone paid the month this payer saw as the oldest: refused before any money moves.
    throw DomainError.ofField(
      "conflict",
      "firstMonth",
      problem("fees.alreadyPaid", { month: input.firstMonth }),
    );
  }
  if (oldest.month < input.firstMonth) {
    // Only the oldest months are paid online: the page shown was not the dues of now.
    const due = open.reduce((sum, month) => sum + month.owedMinor + month.fineMinor, 0);
    throw DomainError.ofField("conflict", "firstMonth", problem("fees.totalChanged", { due: takaText(due) }));
  }
  if (input.months > open.length) {
    throw DomainError.ofField("invalid", "months", problem("fees.monthsOwed", { count: open.length }));
  }
  const chosen = open.slice(0, input.months);
  const amountMinor = chosen.reduce((sum, month) => sum + month.owedMinor + month.fineMinor, 0);
  if (input.amountMinor !== undefined && input.amountMinor !== amountMinor) {
    throw DomainError.ofField(
      "conflict",
      "amountMinor",
      problem("fees.totalChanged", { due: takaText(amountMinor) }),
    );
  }
  checkAmount(provider, currency, amountMinor);

  const receiptKey = randomBytes(24).toString("base64url");
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: payer?.id ?? null,
        currency,
        provider: provider.kind,
        testMode: provider.testMode,
        // Fees never carry the cart's shipping or tax.
        subtotalMinor: amountMinor,
        shippingMinor: 0,
        taxMinor: 0,
        totalMinor: amountMinor,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("The order was not stored");
    await tx
      .insert(feeOrders)
      .values({ orderId: order.id, registerStudentId: studentId, keyHash: keyHashOf(receiptKey) });
    await tx.insert(feeOrderInvoices).values(
      chosen.map((month) => ({
        orderId: order.id,
        invoiceId: month.invoiceId,
        amountMinor: month.owedMinor + month.fineMinor,
      })),
    );
    return order.id;
  });
  const months = chosen.map((month) => month.month);
  let started: StartedPayment;
  try {
    started = await provider.start({
      amountMinor,
      currency,
      orderId,
      attemptId:
        provider.flow === "redirect"
          ? `MF${orderId.replaceAll("-", "").slice(0, 20)}-${randomBytes(4).toString("hex").slice(0, 7)}`.toUpperCase()
          : `maktab-fees-${orderId}`,
      customer: {
        name: payer?.name ?? "Guardian",
        email: payer ? shownEmail(payer.email) : null,
        phone: null,
      },
      description:
        months.length === 1 ? `Fees ${months[0]}` : `Fees ${months[0]} to ${months[months.length - 1]}`,
      metadata: { userId: payer?.id ?? "", feeOrder: "yes" },
    });
  } catch (error) {
    // Nothing started, nothing to pay: the order would only be clutter.
    await ctx.db.delete(orders).where(eq(orders.id, orderId));
    throw error;
  }
  await ctx.db
    .update(orders)
    .set({ providerPaymentId: started.id, providerClientSecret: started.clientSecret ?? started.redirectUrl })
    .where(eq(orders.id, orderId));
  return {
    orderId,
    clientSecret: started.clientSecret ?? null,
    redirectUrl: started.redirectUrl ?? null,
    provider: provider.kind,
    testMode: provider.testMode,
    publishableKey: provider.publishableKey,
    currency,
    amountMinor,
    months: chosen,
    receiptKey,
  };
}

/** The provider takes this currency and amount; a 400 naming `provider` or `months` otherwise. */
function checkAmount(provider: PaymentProvider, currency: string, amountMinor: number) {
  if (provider.currencies && !provider.currencies.includes(currency)) {
    const found = problem("payment.currency", {
      provider: provider.kind,
      currencies: provider.currencies.join(", "),
      currency,
    });
    throw new DomainError("invalid", found, { provider: found });
  }
  const over = amountMinor > Math.min(maxAmountMinor, provider.maxAmountMinor);
  const under = provider.minAmountMinor !== undefined && amountMinor < provider.minAmountMinor;
  if (over || under) {
    const found = over
      ? problem("payment.providerMax", { max: takaText(provider.maxAmountMinor) })
      : problem("payment.providerMin", { min: takaText(provider.minAmountMinor ?? 0) });
    throw new DomainError("invalid", found, { months: found });
  }
}

export type FeeOrderState = {
  orderId: string;
  status: string;
  amountMinor: number;
  /** The receipt, once the provider confirmed the payment. */
  receiptId: string | null;
};

/**
 * How an online payment of fees stands, for its buyer or whoever holds its receipt key (the same
 * 404 for anyone else, so no order or receipt can be walked).
 */
export async function feeOrderState(
  db: DatabaseOrTransaction,
  actor: Actor,
  orderId: string,
  key?: string,
): Promise<FeeOrderState> {
  const [found] = uuidPattern.test(orderId)
    ? await db
        .select({ feeOrder: feeOrders, order: orders })
        .from(feeOrders)
        .innerJoin(orders, eq(orders.id, feeOrders.orderId))
        .where(eq(feeOrders.orderId, orderId))
        .limit(1)
    : [];
  const allowed =
    found &&
    ((key !== undefined && keyHashOf(key) === found.feeOrder.keyHash) ||
      (actor.kind === "user" && found.order.userId === actor.id));
  if (!found || !allowed) throw notFound("order");
  return {
    orderId,
    status: found.order.status,
    amountMinor: found.order.totalMinor,
    receiptId: found.feeOrder.paymentId,
  };
}

/** The providers a page without script pays through: those with a page of their own (or the test gateway). */
export const redirectProviders = (payments: Payments): PaymentProviderKind[] =>
  payments.offered.filter((provider) => provider.flow === "redirect").map((provider) => provider.kind);

/** The pages' pay forms: one of those providers (the first by default), or a 400 naming `provider`. */
export function pagePaymentProvider(payments: Payments, asked: string | undefined): PaymentProviderKind {
  const offered = redirectProviders(payments);
  const kind = asked ? offered.find((one) => one === asked) : offered[0];
  if (kind) return kind;
  const found = problem("payment.providerMissing", { provider: String(asked), offered: offered.join(", ") });
  throw new DomainError("invalid", found, { provider: found });
}
