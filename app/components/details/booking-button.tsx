// Booking: adds the admission to the cart kept in the browser ("shopping_cart", admission id to
// quantity), tells the header badge at once, and says so in the specification's words.
import { addToCart } from "../../lib/cart";
import { useI18n } from "../../lib/i18n";
import { Button } from "../../ui";
import { announce } from "../notices";

export function BookingButton({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const book = () => {
    if (addToCart(id)) announce(t("details.admission.added", { title }));
    else announce(t("error.heading"), "error");
  };
  return (
    <Button onClick={book} data-testid="booking">
      {t("details.admission.booking")}
    </Button>
  );
}
