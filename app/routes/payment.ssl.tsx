// /payment-getway/ssl: SSLCommerz's hosted page (bKash, Nagad, Rocket, cards) when it is offered;
// otherwise the specification's words.
import { RedirectPay } from "../components/cart/redirect-pay";
import { redirectPayAction, redirectPayLoader } from "../components/cart/redirect-pay.server";
import { useI18n } from "../lib/i18n";
import type { Route } from "./+types/payment.ssl";

/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["order", "outcome"] };

export const loader = ({ request, context }: Route.LoaderArgs) =>
  redirectPayLoader(context, request, "sslcommerz");

export const action = ({ request, context }: Route.ActionArgs) =>
  redirectPayAction(context, request, "sslcommerz");

export default function PaymentSsl({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.offered) return <RedirectPay {...loaderData} />;
  return (
    <section aria-labelledby="ssl-heading" className="payment-panel" data-testid="ssl">
      <h2 id="ssl-heading">{t("cart.payment.ssl")}</h2>
      <p>{t("cart.payment.comingSoon")}</p>
    </section>
  );
}
