// Booking: adds the admission to the cart kept in the browser ("shopping_cart", admission id to
// quantity), tells the header badge at once, and says so in the specification's words. The
// admission's page runs no React (decision 0059): a plain module does the same
// (app/scripts/booking.js) from the button's data and the notice's template below, whose classes
// bring their rules into the page's own CSS.
import { maxQuantity } from "../../../common/pricing";
import { addToCart } from "../../lib/cart";
import { useI18n } from "../../lib/i18n";
import { Button } from "../../ui";
import { announce } from "../notices";

export function BookingButton({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const added = t("details.admission.added", { title });
  const book = () => {
    if (addToCart(id)) announce(added);
    else announce(t("error.heading"), "error");
  };
  return (
    <>
      <Button
        onClick={book}
        data-testid="booking"
        data-admission={id}
        data-added={added}
        data-failed={t("error.heading")}
        data-max={maxQuantity}
      >
        {t("details.admission.booking")}
      </Button>
      <template data-booking-notice="">
        <div className="alert alert--success" role="status">
          <div />
          <button type="button" className="alert__close" aria-label={t("a11y.close")}>
            ×
          </button>
        </div>
        <div className="alert alert--error" role="alert">
          <div />
          <button type="button" className="alert__close" aria-label={t("a11y.close")}>
            ×
          </button>
        </div>
      </template>
    </>
  );
}
