// The redirect providers' panel of /payment-getway (ssl for SSLCommerz, bkash for bKash): the
// pay button starts a payment for the total on screen and sends the buyer to the provider's page
// (or, in test mode, the site's test gateway page); coming back, the panel says what happened.
import { useEffect, useRef, useState } from "react";
// The receipt links are written here and in card-form.tsx: a shared module would be one more
// chunk on the payment page's first load, which is at its budget.
import { href, Link, useFetcher, useOutletContext } from "react-router";
import { toMajorUnits } from "../../../common/money";
import { formatPrice } from "../../../i18n/format";
import type { MessageKey } from "../../../i18n/translate";
import { clearCart } from "../../lib/cart";
import { useI18n } from "../../lib/i18n";
import { Alert, Button } from "../../ui";
import { payLabel } from "./cart-lines";
import type { PaymentOutlet } from "./payment-outlet";
import type { IntentAnswer } from "./types";

export const returnOutcomes = ["paid", "on_hold", "failed", "cancelled", "pending", "rejected"] as const;
export type ReturnOutcome = (typeof returnOutcomes)[number];

const outcomeText: Record<ReturnOutcome, MessageKey> = {
  paid: "cart.outcome.paid",
  on_hold: "cart.outcome.onHold",
  failed: "cart.outcome.failed",
  cancelled: "cart.outcome.cancelled",
  pending: "cart.outcome.pending",
  rejected: "cart.outcome.rejected",
};

const tone = (outcome: ReturnOutcome) =>
  outcome === "paid" ? "success" : outcome === "failed" || outcome === "rejected" ? "error" : "info";

const texts = {
  sslcommerz: { heading: "cart.redirect.sslHeading", lead: "cart.redirect.sslLead", name: "SSLCommerz" },
  bkash: { heading: "cart.redirect.bkashHeading", lead: "cart.redirect.bkashLead", name: "bKash" },
} as const;

export type RedirectPayProps = {
  provider: "sslcommerz" | "bkash";
  testMode: boolean;
  /** What happened, when the buyer has just come back from the provider. */
  outcome: ReturnOutcome | null;
  orderId: string | null;
};

export function RedirectPay({ provider, testMode, outcome, orderId }: RedirectPayProps) {
  const { t, te, intl } = useI18n();
  const { quote, requote, replaceQuote, onPaid } = useOutletContext<PaymentOutlet>();
  const fetcher = useFetcher<IntentAnswer>();
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  const text = texts[provider];
  const settled = outcome === "paid" || outcome === "on_hold";

  // Back from a payment the provider took: the cart is done with.
  useEffect(() => {
    if (!settled) return;
    onPaid();
    setTimeout(clearCart, 0);
  }, [settled, onPaid]);

  const ready = quote.status === "ready" && !quote.incomplete ? quote : null;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<IntentAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok && answer.intent.redirectUrl) {
      setGoing(true);
      window.location.assign(answer.intent.redirectUrl);
    } else if (!answer.ok && answer.kind === "conflict") {
      const amount = formatPrice(toMajorUnits(answer.quote.totals.totalMinor), intl, answer.quote.currency);
      setError(t("cart.pay.totalChanged", { amount }));
      replaceQuote(answer.quote);
    } else if (!answer.ok && answer.kind === "stale") {
      requote();
    } else {
      setError(!answer.ok && answer.kind === "error" ? te(answer.error) : t("cart.pay.failed"));
    }
  }, [answer, intl, replaceQuote, requote, t, te]);

  const pay = () => {
    if (!ready) return;
    setError(null);
    void fetcher.submit(
      {
        intent: "intent",
        items: ready.lines.map((line) => ({ id: line.admissionId, quantity: line.quantity })),
        priceMinor: ready.totals.totalMinor,
      },
      { method: "post", encType: "application/json", defaultShouldRevalidate: false },
    );
  };
  const busy = going || fetcher.state !== "idle";

  return (
    <section
      aria-labelledby="redirect-heading"
      className="payment-panel stack"
      data-testid={`pay-${provider}`}
    >
      <h2 id="redirect-heading">{t(text.heading)}</h2>
      <p>{t(text.lead)}</p>
      {testMode ? (
        <Alert tone="info" testId="test-mode">
          <p>{t("cart.redirect.testMode", { provider: text.name })}</p>
        </Alert>
      ) : null}
      {outcome ? (
        <Alert tone={tone(outcome)} testId="payment-outcome">
          <p>
            <strong>{t(outcomeText[outcome])}</strong>
          </p>
          {orderId ? (
            <p>
              <Link to={href("/bookings/:id", { id: orderId })}>{t("cart.pay.receipt")}</Link>
              {" · "}
              <Link to={href("/bookings")}>{t("cart.bookings.title")}</Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" testId="payment-error">
          <p>{error}</p>
        </Alert>
      ) : null}
      {settled || quote.status === "empty" ? null : (
        <>
          <p className="muted payment-status" role="status">
            {going ? t("cart.redirect.going") : ""}
          </p>
          <Button type="button" block busy={busy} disabled={!ready || busy} onClick={pay} data-testid="pay">
            {payLabel({ t, intl }, ready?.totals.totalMinor, ready?.currency ?? "BDT")}
          </Button>
        </>
      )}
    </section>
  );
}
