// The server side of the cart pages: the quote action shared by /allOrder and /payment-getway,
// and orders mapped to what the pages show. The domain (server/domain/orders/) decides prices,
// totals and who may see what; this file only reads the request and shapes the answer.
import { data, type RouterContextProvider } from "react-router";
import { maxQuantity } from "../../../common/pricing";
import { DomainError } from "../../../server/domain/errors";
import type { Order } from "../../../server/domain/orders/order";
import { paidBefore } from "../../../server/domain/orders/paid-twice";
import { quoteCart } from "../../../server/domain/orders/quote";
import { pageOf, requireUserPage } from "../../lib/page.server";
import type { CartItemInput, OrderView, QuoteView } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The JSON body of a fetcher's submission, or an empty object. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The cart as sent by the page: at most 50 lines of {id, quantity}; anything odd is left out. */
export function itemsOf(value: unknown): CartItemInput[] {
  if (!Array.isArray(value)) return [];
  const items: CartItemInput[] = [];
  for (const entry of value.slice(0, 50)) {
    if (!entry || typeof entry !== "object") continue;
    const { id, quantity } = entry as Record<string, unknown>;
    if (typeof id !== "string" || id.length === 0 || id.length > 100) continue;
    if (typeof quantity !== "number" || !Number.isInteger(quantity)) continue;
    if (quantity < 1 || quantity > maxQuantity) continue;
    if (items.some((item) => item.id === id)) continue;
    items.push({ id, quantity });
  }
  return items;
}

/** The cart's lines indexed by the domain's "items.N.id" field errors. */
export function badItemIds(error: unknown, items: CartItemInput[]): string[] {
  if (!(error instanceof DomainError) || error.code !== "invalid" || !error.fieldProblems) return [];
  const ids: string[] = [];
  for (const key of Object.keys(error.fieldProblems)) {
    const match = /^items\.(\d+)(?:\.id)?$/.exec(key);
    const item = match ? items[Number(match[1])] : undefined;
    if (item) ids.push(item.id);
  }
  return ids;
}

/**
 * Prices the cart. Ids the domain refuses as malformed count as missing, like admissions that no
 * longer exist, so one stale id does not hide the rest of the cart.
 */
export async function quoteFor(context: Context, items: CartItemInput[]): Promise<QuoteView> {
  const { services, actor } = pageOf(context);
  let remaining = items;
  const refused: string[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      const quote = await quoteCart(services, actor, remaining);
      const paid = await paidBefore(
        services,
        actor,
        quote.lines.map((line) => line.admissionId),
      );
      return {
        ...quote,
        missing: [...refused, ...quote.missing],
        paidBefore: paid.map((before) => ({ ...before, paidAt: before.paidAt.toISOString() })),
      };
    } catch (error) {
      const bad = badItemIds(error, remaining);
      if (bad.length === 0 || attempt >= 3) throw error;
      refused.push(...bad);
      remaining = remaining.filter((item) => !bad.includes(item.id));
    }
  }
}

/** The action of /allOrder and /payment-getway: {intent: "quote", items} -> the quote. */
export async function quoteAction(context: Context, request: Request) {
  requireUserPage(context, request);
  const body = await jsonBody(request);
  if (body.intent !== "quote") return data({ ok: false as const, quote: null }, { status: 400 });
  return { ok: true as const, quote: await quoteFor(context, itemsOf(body.items)) };
}

const iso = (value: Date | string | null | undefined) =>
  value == null ? null : value instanceof Date ? value.toISOString() : value;

/** An order as the pages show it (types.ts: OrderView): dates as ISO text, nothing the page does not need. */
export function orderView(order: Order): OrderView {
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    shippingMinor: order.shippingMinor,
    taxMinor: order.taxMinor,
    totalMinor: order.totalMinor,
    provider: order.provider,
    testMode: order.testMode,
    transactionId: order.transactionId,
    paymentChannel: order.paymentChannel,
    refundedMinor: order.refundedMinor,
    refunds: order.refunds.map((refund) => ({
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      createdAt: iso(refund.createdAt) ?? "",
    })),
    cardLast4: order.cardLast4 ?? null,
    billingName: order.billingName ?? null,
    billingEmail: order.billingEmail ?? null,
    billingAddress: order.billingAddress ?? null,
    paidAt: iso(order.paidAt),
    createdAt: iso(order.createdAt) ?? "",
    items: order.items.map((item) => ({
      title: item.title,
      unitPriceMinor: item.unitPriceMinor,
      quantity: item.quantity,
    })),
    buyer: order.buyer ? { name: order.buyer.name, email: order.buyer.email } : null,
    ...(order.paidTwiceWith ? { paidTwiceWith: order.paidTwiceWith } : {}),
  };
}

/** A domain "not found" or "forbidden" as the 404 page; anything else as it is. */
export function notFoundPage(error: unknown): never {
  if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden"))
    throw data(null, { status: 404 });
  throw error;
}
