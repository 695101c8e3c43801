// Stripe as the payment provider: Payment Intents made here, paid in the browser with Stripe
// Elements (the card, billing name, e-mail and address go from the browser straight to Stripe),
// and read back here before an order is marked paid. Webhooks are checked with the signing
// secret on their raw bytes.
import Stripe from "stripe";
import type { StripeConfig } from "../config";
import {
  type BillingDetails,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  WebhookSignatureError,
} from "./provider";

/** host, port and protocol for the SDK from STRIPE_API_URL (a fake Stripe in tests). */
function apiAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol } as const;
}

const intentIdPattern = /^pi_[A-Za-z0-9_]+$/;

/**
 * Stripe takes at most 8 digits of minor units per payment in most currencies (999,999.99 USD):
 * https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts
 */
export const stripeMaxAmountMinor = 99_999_999;

function statusOf(status: Stripe.PaymentIntent.Status): ProviderPayment["status"] {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "processing":
    case "requires_capture":
      return "processing";
    default:
      return "requires_payment";
  }
}

/** Stripe's address object as one line, the way the order keeps it. */
function addressLine(address: Stripe.Address | null | undefined): string | null {
  if (!address) return null;
  const cityLine = [address.city, address.state, address.postal_code].filter(Boolean).join(" ");
  const parts = [address.line1, address.line2, cityLine, address.country].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

function billingOf(charge: Stripe.Charge): BillingDetails {
  const details = charge.billing_details;
  return { name: details.name, email: details.email, address: addressLine(details.address) };
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    // The SDK retries with idempotency keys, so a retried create never makes two intents.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Maktab" },
  });

  const failure = (doing: string, error: unknown) =>
    new PaymentProviderError(
      `Stripe did not ${doing}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );

  const provider: PaymentProvider = {
    kind: "stripe",
    testMode: false,
    flow: "card",
    publishableKey: config.publishableKey,
    maxAmountMinor: stripeMaxAmountMinor,
    currencies: null,

    async start({ amountMinor, currency, orderId, attemptId, metadata }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            // Cards only: the order records the card's last four digits.
            allowed_payment_method_types: ["card"],
            description: `Order ${orderId}`,
            metadata: { ...metadata, orderId },
          },
          // One intent per request, however often it is retried.
          { idempotencyKey: attemptId },
        );
        if (!intent.client_secret) throw new Error("the payment intent has no client secret");
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw failure("create the payment intent", error);
      }
    },

    async cancel(id) {
      if (!intentIdPattern.test(id)) return true;
      try {
        const intent = await stripe.paymentIntents.cancel(id);
        return intent.status === "canceled";
      } catch (error) {
        // Already cancelled is what was asked; succeeded or processing cannot be cancelled.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const intent = await stripe.paymentIntents.retrieve(id).catch(() => null);
          if (intent) return intent.status === "canceled";
          if (error.statusCode === 404) return true;
        }
        throw failure("cancel the payment intent", error);
      }
    },

    async query(id) {
      // Anything else would only be sent to Stripe to be refused.
      if (!intentIdPattern.test(id)) return null;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw failure("answer about the payment", error);
      }
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: statusOf(intent.status),
        amountMinor: intent.amount,
        currency: intent.currency.toUpperCase(),
        last4: charge?.payment_method_details?.card?.last4 ?? undefined,
        billing: charge ? billingOf(charge) : undefined,
        transactionId: charge?.id,
      };
    },

    async refund({ paymentId, amountMinor, reason, refundId }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountMinor, metadata: { reason: reason.slice(0, 500) } },
          { idempotencyKey: refundId },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new Error(`the refund ${refund.status}: ${refund.failure_reason ?? "no reason given"}`);
        }
        return {
          providerRefundId: refund.id,
          status: refund.status === "succeeded" ? "succeeded" : "pending",
        };
      } catch (error) {
        throw failure("refund the payment", error);
      }
    },
  };

  const { webhookSecret } = config;
  if (webhookSecret) {
    provider.readWebhook = (payload, signature) => {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(Buffer.from(payload), signature, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
      }
      const object = event.data.object as { object?: string; id?: string };
      return {
        type: event.type,
        paymentIntentId: object.object === "payment_intent" && object.id ? object.id : null,
      };
    };
  }
  return provider;
}
