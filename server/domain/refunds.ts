// Refunds: an admin gives back a paid order's money, whole or in part, with a reason, through the
// provider that took it. The amount is reserved on the order before the provider is called, so
// two admins refunding at once can never give back more than was paid; the buyer gets an e-mail
// and the audit trail an entry.

import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import { shownEmail } from "../../common/phone-accounts";
import { refundableStatuses, type refundInput } from "../../common/schemas/orders";
import { type OrderStatus, orders, paymentRefunds, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type Actor, requireRole } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";
import type { PaymentContext, Refund } from "./orders/order";
import { refundOf } from "./orders/queries";
import { providerOf } from "./orders/settlement";

/** What an admin asks, read with the shared schema (amount in minor units; none: all that is left). */
export type RefundRequest = z.output<typeof refundInput>;

export async function refundOrder(
  ctx: PaymentContext & { mail: Mailer },
  actor: Actor,
  orderId: string,
  input: RefundRequest,
): Promise<{ refund: Refund; refundedMinor: number; status: OrderStatus }> {
  const admin = requireRole(actor, "accountant");
  const { amount, reason } = input;
  if (!uuidPattern.test(orderId)) throw notFound("order");
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("order");
  if (!(refundableStatuses as readonly string[]).includes(order.status)) {
    throw new DomainError("conflict", problem("refund.onlyPaid"));
  }
  const left = order.totalMinor - order.refundedMinor;
  const amountMinor = amount ?? left;
  if (amountMinor <= 0 || amountMinor > left) {
    const found = problem("refund.left", { left: (left / 100).toFixed(2) });
    throw new DomainError("invalid", found, { amount: found });
  }
  const provider = providerOf(ctx, order);

  // Reserve the amount first: a second refund at the same time sees what is left after this one.
  const reserved = await ctx.db
    .update(orders)
    .set({ refundedMinor: sql`${orders.refundedMinor} + ${amountMinor}` })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, [...refundableStatuses]),
        sql`${orders.refundedMinor} + ${amountMinor} <= ${orders.totalMinor}`,
      ),
    )
    .returning({ refundedMinor: orders.refundedMinor, totalMinor: orders.totalMinor });
  const after = reserved[0];
  if (!after) throw new DomainError("conflict", problem("refund.changed"));

  let result: Awaited<ReturnType<typeof provider.refund>>;
  const refundId = randomUUID();
  try {
    result = await provider.refund({
      paymentId: order.providerPaymentId ?? "",
      transactionId: order.transactionId,
      amountMinor,
      currency: order.currency,
      reason,
      refundId,
    });
  } catch (error) {
    await ctx.db
      .update(orders)
      .set({ refundedMinor: sql`${orders.refundedMinor} - ${amountMinor}` })
      .where(eq(orders.id, order.id));
    throw error;
  }
  const full = after.refundedMinor >= after.totalMinor;
  const refund = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        id: refundId,
        orderId: order.id,
        amountMinor,
        reason,
        status: result.status,
        providerRefundId: result.providerRefundId,
        actorId: admin.id,
        // A phone account's placeholder address is never written where it would be shown.
        actorEmail: shownEmail(admin.email) ?? "",
      })
      .returning();
    if (full) await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    await recordAudit(tx, admin, {
      action: "refund",
      subject: "order",
      subjectId: order.id,
      label: `${(amountMinor / 100).toFixed(2)} ${order.currency}: ${reason}`,
    });
    return row;
  });
  if (!refund) throw new Error("The refund was not stored");
  ctx.logger.info({ orderId: order.id, refundId, amountMinor, provider: provider.kind }, "order refunded");
  await mailBuyer(ctx, order, amountMinor, reason);
  return {
    refund: refundOf(refund),
    refundedMinor: after.refundedMinor,
    status: full ? "refunded" : order.status,
  };
}

/** Tells the buyer (best effort: the refund stands even when the mail cannot go). */
async function mailBuyer(
  ctx: PaymentContext & { mail: Mailer },
  order: typeof orders.$inferSelect,
  amountMinor: number,
  reason: string,
) {
  const [buyer] = order.userId
    ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
    : [];
  // A phone account's placeholder is nobody's address: the billing address given is, if any.
  const to = shownEmail(buyer?.email) ?? order.billingEmail;
  if (!to) return;
  const amount = `${(amountMinor / 100).toFixed(2)} ${order.currency}`;
  const number = order.id.replace(/-/g, "").slice(0, 8).toUpperCase();
  const receipt = `${ctx.config.publicUrl}/bookings/${order.id}`;
  try {
    await ctx.mail.send({
      to,
      subject: `Refund of ${amount} on order ${number} / অর্ডার ${number}-এর ফেরত`,
      text: [
        `We have refunded ${amount} on your order ${number}.`,
        `Reason: ${reason}`,
        "The money reaches your account or wallet within a few working days.",
        `Receipt: ${receipt}`,
        "",
        "—",
        "",
        `আপনার অর্ডার ${number}-এ ${amount} ফেরত দেওয়া হয়েছে।`,
        `কারণ: ${reason}`,
        "কয়েক কর্মদিবসের মধ্যে টাকা আপনার অ্যাকাউন্ট বা ওয়ালেটে পৌঁছাবে।",
        `রসিদ: ${receipt}`,
      ].join("\n"),
    });
  } catch (error) {
    ctx.logger.error({ orderId: order.id, err: error }, "the refund mail was not sent");
  }
}
