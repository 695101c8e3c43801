// /payment-getway/stripe: pay by card. As soon as the cart is priced, and again whenever its
// total changes, the page asks the server for a payment intent for exactly the total it shows
// (a changed total comes back as a conflict with the new price). Without Stripe keys the
// built-in test provider takes Stripe's published test cards and no real money moves; with them
// Stripe.js confirms the card and the server checks the payment with Stripe before marking the
// order paid.

import { data } from "react-router";
import { problem } from "../../common/errors/problem";
import { DomainError, PaymentError } from "../../server/domain/errors";
import { confirmTestPayment, recordPayment } from "../../server/domain/orders/settlement";
import { PaymentProviderError } from "../../server/payments/provider";
import { CardForm } from "../components/cart/card-form";
import { jsonBody } from "../components/cart/orders.server";
import { logProviderError, providerDown, startPayment } from "../components/cart/start-payment.server";
import type { IntentAnswer, PayAnswer } from "../components/cart/types";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/payment.stripe";

// The same for every signed-in reader: which card form the configuration offers.
export const handle = sharedPage;

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  const { services } = pageOf(context);
  // Stripe when it is configured; the test card when nothing is; none when only others are.
  const card = services.payments.find("stripe");
  return { provider: card?.kind === "stripe" || card?.kind === "test" ? card.kind : null };
}

const text = (value: unknown, max = 500) => (typeof value === "string" ? value.slice(0, max) : "");

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const body = await jsonBody(request);

  if (body.intent === "intent") return startPayment(context, body, "stripe");

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
        return data({ ok: false, error: error.problem } satisfies PayAnswer, { status: 402 });
      }
      if (error instanceof DomainError) {
        return data({ ok: false, error: error.problem, fields: error.fieldProblems } satisfies PayAnswer, {
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

  return data({ ok: false, kind: "error", error: problem("request.unknown") } satisfies IntentAnswer, {
    status: 400,
  });
}

export default function PaymentStripe({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData.provider) {
    return (
      <section className="payment-panel" data-testid="card-off">
        <h2>{t("cart.payment.stripe")}</h2>
        <p>{t("cart.payment.notOffered")}</p>
      </section>
    );
  }
  return <CardForm provider={loaderData.provider} />;
}
