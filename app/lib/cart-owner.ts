// The cart belongs to whoever filled it. On a shared computer the next person must not find the
// last one's cart in their account, so the browser keeps, next to the cart ("shopping_cart", the
// specification's key), a mark of the account that filled it: when the page's account is another
// one (a sign-out, a session that ended, someone else signing in), the cart is emptied. A cart
// filled before signing in goes with the account that signs in. The mark is the root loader's
// `account`, a hash of the account's id (server/cache/page-template-placeholders.ts): a phone
// account has no e-mail address to tell it by, and nothing of the person is left in the browser.
import { useEffect } from "react";
import { cartChangedEvent, cartStorageKey } from "./cart-count";

export const cartOwnerKey = "shopping_cart_owner";

/** The mark of the account the page shows (null: nobody signed in), once the page has told us. */
let currentOwner: string | null = null;

/** Called by the cart's writes: a filled cart is the current account's, an empty one nobody's. */
export function stampCartOwner(store: Storage, filled: boolean): void {
  if (!filled) store.removeItem(cartOwnerKey);
  else if (currentOwner) store.setItem(cartOwnerKey, currentOwner);
}

/** Empties another account's cart, or takes over a cart filled before signing in. */
export function keepCartFor(account: string | null): void {
  currentOwner = account || null;
  try {
    const store = window.localStorage;
    const owner = store.getItem(cartOwnerKey);
    if (owner && owner !== currentOwner) {
      store.removeItem(cartStorageKey);
      store.removeItem(cartOwnerKey);
      window.dispatchEvent(new Event(cartChangedEvent));
    } else if (!owner && currentOwner && store.getItem(cartStorageKey)) {
      store.setItem(cartOwnerKey, currentOwner);
    }
  } catch {
    // Storage refused (private mode, a policy): there is no cart to keep or empty.
  }
}

/** The root layout tells the cart who is signed in, on every change of account. */
export function useCartOwner(account: string | null): void {
  useEffect(() => keepCartFor(account), [account]);
}
