// Booking: adds the admission to the cart kept in the browser ("shopping_cart", admission id to
// quantity), tells the header badge at once, and says so in the specification's words.
import { cartChangedEvent, cartStorageKey } from "../../lib/cart-count";
import { useI18n } from "../../lib/i18n";
import { Button } from "../../ui";
import { announce } from "../notices";

function readCart(): Record<string, number> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(cartStorageKey) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

export function BookingButton({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const book = () => {
    const cart = readCart();
    const current = cart[id];
    cart[id] = typeof current === "number" && current > 0 ? Math.floor(current) + 1 : 1;
    try {
      window.localStorage.setItem(cartStorageKey, JSON.stringify(cart));
    } catch {
      announce(t("error.heading"), "error");
      return;
    }
    window.dispatchEvent(new Event(cartChangedEvent));
    announce(t("details.admission.added", { title }));
  };
  return (
    <Button onClick={book} data-testid="booking">
      {t("details.admission.booking")}
    </Button>
  );
}
