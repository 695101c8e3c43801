// After a payment: the order's receipt and the buyer's bookings.
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n";

export function ReceiptLinks({ orderId }: { orderId: string }) {
  const { t } = useI18n();
  return (
    <p>
      <Link to={`/bookings/${orderId}`}>{t("cart.pay.receipt")}</Link>
      {" · "}
      <Link to="/bookings">{t("cart.bookings.title")}</Link>
    </p>
  );
}
