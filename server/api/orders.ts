// The cart and payment calls: the earlier contract's /Order/create-payment-intent and
// /Admition/admitCollection/{id}, and the calls the cart pages need around them. Money travels
// both in minor units (the *Minor fields, exact) and in major units (price, total: 120.5).
import { z } from "zod";
import { toMajorUnits } from "../../common/money";
import type { Totals } from "../../common/pricing";
import {
  cartItems,
  paymentIntentRequest,
  recordPaymentInput,
  refundInput,
  testPaymentInput,
} from "../../common/schemas/orders";
import { orderStatuses } from "../db/schema";
import { listQuery } from "../domain/content/collection";
import { confirmHeldPayment } from "../domain/holds";
import type { Order, Refund } from "../domain/orders/order";
import { createPaymentIntent, TotalChangedError } from "../domain/orders/payment-start";
import { getOrder, listOrders } from "../domain/orders/queries";
import { type Quote, quoteCart } from "../domain/orders/quote";
import { confirmTestPayment, recordPayment } from "../domain/orders/settlement";
import { refundOrder } from "../domain/refunds";
import { Answer, endpoint } from "./endpoint";
import { errorBody } from "./errors";
import {
  orderWire,
  paymentIntentWire,
  paymentRecorded,
  quoteWire,
  refundAnswerWire,
  testPaymentWire,
  totalChangedError,
} from "./wire-schemas";

const tag = "Orders";

/** Totals in minor units, and the same in major units for display. */
export const totalsToWire = (totals: Totals) => ({
  ...totals,
  subtotal: toMajorUnits(totals.subtotalMinor),
  shipping: toMajorUnits(totals.shippingMinor),
  tax: toMajorUnits(totals.taxMinor),
  total: toMajorUnits(totals.totalMinor),
});

export const quoteToWire = (quote: Quote) => ({
  lines: quote.lines.map((line) => ({
    ...line,
    unitPrice: toMajorUnits(line.unitPriceMinor),
    lineTotalMinor: line.unitPriceMinor * line.quantity,
  })),
  missing: quote.missing,
  totals: totalsToWire(quote.totals),
  charges: quote.charges,
  currency: quote.currency,
});

export const refundToWire = (refund: Refund) => ({ ...refund, amount: toMajorUnits(refund.amountMinor) });

export const orderToWire = (order: Order) => ({
  ...order,
  refunded: toMajorUnits(order.refundedMinor),
  refunds: order.refunds.map(refundToWire),
  subtotal: toMajorUnits(order.subtotalMinor),
  shipping: toMajorUnits(order.shippingMinor),
  tax: toMajorUnits(order.taxMinor),
  total: toMajorUnits(order.totalMinor),
  items: order.items.map((item) => ({ ...item, unitPrice: toMajorUnits(item.unitPriceMinor) })),
});

const flag = z
  .enum(["1", "true", "yes", "0", "false", "no"], { error: "all must be 1 or 0" })
  .transform((value) => ["1", "true", "yes"].includes(value))
  .optional();

