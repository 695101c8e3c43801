// Paying an application's form fee, as fees are paid online (server/domain/fees/online.ts): an
// order whose item is the application, priced from the round (never the cart's shipping or tax),
// through any configured provider. Only the provider's confirmation submits the application: in
// the transaction that marks the order paid (server/domain/orders/settlement.ts), it takes the
// next number of its year and class (YYYY-C<class>-NNNN, without gaps) and queues the text and
// e-mail with it. An unpaid application stays a draft whatever else happens.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { shownEmail } from "../../../common/phone-accounts";
import { classCode } from "../../../common/schemas/admission-applications";
import {
  admissionApplications,
  admissionNumberCounters,
  admissionOrders,
  admissionStatusChanges,
  orders,
} from "../../db/schema";
import type { DatabaseOrTransaction, Transaction } from "../../db/transaction";
import type { PaymentProviderKind, StartedPayment } from "../../payments/provider";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import type { PaymentContext } from "../orders/order";
import { chooseProvider } from "../orders/payment-start";
import { applicationFor, missingParts } from "./applications";
import { queueApplicationNews } from "./notify";
import { requireOpen, requireSeat, roundById } from "./rounds";

export type ApplicationOrderAnswer = {
  orderId: string;
  clientSecret: string | null;
  redirectUrl: string | null;
  provider: string;
  testMode: boolean;
  publishableKey: string | null;
  currency: string;
  amountMinor: number;
};

/** The applicant pays the form fee of their complete draft while the round is open and has seats. */
export async function startApplicationOrder(
  ctx: PaymentContext,
  actor: Actor,
  id: string,
  input: { provider?: PaymentProviderKind },
): Promise<ApplicationOrderAnswer> {
  const { user, application } = await applicationFor(ctx.db, actor, id, true);
  if (application.status !== "draft") throw new DomainError("conflict", problem("admission.paidAlready"));
  const round = await roundById(ctx.db, application.roundId);
  requireOpen(round);
  await requireSeat(ctx.db, round, application.className);
  const missing = await missingParts(ctx.db, application, round);
  const first = Object.keys(missing)[0];
  if (first) throw new DomainError("invalid", { ...problem("admission.missing"), at: first }, missing);
  // A payment already confirmed for it (the draft is being submitted): no second fee.
  const [paid] = await ctx.db
    .select({ id: orders.id })
    .from(admissionOrders)
    .innerJoin(orders, eq(orders.id, admissionOrders.orderId))
    .where(and(eq(admissionOrders.applicationId, id), inArray(orders.status, ["paid", "on_hold"])))
    .limit(1);
  if (paid) throw new DomainError("conflict", problem("admission.paidAlready"));

  const provider = chooseProvider(ctx.payments, input.provider);
  const currency = ctx.config.currency;
  const amountMinor = round.feeMinor;
  if (provider.currencies && !provider.currencies.includes(currency)) {
    const found = problem("payment.currency", {
      provider: provider.kind,
      currencies: provider.currencies.join(", "),
      currency,
    });
    throw new DomainError("invalid", found, { provider: found });
  }
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        currency,
        provider: provider.kind,
        testMode: provider.testMode,
        subtotalMinor: amountMinor,
        shippingMinor: 0,
        taxMinor: 0,
        totalMinor: amountMinor,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("The order was not stored");
    await tx.insert(admissionOrders).values({ orderId: order.id, applicationId: id });
    return order.id;
  });
  let started: StartedPayment;
  try {
    started = await provider.start({
      amountMinor,
      currency,
      orderId,
      attemptId:
        provider.flow === "redirect"
          ? `MA${orderId.replaceAll("-", "").slice(0, 20)}-${randomBytes(4).toString("hex").slice(0, 7)}`.toUpperCase()
          : `maktab-admission-${orderId}`,
      customer: {
        name: application.guardians[0]?.name ?? user.name,
        email: shownEmail(user.email),
        phone: application.guardians[0]?.phone ?? null,
      },
      description: `Admission form fee, ${application.className}`,
      metadata: { userId: user.id, admissionApplication: id },
    });
  } catch (error) {
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
  };
}

/** The next number of a year and class: 2027-C6-0001, 2027-C6-0002... without gaps. */
async function nextNumber(tx: Transaction, session: number, className: string): Promise<string> {
  const prefix = `${session}-C${classCode(className)}`;
  const [row] = await tx
    .insert(admissionNumberCounters)
    .values({ prefix, last: 1 })
    .onConflictDoUpdate({
      target: admissionNumberCounters.prefix,
      set: { last: sql`${admissionNumberCounters.last} + 1` },
    })
    .returning({ last: admissionNumberCounters.last });
  return `${prefix}-${String(row?.last ?? 1).padStart(4, "0")}`;
}

/**
 * The application an order that has just been marked paid pays, submitted in the same
 * transaction: its number, its history and the news queued. Answers the number, or null when the
 * order pays no application (or one no longer a draft: the money is kept on the order).
 */
export async function submitPaidApplication(
  tx: Transaction,
  order: { id: string },
  school: string,
): Promise<string | null> {
  const [item] = await tx.select().from(admissionOrders).where(eq(admissionOrders.orderId, order.id));
  if (!item) return null;
  const [application] = await tx
    .select()
    .from(admissionApplications)
    .where(eq(admissionApplications.id, item.applicationId))
    .for("update");
  if (application?.status !== "draft") return null;
  const round = await roundById(tx, application.roundId);
  const number = await nextNumber(tx, round.session, application.className);
  const [submitted] = await tx
    .update(admissionApplications)
    .set({ status: "submitted", number, submittedAt: new Date(), updatedAt: new Date() })
    .where(eq(admissionApplications.id, application.id))
    .returning();
  if (!submitted) return null;
  await tx.insert(admissionStatusChanges).values({
    applicationId: application.id,
    fromStatus: "draft",
    toStatus: "submitted",
    actorId: application.userId,
  });
  await queueApplicationNews(tx, school, submitted, "submitted", "submitted");
  return number;
}

/** Whether an order pays an application's fee (its payer comes back to the application's page). */
export async function admissionApplicationOf(
  db: DatabaseOrTransaction,
  orderId: string | null,
): Promise<string | null> {
  if (!orderId) return null;
  const [found] = await db
    .select({ applicationId: admissionOrders.applicationId })
    .from(admissionOrders)
    .where(eq(admissionOrders.orderId, orderId))
    .limit(1);
  return found?.applicationId ?? null;
}

/** Where the payer of an application's fee comes back to, with what happened. */
export const applicationPage = (applicationId: string, outcome: string) =>
  `/admission-applications/${applicationId}?${new URLSearchParams({ outcome })}`;
