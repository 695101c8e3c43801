// /payment-getway (sign-in required): the order summary, priced by the server like /allOrder,
// beside the payment methods offered here: stripe (a card form), ssl (SSLCommerz) and bkash. The
// children get the priced cart through the outlet context.
import { useState } from "react";
import { href, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import type { MessageKey } from "../../i18n/translate";
import { CartTotals, CompactLines } from "../components/cart/cart-lines";
import { quoteAction } from "../components/cart/orders.server";
import { PaidBeforeNote } from "../components/cart/paid-before";
import { offeredMethods, type PaymentMethod } from "../components/cart/payment-methods.server";
import type { PaymentOutlet } from "../components/cart/payment-outlet";
import { useCartQuote } from "../components/cart/use-quote";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { onlyForTheLanguage, type TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { loader as rootLoader } from "../root";
import { Alert, ButtonLink } from "../ui";
import type { Route } from "./+types/payment";

// The same for every signed-in reader (the offered methods; the billing defaults come from the root).
export const handle = { ...sharedPage, texts: ["cart"], problems: ["payment"] } satisfies TextsHandle;

export const loader = withTexts(handle, ({ request, context }: Route.LoaderArgs) => {
  requireUserPage(context, request);
  return { methods: offeredMethods(pageOf(context).services.payments) };
});

const methodLabels: Record<PaymentMethod, MessageKey> = {
  stripe: "cart.payment.stripe",
  ssl: "cart.payment.ssl",
  bkash: "cart.payment.bkash",
};

export const action = ({ request, context }: Route.ActionArgs) => quoteAction(context, request);

// As the cart's: pricing changes nothing stored (its texts follow the language).
export const shouldRevalidate = onlyForTheLanguage;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches, { title: { key: "cart.payment.title" }, path: location.pathname });

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  // The billing form's defaults are the signed-in person's, from the root: there they are the
  // placeholders of a page shared as a template (decision 0037), so this page is rendered once for all.
  const person = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const [paid, setPaid] = useState(false);
  const { state, removedMissing, requote, replaceQuote } = useCartQuote({ frozen: paid });
  const outlet: PaymentOutlet = {
    quote: state,
    user: { name: person?.name ?? "", email: person?.email ?? "" },
    requote,
    replaceQuote,
    onPaid: () => setPaid(true),
  };
  return (
    <div className="container section">
      <h1>{t("cart.payment.title")}</h1>
      {state.status === "ready" && !paid ? (
        <PaidBeforeNote paid={state.paidBefore} lines={state.lines} />
      ) : null}
      <div className="payment-layout">
        <section aria-labelledby="payment-summary-heading" className="cart-summary">
          <h2 id="payment-summary-heading" className="cart-layout__heading">
            {t("page.orders")}
          </h2>
          {removedMissing ? <Alert tone="info">{t("cart.missing")}</Alert> : null}
          {state.status === "loading" ? (
            <div role="status">
              <span className="visually-hidden">{t("cart.loading")}</span>
              <div className="skeleton cart-loading__line" />
            </div>
          ) : state.status === "empty" ? (
            <div className="list-page__empty stack" data-testid="cart-empty">
              <p>{t("cart.empty")}</p>
              <ButtonLink to={href("/admitionAll")} size="small">
                {t("cart.browse")}
              </ButtonLink>
            </div>
          ) : (
            <>
              <CompactLines lines={state.lines} currency={state.currency} />
              <CartTotals totals={state.totals} currency={state.currency} charges={state.charges} />
              {paid ? null : (
                <p className="cart-center">
                  <Link to={href("/allOrder")}>{t("cart.change")}</Link>
                </p>
              )}
            </>
          )}
        </section>
        <div>
          <nav aria-label={t("cart.payment.methods")} className="payment-tabs">
            {loaderData.methods.map((method) => (
              <NavLink
                key={method}
                to={href(`/payment-getway/${method}`)}
                className="payment-tab"
                prefetch="intent"
              >
                {t(methodLabels[method])}
              </NavLink>
            ))}
          </nav>
          <Outlet context={outlet} />
        </div>
      </div>
    </div>
  );
}
