// The warning before paying for an admission again (issue 40, item 4): the signed-in account has
// already paid for it in another order (another browser's cart, say). Paying again stays allowed;
// the earlier order's date and receipt are given so the family can tell.
import { href, Link } from "react-router";
import { formatDate } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { Alert } from "../../ui";
import { orderNumber } from "./order-status";
import type { PaidBeforeView, QuoteLine } from "./types";

export function PaidBeforeNote({ paid, lines }: { paid: PaidBeforeView[]; lines: QuoteLine[] }) {
  const { t, intl } = useI18n();
  if (paid.length === 0) return null;
  return (
    <div className="cart-gap" data-testid="paid-before">
      <Alert tone="error" testId="paid-before-note">
        {paid.map((before) => {
          const number = orderNumber(before.orderId);
          const title = lines.find((line) => line.admissionId === before.admissionId)?.title ?? "";
          return (
            <p key={before.admissionId}>
              {t("cart.paidBefore", { title, number, date: formatDate(before.paidAt, intl) })}{" "}
              <Link to={href("/bookings/:id", { id: before.orderId })}>
                {t("cart.paidBefore.receipt", { number })}
              </Link>
            </p>
          );
        })}
      </Alert>
    </div>
  );
}
