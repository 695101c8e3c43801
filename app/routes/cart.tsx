// /allOrder: the order summary (sign-in required). The cart lives in the browser, so the page
// asks its action to price it (intent "quote"); quantities and Remove change the stored cart at
// once (the header badge follows) and the server prices it again, without a reload.
import { useRef } from "react";
import { href, Link } from "react-router";
import { CartLines, CartTotals } from "../components/cart/cart-lines";
import { quoteAction } from "../components/cart/orders.server";
import { PaidBeforeNote } from "../components/cart/paid-before";
import { useCartQuote } from "../components/cart/use-quote";
import { announce } from "../components/notices";
import { removeFromCart, setQuantity } from "../lib/cart";
import { useI18n } from "../lib/i18n";
import { requireUserPage } from "../lib/page.server";
import { onlyForTheLanguage, type TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Alert, ButtonLink } from "../ui";
import type { Route } from "./+types/cart";

// The same for every signed-in reader: the cart is in the browser.
export const handle = { ...sharedPage, texts: ["cart"], problems: ["payment"] } satisfies TextsHandle;

export const loader = withTexts(handle, ({ request, context }: Route.LoaderArgs) => {
  requireUserPage(context, request);
  return null;
});

export const action = ({ request, context }: Route.ActionArgs) => quoteAction(context, request);

// Pricing the cart changes nothing on the server: no loader needs to run again, but for the
// texts when the language changes.
export const shouldRevalidate = onlyForTheLanguage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "page.orders" }, path: href("/allOrder") });

export default function Cart() {
  const { t } = useI18n();
  const { state, removedMissing } = useCartQuote();
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="container section cart-page">
      <h1>{t("page.orders")}</h1>
      {removedMissing ? (
        <div className="cart-gap">
          <Alert tone="info" testId="missing-note">
            {t("cart.missing")}
          </Alert>
        </div>
      ) : null}
      {state.status === "loading" ? (
        <div className="stack" role="status">
          <span className="visually-hidden">{t("cart.loading")}</span>
          <div className="skeleton cart-loading__line" />
          <div className="skeleton cart-loading__line" />
        </div>
      ) : state.status === "empty" ? (
        <div className="list-page__empty stack" data-testid="cart-empty">
          <p>{t("cart.empty")}</p>
          <ButtonLink to={href("/admitionAll")}>{t("cart.browse")}</ButtonLink>
        </div>
      ) : (
        <>
          <PaidBeforeNote paid={state.paidBefore} lines={state.lines} />
          <div className="cart-layout" aria-busy={state.refreshing || undefined}>
            <section aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" ref={itemsHeading} tabIndex={-1} className="cart-layout__heading">
                {t("cart.items")}
              </h2>
              <CartLines
                lines={state.lines}
                currency={state.currency}
                onQuantity={(id, quantity) => setQuantity(id, quantity)}
                onRemove={(line) => {
                  removeFromCart(line.admissionId);
                  announce(t("cart.removed", { title: line.title }));
                  itemsHeading.current?.focus();
                }}
              />
            </section>
            <section aria-labelledby="cart-totals-heading" className="cart-summary">
              <h2 id="cart-totals-heading" className="cart-layout__heading">
                {t("cart.totals")}
              </h2>
              <CartTotals totals={state.totals} currency={state.currency} charges={state.charges} />
              <ButtonLink to={href("/payment-getway/stripe")} block>
                {t("cart.proceed")}
              </ButtonLink>
              <p className="muted cart-center">
                <Link to={href("/admitionAll")}>{t("cart.continue")}</Link>
              </p>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
