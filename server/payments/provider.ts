// What the order domain needs from a card payment provider: make a payment intent for an
// order's total, and say later what became of it. Stripe is one provider; the built-in test
// mode is the other, so the whole flow runs with nothing configured.

export type PaymentProviderKind = "test" | "stripe";

export type CreateIntentInput = {
  /** The order's total in minor units (cents, paisa). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  orderId: string;
  /**
   * Makes retries of this one request harmless: the order's first intent uses the order's id, an
   * intent replacing a cancelled one (the cart changed) a new key.
   */
  idempotencyKey: string;
  /** Kept with the intent at the provider (the order and the buyer), for the institute's books. */
  metadata: Record<string, string>;
};

export type CreatedIntent = { id: string; clientSecret: string };

/** The billing details the payer gave the provider. */
export type BillingDetails = { name: string | null; email: string | null; address: string | null };

export type ProviderPayment = {
  id: string;
  /**
   * "requires_payment": nothing paid yet, the intent can still be paid; "processing": the
   * provider is still deciding; "succeeded": the money is taken; "canceled": it never will be.
   */
  status: "requires_payment" | "processing" | "succeeded" | "canceled";
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  last4?: string;
  billing?: BillingDetails;
};

/** A provider's webhook, once its signature is checked: what happened, to which intent. */
export type PaymentEvent = { type: string; paymentIntentId: string | null };

export type PaymentProvider = {
  kind: PaymentProviderKind;
  /** What the browser needs to load the provider's card form; null in test mode. */
  publishableKey: string | null;
  /** The largest amount one intent may take, in minor units (Stripe: 8 digits). */
  maxAmountMinor: number;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /**
   * Cancels an intent so that it can never be paid. Answers true when it is cancelled (or already
   * was), false when it cannot be any more (the payment is processing or has succeeded).
   */
  cancel(id: string): Promise<boolean>;
  /** The intent as the provider knows it; null when it knows no such intent. */
  retrieve(id: string): Promise<ProviderPayment | null>;
  /**
   * Checks a webhook's signature on its raw bytes and reads the event. Absent when the provider
   * sends no webhooks (test mode) or no webhook secret is configured.
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