// Orders page like every list, without search; admins may ask for everyone's; by status.
const ordersQuery = listQuery.omit({ q: true }).extend({
  all: flag,
  status: z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(", ")}` }).optional(),
});

const idParams = z.object({ id: z.string() });

const cardRefused = "The card was refused: code card_declined, insufficient_funds, expired_card...";

export const orderEndpoints = [
  endpoint({
    method: "POST",
    paths: ["/Order/create-payment-intent"],
    summary:
      "Make the buyer's open order match the cart, priced on the server, and start its payment with " +
      "provider (stripe, sslcommerz, bkash or test; default: the first offered). A card provider " +
      "answers a clientSecret; a redirect provider (sslcommerz, bkash) a redirectUrl to send the buyer " +
      "to. With no provider configured every one runs in test mode (testMode: true) through the site's " +
      "own test gateway page. Price, if sent, is only compared: 409 with the server's totals when it " +
      "differs. One open order per buyer and provider: a changed cart updates it and replaces its " +
      "payment; an order unpaid for 24 hours expires. Items name the admission as id or _id. Totals " +
      "above 10,000,000,000.00 (or the provider's own limit) are refused with 400 naming items.",
    tag,
    access: "signed-in user",
    body: paymentIntentRequest,
    errors: { "502": "The payment service did not answer" },
    responses: {
      "409": {
        description: "The total has changed: error.totals holds the server's totals",
        schema: totalChangedError,
      },
    },
    response: paymentIntentWire,
    handle: async ({ services, actor, body }) => {
      try {
        const answer = await createPaymentIntent(services, actor, {
          items: body.items,
          priceMinor: body.price,
          provider: body.provider,
        });
        return { ...answer, totals: totalsToWire(answer.totals) };
      } catch (error) {
        if (!(error instanceof TotalChangedError)) throw error;
        const body = errorBody(error.code, error.problem, error.fieldProblems);
        const refusal = {
          error: { ...body.error, totals: totalsToWire(error.totals), currency: error.currency },
        };
        return new Answer(refusal, {}, 409);
      }
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/Order/quote"],
    summary: "Price the cart from the database without ordering (admissions that no longer exist are listed)",
    tag,
    access: "signed-in user",
    readOnly: true,
    body: z.object({ items: cartItems }),
    response: quoteWire,
    handle: async ({ services, actor, body }) => quoteToWire(await quoteCart(services, actor, body.items)),
  }),
  endpoint({
    method: "GET",
    paths: ["/Order/orders"],
    summary:
      "The signed-in user's orders, newest first, with their items (all=1: everyone's, for accountants and admins; " +
      "status: only those; unpaid orders expire 24 hours after they were made)",
    tag,
    access: "signed-in user",
    query: ordersQuery,
    response: z.array(orderWire),
    responseHeaders: ["X-Total-Count"],
    handle: async ({ services, actor, query }) => {
      const { items, total } = await listOrders(services, actor, query);
      return new Answer(items.map(orderToWire), { "X-Total-Count": String(total) });
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/Order/orders/:id"],
    summary: "One order with its items",
    tag,
    access: "owner or admin",
    params: idParams,
    response: orderWire,
    handle: async ({ services, actor, params }) => orderToWire(await getOrder(services, actor, params.id)),
  }),
  endpoint({
    method: "PUT",
    paths: ["/Admition/admitCollection/:id"],
    summary:
      "Record a payment: the transaction (payment intent id) is checked with the payment provider; " +
      "amount, created and last4 are not believed. Repeating it is harmless.",
    tag,
    access: "owner or admin",
    params: idParams,
    body: recordPaymentInput,
    response: paymentRecorded,
    errors: {
      "402":
        "The provider has not taken the payment (payment_incomplete, payment_processing, payment_canceled)",
      "409": "The payment does not match the order's total",
      "502": "The payment service did not answer",
    },
    handle: ({ services, actor, params, body }) =>
      recordPayment(services, actor, { orderId: params.id, transaction: body.transaction }),
  }),
  endpoint({
    method: "POST",
    paths: ["/Order/orders/:id/refunds"],
    summary:
      "Refund a paid order, whole or in part (amount in major units; none: all that is left), with a " +
      "reason, through the provider that took it. The buyer is e-mailed and the audit trail records it; " +
      "a refund of everything left makes the order refunded.",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: refundInput,
    status: 201,
    response: refundAnswerWire,
    errors: {
      "404": "No such order",
      "409": "The order is not paid, or changed meanwhile",
      "502": "The payment service did not answer",
    },
    handle: async ({ services, actor, params, body }) => {
      const answer = await refundOrder(services, actor, params.id, body);
      return { ...answer, refund: refundToWire(answer.refund), refunded: toMajorUnits(answer.refundedMinor) };
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/Order/orders/:id/confirm"],
    summary:
      "Confirm a payment on hold (SSLCommerz's risk_level 1) after checking it: the order becomes paid, " +
      "and the audit trail records who decided. (To give the money back instead, refund it.)",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: z.strictObject({}),
    response: orderWire,
    errors: { "404": "No such order", "409": "The order is not on hold" },
    handle: async ({ services, actor, params }) => {
      await confirmHeldPayment(services, actor, params.id);
      return orderToWire(await getOrder(services, actor, params.id));
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/payments/test/confirm"],
    summary:
      "Test mode only (no Stripe keys): pay an order's intent with one of Stripe's test cards " +
      "(4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds). " +
      "Only the order's buyer pays it.",
    tag,
    access: "signed-in user",
    body: testPaymentInput,
    errors: {
      "402": cardRefused,
      "404": "No order has this client secret",
      "409": "The order is no longer pending (paid, failed or cancelled)",
    },
    response: testPaymentWire,
    handle: ({ services, actor, body }) => confirmTestPayment(services, actor, body),
  }),
];
