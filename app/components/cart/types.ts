// What the cart pages receive from their loaders and actions (kept small: it goes to the browser).
// The shapes are the domain's (server/domain/orders/), each page's view said by what it leaves out.
import type { Problem } from "../../../common/errors/problem";
import type { Order, OrderItemView, Refund } from "../../../server/domain/orders/order";
import type { PaymentIntentAnswer } from "../../../server/domain/orders/payment-start";
import type { Quote, QuoteLine } from "../../../server/domain/orders/quote";

export type CartItemInput = { id: string; quantity: number };

/** An admission of the cart the account has already paid for (server/domain/orders/paid-twice.ts). */
export type PaidBeforeView = { admissionId: string; orderId: string; paidAt: string };

/**
 * The cart priced (server/domain/orders/quote.ts), with the admissions in it that the signed-in
 * account has already paid for (the pages warn before paying again; a payment's answer leaves it out).
 */
export type QuoteView = Quote & { paidBefore?: PaidBeforeView[] };

export type { OrderStatus } from "../../../common/schemas/orders";
export type { QuoteLine };

/**
 * An order as the pages show it (the mapping: orders.server.ts): the domain's order
 * (server/domain/orders/order.ts) with its dates as ISO text, without what only the office's
 * API reads (the provider's payment id, the masked card, a refund's id and state, an item's
 * admission).
 */
export type OrderView = Omit<
  Order,
  "providerPaymentId" | "maskedCard" | "refunds" | "items" | "buyer" | "paidAt" | "createdAt"
> & {
  refunds: (Pick<Refund, "amountMinor" | "reason"> & { createdAt: string })[];
  paidAt: string | null;
  createdAt: string;
  items: Pick<OrderItemView, "title" | "unitPriceMinor" | "quantity">[];
  buyer: NonNullable<Order["buyer"]> | null;
};

/** The answer to "intent": a payment intent for the total shown, or why not. */
export type IntentAnswer =
  | {
      ok: true;
      /** The payment started (server/domain/orders/payment-start.ts), its totals left out. */
      intent: Omit<PaymentIntentAnswer, "amount" | "totals">;
    }
  /** The total changed meanwhile: the server's new price. */
  | { ok: false; kind: "conflict"; quote: QuoteView }
  /** An admission in the cart no longer exists. */
  | { ok: false; kind: "stale" }
  | { ok: false; kind: "error"; error: Problem };

/** The answer to paying ("confirm" in test mode, "record" after Stripe.js). */
export type PayAnswer =
  | { ok: true; orderId: string }
  | { ok: false; error: Problem; fields?: Record<string, Problem> };
