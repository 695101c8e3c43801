// The card form of /payment-getway/stripe: e-mail, name and address (required), the card, and
// 'pay {amount}'. It keeps a payment intent for the total on screen (asking again whenever the
// total changes), then pays: processing (spinner), and either 'Your payment processed
// successfully' (the cart empties, the receipt is a link away) or the provider's message in red.
// The fields are checked on the one form pattern (app/lib/use-schema-form.ts) with
// cardFormInput, the same rules the server applies to the payment (common/schemas/orders.ts);
// the server's field errors come back by code beside the same fields. The cart lives in the
// browser, so paying needs script.
import { useEffect, useRef, useState } from "react";
import { href, Link, useFetcher, useOutletContext } from "react-router";
import { cardFormFieldOf, parseExpiry } from "../../../common/card-form";
import { toMajorUnits } from "../../../common/money";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { formatPrice } from "../../../i18n/format";
import { clearCart } from "../../lib/cart";
import { useI18n } from "../../lib/i18n";
import { type FieldErrors, useSchemaForm } from "../../lib/use-schema-form";
import { Alert, Button, TextArea, TextField } from "../../ui";
import { payLabel } from "./cart-lines";
import type { PaymentOutlet } from "./payment-outlet";
import { loadStripe, type StripeCardElement, type StripeClient } from "./stripe-js";
import type { IntentAnswer, PayAnswer } from "./types";

type Intent = Extract<IntentAnswer, { ok: true }>["intent"];
type Phase = "idle" | "processing" | "succeeded" | "failed";

const submitOptions = {
  method: "post",
  encType: "application/json",
  defaultShouldRevalidate: false,
} as const;

/** Stripe's published test cards, which the built-in test provider answers like Stripe. */
export const testCards = [
  { number: "4242 4242 4242 4242", outcome: "cart.test.succeeds" },
  { number: "4000 0000 0000 0002", outcome: "cart.test.declined" },
  { number: "4000 0000 0000 9995", outcome: "cart.test.insufficient" },
  { number: "4000 0000 0000 0069", outcome: "cart.test.expired" },
] as const;

