// The same admission paid twice by one account (issue 40, item 4): the cart is kept per browser,
// so a family booking in two browsers could pay for one child twice. Before paying, the buyer is
// told of their earlier paid order for an admission in the cart (paying again stays allowed);
// the office's list marks each paid order that another paid order of the same account and
// admission duplicates, so that one is refunded. "Paid" is money taken and not all given back.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { refundableStatuses } from "../../../common/schemas/orders";
import { orderItems, orders } from "../../db/schema";
import { type Actor, requireUser } from "../actor";
import type { OrderContext } from "./order";

/** An admission of the cart this account has already paid for, with the first order that paid it. */
export type PaidBefore = { admissionId: string; orderId: string; paidAt: Date };

/** The admissions among these that the signed-in account has a paid order for, each once. */
export async function paidBefore(
  ctx: OrderContext,
  actor: Actor,
  admissionIds: readonly string[],
): Promise<PaidBefore[]> {
  const user = requireUser(actor);
  const ids = [...new Set(admissionIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({
      admissionId: orderItems.admissionId,
      orderId: orders.id,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, user.id),
        inArray(orders.status, [...refundableStatuses]),
        inArray(orderItems.admissionId, ids),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.createdAt));
  const first = new Map<string, PaidBefore>();
  for (const row of rows) {
    if (!row.admissionId || first.has(row.admissionId)) continue;
    first.set(row.admissionId, {
      admissionId: row.admissionId,
      orderId: row.orderId,
      paidAt: row.paidAt ?? row.createdAt,
    });
  }
  return [...first.values()];
}

/**
 * For each of these orders that is paid, the other paid orders of the same account with an
 * admission in common (the office's list marks them; one is refunded). Orders without one are left out.
 */
export async function paidTwiceWith(
  ctx: OrderContext,
  orderIds: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (orderIds.length === 0) return found;
  const otherItems = alias(orderItems, "other_items");
  const otherOrders = alias(orders, "other_orders");
  const paid = [...refundableStatuses];
  const rows = await ctx.db
    .selectDistinct({ orderId: orders.id, otherId: otherOrders.id, otherMade: otherOrders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(otherItems, eq(otherItems.admissionId, orderItems.admissionId))
    .innerJoin(otherOrders, eq(otherOrders.id, otherItems.orderId))
    .where(
      and(
        inArray(orders.id, [...orderIds]),
        inArray(orders.status, paid),
        inArray(otherOrders.status, paid),
        eq(otherOrders.userId, orders.userId),
        ne(otherOrders.id, orders.id),
      ),
    )
    .orderBy(asc(otherOrders.createdAt), asc(otherOrders.id));
  for (const row of rows) found.set(row.orderId, [...(found.get(row.orderId) ?? []), row.otherId]);
  return found;
}
