// What the order domain needs from a payment provider: start a payment for an order's total,
// settle it from what the provider reports, query it, refund it. Stripe takes cards in the
// browser ("card" flow); SSLCommerz and bKash send the buyer to their own page and back
// ("redirect" flow). With no provider configured, built-in test stand-ins take every flow and
// no money moves.

import type { paymentProviderNames } from "../../common/schemas/orders";

/** The providers' names, as orders store them and the API takes them. "test": the test card. */
export type PaymentProviderKind = (typeof paymentProviderNames)[number];

export type StartInput = {
  /** The order's total in minor units (cents, paisa). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  orderId: string;
  /**
   * Unique per attempt at paying this order: makes retries of one request harmless (Stripe's
   * idempotency key), and is the merchant's transaction id where the provider asks for one
   * (SSLCommerz's tran_id, at most 30 characters).
   */
  attemptId: string;
  /** The buyer, for the provider's page and receipts. */
  /** A phone account has no e-mail address (null). */
  customer: { name: string; email: string | null; phone?: string | null };
  /** What is being paid for, in a few words ("Admission: Class 6"). */
  description: string;
  /** Kept with the payment at the provider (the order and the buyer), for the institute's books. */
  metadata: Record<string, string>;
};

/** A started payment: its id at the provider, and where the buyer goes on. */
export type StartedPayment =
  /** The card flow: the browser pays with this secret (Stripe Elements, the test card form). */
  | { id: string; clientSecret: string; redirectUrl?: undefined }
  /** The redirect flow: the buyer goes to the provider's page. */
  | { id: string; redirectUrl: string; clientSecret?: undefined };

/** The billing details the payer gave the provider. */
export type BillingDetails = { name: string | null; email: string | null; address: string | null };

export type ProviderPayment = {
  /** The id the order keeps (Stripe's pi_..., SSLCommerz's tran_id, bKash's paymentID). */
  id: string;
  /**
   * "requires_payment": nothing paid yet, the payment can still be made; "processing": the
   * provider is still deciding; "succeeded": the money is taken; "canceled": it never will be
   * (failed, cancelled by the buyer, or expired at the provider).
   */
  status: "requires_payment" | "processing" | "succeeded" | "canceled";
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  last4?: string;
  billing?: BillingDetails;
  /** The provider's transaction (SSLCommerz's bank_tran_id, bKash's trxID), for receipts and refunds. */
  transactionId?: string;
  /** The provider's proof of the check (SSLCommerz's val_id). */
  validationId?: string;
  /** How it was paid, as the provider names it (SSLCommerz's card_type: "BKASH-BKash", "VISA-Dutch Bangla"). */
  channel?: string;
  /** The card number as the provider masks it ("432149XXXXXX0667"). */
  maskedCard?: string;
  /** The provider took it but flags it as risky (SSLCommerz's risk_level 1): an admin decides. */
  onHold?: boolean;
};

/**
 * What a redirect provider reported (SSLCommerz's IPN or the buyer's return, bKash's
 * callback), once checked with the provider: the payment it is about and what became of it.
 */
export type Settlement =
  | { outcome: "paid"; payment: ProviderPayment }
  /** The buyer's own choice or the provider's refusal: the order stays unpaid. */
  | { outcome: "failed" | "cancelled"; paymentId: string; reason: string }
  /** Not decided yet (the provider still processes it): ask again later. */
  | { outcome: "pending"; paymentId: string };

export type RefundInput = {
  /** The payment as the order keeps it (its id and the provider's transaction). */
  paymentId: string;
  transactionId: string | null;
  amountMinor: number;
  currency: string;
  reason: string;
  /** Unique per refund: retries of one refund never refund twice. */
  refundId: string;
};

export type RefundResult = {
  /** The provider's id for the refund. */
  providerRefundId: string;
  /** "succeeded": the money is on its way back; "pending": the provider will finish it later. */
  status: "succeeded" | "pending";
};

/** A provider's webhook, once its signature is checked: what happened, to which payment. */
export type PaymentEvent = { type: string; paymentIntentId: string | null };

export type PaymentProvider = {
  kind: PaymentProviderKind;
  /** A built-in stand-in: no money moves. */
  testMode: boolean;
  flow: "card" | "redirect";
  /** What the browser needs to load the provider's card form; null in test mode. */
  publishableKey: string | null;
  /** The largest amount one payment may take, in minor units (Stripe: 8 digits). */
  maxAmountMinor: number;
  /** The smallest, where the provider has one (SSLCommerz: 10.00 BDT). */
  minAmountMinor?: number;
  /** Currencies the provider takes (ISO 4217, upper case); null: any. */
  currencies: readonly string[] | null;
  start(input: StartInput): Promise<StartedPayment>;
  /**
   * Redirect providers: checks what arrived from outside (a form or a query string) with the
   * provider and says what it means. Throws PaymentReportError when it is forged or does not
   * add up; PaymentProviderError when the provider cannot be asked.
   */
  settle?: (report: Record<string, string>) => Promise<Settlement>;
  /**
   * settle itself takes the money (bKash's execute), rather than learning that it was taken
   * (SSLCommerz): it is never called for an order that can no longer be paid.
   */
  settleTakesMoney?: boolean;
  /** The payment as the provider knows it now; null when it knows no such payment. */
  query(id: string): Promise<ProviderPayment | null>;
  /**
   * Makes a started payment impossible to complete. Answers true when it is cancelled (or
   * already was, or the provider lets unpaid sessions lapse by themselves), false when it cannot
   * be any more (the payment is processing or has succeeded).
   */
  cancel(id: string): Promise<boolean>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Checks a webhook's signature on its raw bytes and reads the event. Absent when the provider
   * sends no signed webhooks or no webhook secret is configured.
   */
  readWebhook?: (payload: Uint8Array, signature: string) => PaymentEvent;
};

/** The provider did not answer, or refused our request: nothing the buyer did wrong. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/** A webhook whose signature does not match: not from the provider, or altered on the way. */
export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature does not match") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/**
 * A report (IPN, return, callback) that is forged, replayed for another payment or does not add
 * up with what the provider says: nothing changes, and it is logged.
 */
export class PaymentReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentReportError";
  }
}

/** Where a provider keeps its access token, shared by every app process (bKash's id_token). */
export type TokenStore = {
  read(provider: string): Promise<StoredToken | null>;
  write(provider: string, token: StoredToken): Promise<void>;
};

export type StoredToken = {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working. */
  expiresAt: Date;
  /** When the refresh token stops working (bKash: 28 days); null: unknown. */
  refreshExpiresAt: Date | null;
};

/** Minor units as the decimal the redirect providers take and send: 125050 -> "1250.50". */
export const decimalAmount = (minor: number) =>
  `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

/**
 * A provider's decimal amount to minor units ("1250.5", "1250.50", "1250" -> 125050); null
 * when it is not an exact amount in hundredths.
 */
export function minorOfDecimal(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string") return null;
  const match = /^\s*(\d{1,13})(?:\.(\d{1,4}))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(4, "0");
  // "1250.5000" is fine; "1250.505" is not a whole number of paisa.
  if (fraction.slice(2) !== "00") return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}
