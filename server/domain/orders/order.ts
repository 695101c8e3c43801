// Orders and their payment. The server alone decides what is charged: totals come from the
// prices in the database, a total sent by a page is only compared, and an order is marked paid
// only after the payment provider says so, once, whoever reports it first (the page, an earlier
// client through admitCollection, or Stripe's webhook).
//
// The files of this folder: the cart's price (quote.ts), starting a payment (payment-start.ts),
// orders left unpaid (expiry.ts), recording what the provider says (settlement.ts), reading orders
// (queries.ts) and the office's spreadsheet (export.ts). This file: an order's shape, and what
// each of them needs.
import type { Logger } from "pino";
import type { z } from "zod";
import { problem } from "../../../common/errors/problem";
import { fieldProblemsOf } from "../../../common/schemas/field-errors";
import type { LabelCode } from "../../../i18n/errors/labels";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { OrderStatus, orders } from "../../db/schema";
import type { Metrics } from "../../metrics/metrics";
import type { Payments } from "../../payments/payments";
import type { ImageStore } from "../content/collection";
import { DomainError } from "../errors";

/** What reading orders needs. `images` shows uploaded pictures; without it they are found from the config. */
export type OrderContext = { db: Database; config: Config; images?: ImageStore };

/** What paying needs: the services object has all of it (metrics: outcomes counted for /metrics). */
export type PaymentContext = OrderContext & {
  payments: Payments;
  logger: Logger;
  metrics?: Pick<Metrics, "payment">;
};

export type Refund = {
  id: string;
  amountMinor: number;
  reason: string;
  status: "succeeded" | "pending";
  providerRefundId: string | null;
  createdAt: Date;
};

export type OrderItemView = {
  title: string;
  unitPriceMinor: number;
  quantity: number;
  /** Null when the admission has been deleted since; the title and price stay. */
  admissionId: string | null;
};

export type Order = {
  id: string;
  status: OrderStatus;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  provider: string;
  /** A built-in stand-in took it: no money moved. */
  testMode: boolean;
  /** The payment's id at the provider (Stripe's pi_..., SSLCommerz's tran_id, bKash's paymentID). */
  providerPaymentId: string | null;
  /** The provider's transaction (bank_tran_id, trxID, Stripe's charge), for receipts and refunds. */
  transactionId: string | null;
  /** How it was paid, as the provider names it ("BKASH-BKash", "VISA-Dutch Bangla"). */
  paymentChannel: string | null;
  maskedCard: string | null;
  /** How much has been given back, and each refund. */
  refundedMinor: number;
  refunds: Refund[];
  cardLast4: string | null;
  billingName: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  paidAt: Date | null;
  createdAt: Date;
  items: OrderItemView[];
  /** Who bought it: shown to admins only. */
  buyer?: { name: string; email: string };
  /**
   * For the office (with the buyer): the other paid orders of the same account for an admission
   * of this one, when this one is paid too (paid-twice.ts); left out when there are none.
   */
  paidTwiceWith?: string[];
};

/** An order's row as the database has it. */
export type OrderRow = typeof orders.$inferSelect;

/** Input checked by its schema; a refusal names the fields (400). */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what: LabelCode): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new DomainError("invalid", problem("record.invalid", { what }), fieldProblemsOf(result.error));
  return result.data;
}
