// /payment-getway/stripe: pay by card. As soon as the cart is priced, and again whenever its
// total changes, the page asks the server for a payment intent for exactly the total it shows
// (a changed total comes back as a conflict with the new price). Without Stripe keys the
// built-in test provider takes Stripe's published test cards and no real money moves; with them
// Stripe.js confirms the card and the server checks the payment with Stripe before marking the
// order paid.
import { data } from "react-router";
import { DomainError, PaymentError } from "../../server/domain/errors";
import { confirmTestPayment, createPaymentIntent, recordPayment } from "../../server/domain/orders";
import { PaymentProviderError } from "../../server/payments/provider";
import { CardForm } from "../components/cart/card-form";
import { badItemIds, itemsOf, jsonBody, quoteFor } from "../components/cart/orders.server";
import type { IntentAnswer, PayAnswer } from "../components/cart/types";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { Route } from "./+types/payment.stripe";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  const { services } = pageOf(context);
  return { provider: services.payments.kind };
}

/** Stripe did not answer or refused our call: nothing the payer did wrong, so a plain message. */
const providerDown = "The payment service is not answering. Please try again in a moment.";

function logProviderError(context: Route.ActionArgs["context"], error: PaymentProviderError) {
  pageOf(context).logger.error({ err: error }, "the payment provider failed");
}

const text = (value: unknown, max = 500) => (typeof value === "string" ? value.slice(0, max) : "");

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const body = await jsonBody(request);

  if (body.intent === "intent") {
    const items = itemsOf(body.items);
    const priceMinor =
      typeof body.priceMinor === "number" && Number.isSafeInteger(body.priceMinor)
        ? body.priceMinor
        : undefined;
    try {
      const intent = await createPaymentIntent(services, actor, { items, priceMinor });
      const answer: IntentAnswer = {
        ok: true,
        intent: {
          clientSecret: intent.clientSecret,
          orderId: intent.orderId,
          amountMinor: intent.amountMinor,
          currency: intent.currency,
          provider: intent.provider,
          publishableKey: intent.publishableKey,
        },
      };
      return answer;
    } catch (error) {
      if (error instanceof DomainError && error.code === "conflict") {
        const answer: IntentAnswer = { ok: false, kind: "conflict", quote: await quoteFor(context, items) };
        return data(answer, { status: 409 });
      }
      if (badItemIds(error, items).length > 0) {
        return data({ ok: false, kind: "stale" } satisfies IntentAnswer, { status: 400 });
      }
      if (error instanceof DomainError) {
        return data({ ok: false, kind: "error", error: error.message } satisfies IntentAnswer, {
          status: 400,
        });
      }
      if (error instanceof PaymentProviderError) {
        logProviderError(context, error);
        return data({ ok: false, kind: "error", error: providerDown } satisfies IntentAnswer, {
          status: 502,
        });
      }
      throw error;
    }
  }

  if (body.intent === "confirm" || body.intent === "record") {
    try {
      if (body.intent === "confirm") {
        // The domain checks every field (common/schemas/orders.ts).
        const { clientSecret, cardNumber, expMonth, expYear, cvc, billing } = body;
        const result = await confirmTestPayment(services, actor, {
          clientSecret,
          cardNumber,
          expMonth,
          expYear,
          cvc,
          billing,
        });
        return { ok: true, orderId: result.orderId } satisfies PayAnswer;
      }
      const result = await recordPayment(services, actor, {
        orderId: text(body.orderId, 100) || undefined,
        transaction: text(body.transaction, 200),
      });
      return { ok: true, orderId: result.insertedId } satisfies PayAnswer;
    } catch (error) {
      if (error instanceof PaymentError) {
        return data({ ok: false, error: error.message } satisfies PayAnswer, { status: 402 });
      }
      if (error instanceof DomainError) {
        return data({ ok: false, error: error.message, fields: error.fields } satisfies PayAnswer, {
          status: 400,
        });
      }
      if (error instanceof PaymentProviderError) {
        logProviderError(context, error);
        return data({ ok: false, error: providerDown } satisfies PayAnswer, { status: 502 });
      }
      throw error;
    }
  }

  return data({ ok: false, kind: "error", error: "Unknown request" } satisfies IntentAnswer, { status: 400 });
}

export default function PaymentStripe({ loaderData }: Route.ComponentProps) {
  return <CardForm provider={loaderData.provider} />;
}
