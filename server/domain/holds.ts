// A payment on hold (SSLCommerz's risk_level 1: taken, but flagged as risky) waits for an admin,
// who either refunds it (refunds.ts) or, having checked it, confirms it: the order becomes paid,
// and the audit trail says who decided.

import { and, eq } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import { orders } from "../db/schema";
import { type Actor, requireRole } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";
import type { OrderContext } from "./orders/order";

export async function confirmHeldPayment(ctx: OrderContext, actor: Actor, orderId: string): Promise<void> {
  const admin = requireRole(actor, "accountant");
  if (!uuidPattern.test(orderId)) throw notFound("order");
  const confirmed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: "paid" })
      .where(and(eq(orders.id, orderId), eq(orders.status, "on_hold")))
      .returning({ id: orders.id });
    if (!row) return false;
    await recordAudit(tx, admin, {
      action: "update",
      subject: "order",
      subjectId: orderId,
      label: "Payment on hold confirmed",
    });
    return true;
  });
  if (confirmed) return;
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("order");
  throw new DomainError("conflict", problem("hold.onlyOnHold"));
}
