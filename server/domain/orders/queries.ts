// Reading orders: a page of them with their items and refunds, the buyer's own or, for an admin,
// everyone's; one order to its buyer or an admin.
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import { accountLabel } from "../../../common/phone-accounts";
import { type OrderStatus, orderItems, orders, paymentRefunds, users } from "../../db/schema";
import { type Actor, holdsRole, requireRole, requireUser } from "../actor";
import { notFound } from "../errors";
import { expireStaleOrders } from "./expiry";
import type { Order, OrderContext, OrderItemView, Refund } from "./order";
import { paidTwiceWith } from "./paid-twice";

export const refundOf = (row: typeof paymentRefunds.$inferSelect): Refund => ({
  id: row.id,
  amountMinor: row.amountMinor,
  reason: row.reason,
  status: row.status,
  providerRefundId: row.providerRefundId,
  createdAt: row.createdAt,
});

export type OrderPage = { limit: number; offset: number };

const defaultPage: OrderPage = { limit: 50, offset: 0 };

/** Orders by a condition, newest first, a page of them with the total count; with their buyer if asked. */
export async function selectOrders(
  ctx: OrderContext,
  where: SQL | undefined,
  page: OrderPage,
  withBuyer: boolean,
): Promise<{ items: Order[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        order: orders,
        buyerName: users.name,
        buyerEmail: users.email,
        buyerPhone: users.phoneNumber,
      })
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
  const [items, refunds, twice] =
    ids.length === 0
      ? [[], [], new Map<string, string[]>()]
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
          withBuyer ? paidTwiceWith(ctx, ids) : new Map<string, string[]>(),
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
    items: rows.map(({ order, buyerName, buyerEmail, buyerPhone }) => ({
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
      ...(twice.has(order.id) ? { paidTwiceWith: twice.get(order.id) } : {}),
      ...(withBuyer
        ? {
            buyer: {
              name: buyerName ?? order.billingName ?? "",
              // A phone account has no address of its own: its number names it (common/phone-accounts.ts).
              email:
                accountLabel({ email: buyerEmail, phoneNumber: buyerPhone }) || (order.billingEmail ?? ""),
            },
          }
        : {}),
    })),
  };
}

/** A page of orders with the total count: the signed-in user's, or everyone's for an accountant (or admin). */
export async function listOrders(
  ctx: OrderContext,
  actor: Actor,
  options: { all?: boolean; status?: OrderStatus } & Partial<OrderPage> = {},
): Promise<{ items: Order[]; total: number }> {
  const page = { limit: options.limit ?? defaultPage.limit, offset: options.offset ?? defaultPage.offset };
  const byStatus = options.status ? eq(orders.status, options.status) : undefined;
  if (options.all) {
    requireRole(actor, "accountant");
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

/** One order, to its buyer or an accountant (or admin); anyone else learns nothing of it (404). */
export async function getOrder(ctx: OrderContext, actor: Actor, id: string): Promise<Order> {
  const user = requireUser(actor);
  if (!uuidPattern.test(id)) throw notFound("order");
  await expireStaleOrders(ctx);
  const staff = holdsRole(user, "accountant");
  const where = staff ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, user.id));
  const { items } = await selectOrders(ctx, where, { limit: 1, offset: 0 }, staff);
  const [order] = items;
  if (!order) throw notFound("order");
  return order;
}
