// /payment-getway/bkash: bKash's own checkout page, when it is offered.
import { RedirectPay } from "../components/cart/redirect-pay";
import { redirectPayAction, redirectPayLoader } from "../components/cart/redirect-pay.server";
import { useI18n } from "../lib/i18n";
import type { Route } from "./+types/payment.bkash";

/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["order", "outcome"] };

export const loader = ({ request, context }: Route.LoaderArgs) =>
  redirectPayLoader(context, request, "bkash");

export const action = ({ request, context }: Route.ActionArgs) =>
  redirectPayAction(context, request, "bkash");

export default function PaymentBkash({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.offered) return <RedirectPay {...loaderData} />;
  return (
    <section aria-labelledby="bkash-heading" className="payment-panel" data-testid="bkash-off">
      <h2 id="bkash-heading">{t("cart.payment.bkash")}</h2>
      <p>{t("cart.payment.notOffered")}</p>
    </section>
  );
}
