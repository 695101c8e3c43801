// The cart kept in the browser, as the specification stores it: localStorage "shopping_cart", a
// JSON map from admission id to quantity. Every write tells the page (the header badge, the
// order summary) through cartChangedEvent. Quantities are whole numbers from 1 to maxQuantity;
// anything else found in storage is repaired or dropped when read.
import { useMemo, useSyncExternalStore } from "react";
import { maxQuantity } from "../../common/pricing";
import { cartChangedEvent, cartStorageKey } from "./cart-count";
import { stampCartOwner } from "./cart-owner";

export type Cart = Record<string, number>;
export type CartItem = { id: string; quantity: number };

/** A stored quantity within 1..maxQuantity (whole numbers, as the header badge counts them), or
 * undefined when it is not a positive number. */
export function clampQuantity(value: unknown): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const whole = Math.floor(value);
  if (whole < 1) return undefined;
  return Math.min(whole, maxQuantity);
}

/** The stored text as a cart: broken JSON, arrays and bad quantities come out empty or repaired. */
export function parseCart(raw: string | null | undefined): Cart {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const cart: Cart = {};
  for (const [id, value] of Object.entries(parsed)) {
    const quantity = clampQuantity(value);
    if (id && quantity !== undefined) cart[id] = quantity;
  }
  return cart;
}

/** The cart as the server's quote and payment calls take it, in the stored order. */
export const cartItems = (cart: Cart): CartItem[] =>
  Object.entries(cart).map(([id, quantity]) => ({ id, quantity }));

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored cart; empty during server rendering or when storage is unavailable. */
export function readCart(): Cart {
  try {
    return parseCart(storage()?.getItem(cartStorageKey));
  } catch {
    return {};
  }
}

/** Stores the cart (an empty cart removes the key) and tells the page. False when storage refused. */
export function writeCart(cart: Cart): boolean {
  const store = storage();
  if (!store) return false;
  try {
    const filled = Object.keys(cart).length > 0;
    if (filled) store.setItem(cartStorageKey, JSON.stringify(cart));
    else store.removeItem(cartStorageKey);
    // Whose it is: emptied when another account, or nobody, uses this browser next (cart-owner.ts).
    stampCartOwner(store, filled);
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(cartChangedEvent));
  return true;
}

/** Booking: one more of this admission (1 when new), never above maxQuantity. False when storage refused. */
export function addToCart(id: string): boolean {
  const cart = readCart();
  cart[id] = Math.min((cart[id] ?? 0) + 1, maxQuantity);
  return writeCart(cart);
}

/** Sets a line's quantity within 1..maxQuantity; a line not in the cart is left out. */
export function setQuantity(id: string, quantity: number): Cart {
  const cart = readCart();
  if (!(id in cart)) return cart;
  const wanted = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  cart[id] = Math.min(Math.max(wanted, 1), maxQuantity);
  writeCart(cart);
  return cart;
}

/** Removes these admissions from the cart. */
export function removeFromCart(...ids: string[]): Cart {
  const cart = readCart();
  const present = ids.filter((id) => id in cart);
  if (present.length === 0) return cart;
  for (const id of present) delete cart[id];
  writeCart(cart);
  return cart;
}

/** Empties the cart (after a payment). */
export function clearCart(): void {
  writeCart({});
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(cartChangedEvent, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(cartChangedEvent, onChange);
  };
}

/** The stored cart, following every change (this tab or another); undefined until hydrated. */
export function useStoredCart(): Cart | undefined {
  const raw = useSyncExternalStore(
    subscribe,
    () => {
      try {
        return storage()?.getItem(cartStorageKey) ?? null;
      } catch {
        return null;
      }
    },
    () => undefined,
  );
  return useMemo(() => (raw === undefined ? undefined : parseCart(raw)), [raw]);
}
