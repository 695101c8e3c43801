// The payment pages' "intent" call, shared by the card form and the redirect providers' pages:
// start the payment for the total the page shows, or say why not in words the page can show
// (the total changed, an admission is gone, a refusal, the provider not answering).

import { data, type RouterContextProvider } from "react-router";
import { problem } from "../../../common/errors/problem";
import { DomainError } from "../../../server/domain/errors";
import { createPaymentIntent } from "../../../server/domain/orders/payment-start";
import { PaymentProviderError, type PaymentProviderKind } from "../../../server/payments/provider";
import { pageOf } from "../../lib/page.server";
import { badItemIds, itemsOf, quoteFor } from "./orders.server";
import type { IntentAnswer } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The provider did not answer or refused our call: nothing the payer did wrong, so a plain message. */
export const providerDown = problem("payment.notAnswering");

export function logProviderError(context: Context, error: PaymentProviderError) {
  pageOf(context).logger.error({ err: error }, "the payment provider failed");
}

export async function startPayment(
  context: Context,
  body: Record<string, unknown>,
  provider: PaymentProviderKind,
) {
  const { services, actor } = pageOf(context);
  const items = itemsOf(body.items);
  const priceMinor =
    typeof body.priceMinor === "number" && Number.isSafeInteger(body.priceMinor)
      ? body.priceMinor
      : undefined;
  try {
    const intent = await createPaymentIntent(services, actor, { items, priceMinor, provider });
    const answer: IntentAnswer = {
      ok: true,
      intent: {
        clientSecret: intent.clientSecret,
        redirectUrl: intent.redirectUrl,
        orderId: intent.orderId,
        amountMinor: intent.amountMinor,
        currency: intent.currency,
        provider: intent.provider,
        testMode: intent.testMode,
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
      return data({ ok: false, kind: "error", error: error.problem } satisfies IntentAnswer, { status: 400 });
    }
    if (error instanceof PaymentProviderError) {
      logProviderError(context, error);
      return data({ ok: false, kind: "error", error: providerDown } satisfies IntentAnswer, { status: 502 });
    }
    throw error;
  }
}