export function CardForm({ provider }: { provider: "test" | "stripe" }) {
  const { t, te, intl, locale } = useI18n();
  const { quote, user, requote, replaceQuote, onPaid } = useOutletContext<PaymentOutlet>();
  const intentFetcher = useFetcher<IntentAnswer>();
  const payFetcher = useFetcher<PayAnswer>();
  const [intent, setIntent] = useState<{ signature: string; value: Intent } | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [paidOrderId, setPaidOrderId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const succeeded = phase === "succeeded";

  const ready = quote.status === "ready" ? quote : null;
  const currency = ready?.currency ?? intent?.value.currency ?? "USD";
  // What the intent must cover: the lines and the total on screen, once the server priced every
  // line (a price it changes later changes the total, and so the signature).
  const signature =
    ready && !ready.incomplete
      ? JSON.stringify({
          items: ready.lines.map((line) => ({ id: line.admissionId, quantity: line.quantity })),
          total: ready.totals.totalMinor,
        })
      : "";

  // A payment intent for the total shown: on arrival and whenever the total changes.
  const submitIntent = useRef(intentFetcher.submit);
  submitIntent.current = intentFetcher.submit;
  const askedFor = useRef("");
  const staleAnswer = useRef<IntentAnswer | undefined>(undefined);
  const staleRetries = useRef(0);
  // Bumped by "Try again" after the server could not make an intent.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on demand
  useEffect(() => {
    if (!signature || succeeded || askedFor.current === signature) return;
    askedFor.current = signature;
    const { items, total } = JSON.parse(signature) as {
      items: { id: string; quantity: number }[];
      total: number;
    };
    void submitIntent.current({ intent: "intent", items, priceMinor: total }, submitOptions);
  }, [signature, succeeded, attempt]);

  const intentAnswer = intentFetcher.state === "idle" ? intentFetcher.data : undefined;
  useEffect(() => {
    if (!intentAnswer || intentAnswer === staleAnswer.current) return;
    staleAnswer.current = intentAnswer;
    if (intentAnswer.ok) {
      setIntent({ signature: askedFor.current, value: intentAnswer.intent });
      setError(null);
      staleRetries.current = 0;
    } else if (intentAnswer.kind === "conflict") {
      setChangedTo(
        formatPrice(toMajorUnits(intentAnswer.quote.totals.totalMinor), intl, intentAnswer.quote.currency),
      );
      replaceQuote(intentAnswer.quote);
    } else if (intentAnswer.kind === "stale" && staleRetries.current < 2) {
      staleRetries.current += 1;
      askedFor.current = "";
      requote();
    } else {
      setError(intentAnswer.kind === "error" ? te(intentAnswer.error) : t("cart.pay.failed"));
    }
  }, [intentAnswer, intl, replaceQuote, requote, t, te]);

  const current = intent && intent.signature === signature ? intent.value : null;
  const mode = intent?.value.provider ?? provider;

  // Stripe mode: Stripe.js and its card field, loaded only now.
  const cardBox = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ client: StripeClient; card: StripeCardElement } | null>(null);
  const publishableKey = intent?.value.provider === "stripe" ? intent.value.publishableKey : null;
  const unavailable = useRef("");
  unavailable.current = t("cart.pay.stripeUnavailable");
  useEffect(() => {
    const box = cardBox.current;
    if (!publishableKey || !box) return;
    let cancelled = false;
    let card: StripeCardElement | undefined;
    loadStripe(publishableKey, locale)
      .then((client) => {
        if (cancelled) return;
        card = client.elements().create("card", { hidePostalCode: true });
        card.mount(box);
        stripe.current = { client, card };
      })
      .catch(() => setError(unavailable.current));
    return () => {
      cancelled = true;
      card?.destroy();
      stripe.current = null;
    };
    // Mounted once per key: a new render must not empty the card field.
  }, [publishableKey, locale]);

  // The answer to paying.
  const payAnswer = payFetcher.state === "idle" ? payFetcher.data : undefined;
  const handledPay = useRef<PayAnswer | undefined>(undefined);
  const fail = (message: string) => {
    setPhase("failed");
    setError(message);
  };
  useEffect(() => {
    if (!payAnswer || payAnswer === handledPay.current) return;
    handledPay.current = payAnswer;
    if (payAnswer.ok) {
      setPaidOrderId(payAnswer.orderId);
      setPhase("succeeded");
      setError(null);
      onPaid();
      // After the summary has frozen, so it keeps showing what was paid.
      setTimeout(clearCart, 0);
      return;
    }
    setPhase("failed");
    setError(te(payAnswer.error));
    const mapped: FieldErrors = {};
    for (const [key, found] of Object.entries(payAnswer.fields ?? {})) {
      const field = cardFormFieldOf[key];
      if (field) mapped[field] ??= found;
    }
    setServerErrors(mapped);
  }, [payAnswer, onPaid, te]);

  // Called once the fields passed cardFormInput.
  const pay = async (element: HTMLFormElement) => {
    if (!current || phase === "processing" || succeeded) return;
    const data = new FormData(element);
    const value = (name: string) => String(data.get(name) ?? "");
    const values = {
      email: value("email"),
      name: value("name"),
      address: value("address"),
      cardNumber: value("cardNumber"),
      expiry: value("expiry"),
      cvc: value("cvc"),
    };
    setServerErrors({});
    const billing = {
      name: values.name.trim(),
      email: values.email.trim(),
      address: values.address.trim().replace(/\s*\n\s*/g, ", "),
    };
    setError(null);
    setPhase("processing");
    if (current.provider === "test") {
      const expiry = parseExpiry(values.expiry);
      void payFetcher.submit(
        {
          intent: "confirm",
          clientSecret: current.clientSecret,
          cardNumber: values.cardNumber.replace(/[\s-]/g, ""),
          expMonth: expiry?.month ?? 0,
          expYear: expiry?.year ?? 0,
          cvc: values.cvc.trim(),
          billing,
        },
        submitOptions,
      );
      return;
    }
    const loaded = stripe.current;
    if (!loaded) return fail(t("cart.pay.stripeUnavailable"));
    try {
      const result = await loaded.client.confirmCardPayment(current.clientSecret ?? "", {
        payment_method: {
          card: loaded.card,
          billing_details: { name: billing.name, email: billing.email, address: { line1: billing.address } },
        },
      });
      if (result.error || !result.paymentIntent) return fail(result.error?.message ?? t("cart.pay.failed"));
      void payFetcher.submit(
        { intent: "record", orderId: current.orderId, transaction: result.paymentIntent.id },
        submitOptions,
      );
    } catch {
      fail(t("cart.pay.failed"));
    }
  };

  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../../common/schemas/orders").then((m) => m.cardFormInput),
    serverErrors,
    { submit: (element) => void pay(element) },
  );

  const amountMinor = current?.amountMinor ?? ready?.totals.totalMinor;
  const buttonText = payLabel({ t, intl }, amountMinor, currency);
  const preparing = !current && !succeeded && ready !== null && !error;

  return (
    <section aria-labelledby="card-heading" className="payment-panel">
      <h2 id="card-heading">{t("cart.pay.heading")}</h2>
      {mode === "test" ? <TestModeNote /> : null}
      {changedTo && !succeeded ? (
        <Alert tone="info" testId="total-changed">
          {t("cart.pay.totalChanged", { amount: changedTo })}
        </Alert>
      ) : null}
      {quote.status === "empty" && !succeeded ? (
        <p className="muted" data-testid="nothing-to-pay">
          {t("cart.pay.nothing")}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          onFocus={onFocus}
          className="stack"
          aria-labelledby="card-heading"
        >
          <fieldset className="card-form__group" disabled={succeeded}>
            <legend>{t("cart.pay.billing")}</legend>
            <div className="stack">
              <TextField
                name="email"
                type="email"
                label={t("cart.pay.email")}
                autoComplete="email"
                defaultValue={user.email}
                required
                maxLength={254}
                error={fieldError("email")}
              />
              <TextField
                name="name"
                label={t("cart.pay.name")}
                autoComplete="name"
                defaultValue={user.name}
                required
                maxLength={lettersAsCodeUnits(100)}
                error={fieldError("name")}
              />
              <TextArea
                name="address"
                label={t("cart.pay.address")}
                autoComplete="street-address"
                rows={2}
                required
                maxLength={lettersAsCodeUnits(300)}
                error={fieldError("address")}
              />
            </div>
          </fieldset>
          <fieldset className="card-form__group" disabled={succeeded}>
            <legend>{t("cart.pay.card")}</legend>
            {mode === "test" ? (
              <div className="stack">
                <TextField
                  name="cardNumber"
                  label={t("cart.pay.cardNumber")}
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="4242 4242 4242 4242"
                  maxLength={23}
                  required
                  error={fieldError("cardNumber")}
                />
                <div className="cart-pair">
                  <TextField
                    name="expiry"
                    label={t("cart.pay.expiry")}
                    autoComplete="cc-exp"
                    inputMode="numeric"
                    placeholder={t("cart.pay.expiryPlaceholder")}
                    maxLength={7}
                    required
                    error={fieldError("expiry")}
                  />
                  <TextField
                    name="cvc"
                    label={t("cart.pay.cvc")}
                    autoComplete="cc-csc"
                    inputMode="numeric"
                    maxLength={4}
                    required
                    error={fieldError("cvc")}
                  />
                </div>
              </div>
            ) : (
              <div ref={cardBox} className="field__input stripe-card" data-testid="stripe-card" />
            )}
          </fieldset>
          {succeeded ? (
            <Alert tone="success" testId="payment-success">
              <p>
                <strong>{t("cart.pay.success")}</strong>
              </p>
              {paidOrderId ? (
                <p>
                  <Link to={href("/bookings/:id", { id: paidOrderId })}>{t("cart.pay.receipt")}</Link>
                  {" · "}
                  <Link to={href("/bookings")}>{t("cart.bookings.title")}</Link>
                </p>
              ) : null}
            </Alert>
          ) : null}
          {error ? (
            <Alert tone="error" testId="payment-error">
              <p>{error}</p>
              {!current && !succeeded ? (
                <Button
                  size="small"
                  variant="outline"
                  onClick={() => {
                    askedFor.current = "";
                    setError(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  {t("cart.pay.retry")}
                </Button>
              ) : null}
            </Alert>
          ) : null}
          <p className="muted payment-status" role="status">
            {phase === "processing" ? t("cart.pay.processing") : preparing ? t("cart.pay.preparing") : ""}
          </p>
          <Button
            type="submit"
            block
            busy={phase === "processing"}
            disabled={!current || succeeded}
            data-testid="pay"
          >
            {buttonText}
          </Button>
        </form>
      )}
    </section>
  );
}

function TestModeNote() {
  const { t } = useI18n();
  return (
    <div className="alert alert--info test-mode" data-testid="test-mode">
      <div>
        <p>
          <strong>{t("cart.test.heading")}</strong> {t("cart.test.lead")}
        </p>
        <ul>
          {testCards.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> <span>{t(card.outcome)}</span>
            </li>
          ))}
        </ul>
        <p>{t("cart.test.details")}</p>
      </div>
    </div>
  );
}
