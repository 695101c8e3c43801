// /payment-getway/ssl: no SSLCommerz provider is configured, so the specification's words.
import { useI18n } from "../lib/i18n";
import { requireUserPage } from "../lib/page.server";
import type { Route } from "./+types/payment.ssl";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  return null;
}

export default function PaymentSsl() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="ssl-heading" className="payment-panel" data-testid="ssl">
      <h2 id="ssl-heading">{t("cart.payment.ssl")}</h2>
      <p>{t("cart.payment.comingSoon")}</p>
    </section>
  );
}
