// What the cart pages receive from their loaders and actions (kept small: it goes to the browser).
import type { Problem } from "../../../common/errors/problem";
import type { Totals } from "../../../common/pricing";
import type { OrderStatus, paymentProviderNames } from "../../../common/schemas/orders";

export type PaymentProviderKind = (typeof paymentProviderNames)[number];

import type { ImageView } from "../../ui";

export type CartItemInput = { id: string; quantity: number };

export type QuoteLine = {
  admissionId: string;
  title: string;
  unitPriceMinor: number;
  quantity: number;
  image: ImageView | null;
};

export type QuoteView = {
  lines: QuoteLine[];
  /** Ids in the cart with no admission behind them any more. */
  missing: string[];
  totals: Totals;
  currency: string;
};

export type { OrderStatus } from "../../../common/schemas/orders";

export type OrderView = {
  id: string;
  status: OrderStatus;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** Who took the payment (stripe, sslcommerz, bkash, test) and whether it was a test-mode stand-in. */
  provider: string;
  testMode: boolean;
  /** The provider's transaction (bank_tran_id, trxID) and how it was paid ("BKASH-BKash"). */
  transactionId: string | null;
  paymentChannel: string | null;
  refundedMinor: number;
  refunds: { amountMinor: number; reason: string; createdAt: string }[];
  cardLast4: string | null;
  billingName: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  paidAt: string | null;
  createdAt: string;
  items: { title: string; unitPriceMinor: number; quantity: number }[];
  buyer: { name: string; email: string } | null;
};

/** The answer to "intent": a payment intent for the total shown, or why not. */
export type IntentAnswer =
  | {
      ok: true;
      intent: {
        /** The card flow's secret; null for a redirect provider. */
        clientSecret: string | null;
        /** The redirect flow's page (the provider's, or the local test gateway); null for cards. */
        redirectUrl: string | null;
        orderId: string;
        amountMinor: number;
        currency: string;
        provider: PaymentProviderKind;
        testMode: boolean;
        publishableKey: string | null;
      };
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
