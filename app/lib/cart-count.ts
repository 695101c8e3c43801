// The cart lives in the browser under "shopping_cart" (admission id to quantity), as in the
// specification. The header only needs its total quantity.
import { useSyncExternalStore } from "react";

export const cartStorageKey = "shopping_cart";
export const cartChangedEvent = "maktab:cart-changed";

export function cartQuantity(raw: string | null): number {
  if (!raw) return 0;
  try {
    const cart = JSON.parse(raw) as Record<string, unknown>;
    return Object.values(cart).reduce<number>(
      (sum, quantity) => sum + (typeof quantity === "number" && quantity > 0 ? Math.floor(quantity) : 0),
      0,
    );
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(cartChangedEvent, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(cartChangedEvent, onChange);
  };
}

/** Total quantity in the cart; 0 during server rendering. */
export function useCartQuantity(): number {
  return useSyncExternalStore(
    subscribe,
    () => cartQuantity(window.localStorage.getItem(cartStorageKey)),
    () => 0,
  );
}
