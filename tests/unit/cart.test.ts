// The browser cart (app/lib/cart.ts) on a fake localStorage: Booking, quantities within 1..99,
// removal, emptying, a corrupted store, and the event that moves the header badge.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addToCart,
  cartItems,
  clearCart,
  parseCart,
  readCart,
  removeFromCart,
  setQuantity,
  writeCart,
} from "../../app/lib/cart";
import { cartChangedEvent, cartQuantity, cartStorageKey } from "../../app/lib/cart-count";
import { keepCartFor } from "../../app/lib/cart-owner";
import { cartTotals, maxQuantity } from "../../common/pricing";
import { personOf } from "../../server/cache/page-template-placeholders";
import type { SignedInActor } from "../../server/domain/actor";

class FakeStorage {
  readonly items = new Map<string, string>();
  refuse = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const a = "0b6f3c1e-8a52-4e0f-9a4c-1f2e3d4c5b6a";
const b = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";

describe("the browser cart", () => {
  let storage: FakeStorage;
  let events: string[];

  beforeEach(() => {
    storage = new FakeStorage();
    events = [];
    vi.stubGlobal("window", {
      localStorage: storage,
      dispatchEvent: (event: Event) => {
        events.push(event.type);
        return true;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const stored = () => JSON.parse(storage.getItem(cartStorageKey) ?? "null") as unknown;

  it("adds an admission with quantity 1, then counts it up, telling the page each time", () => {
    expect(readCart()).toEqual({});
    addToCart(a);
    expect(stored()).toEqual({ [a]: 1 });
    addToCart(a);
    addToCart(b);
    expect(stored()).toEqual({ [a]: 2, [b]: 1 });
    expect(events).toEqual([cartChangedEvent, cartChangedEvent, cartChangedEvent]);
    // The header badge reads the same storage.
    expect(cartQuantity(storage.getItem(cartStorageKey))).toBe(3);
    expect(cartItems(readCart())).toEqual([
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
    ]);
  });

  it("keeps a quantity within 1..99 and never adds a line by setting a quantity", () => {
    writeCart({ [a]: 1 });
    expect(setQuantity(a, 5)).toEqual({ [a]: 5 });
    expect(setQuantity(a, 0)).toEqual({ [a]: 1 });
    expect(setQuantity(a, -3)).toEqual({ [a]: 1 });
    expect(setQuantity(a, 250)).toEqual({ [a]: maxQuantity });
    expect(setQuantity(a, 4.7)).toEqual({ [a]: 4 });
    expect(setQuantity(a, Number.NaN)).toEqual({ [a]: 1 });
    expect(stored()).toEqual({ [a]: 1 });
    events.length = 0;
    expect(setQuantity(b, 3)).toEqual({ [a]: 1 });
    expect(events).toEqual([]);
    // Booking stops at the largest quantity too.
    setQuantity(a, maxQuantity);
    addToCart(a);
    expect(stored()).toEqual({ [a]: maxQuantity });
  });

  it("removes a line, and empties the cart", () => {
    writeCart({ [a]: 2, [b]: 3 });
    events.length = 0;
    expect(removeFromCart(a)).toEqual({ [b]: 3 });
    expect(stored()).toEqual({ [b]: 3 });
    expect(events).toEqual([cartChangedEvent]);
    // Removing what is not there writes nothing.
    removeFromCart(a);
    expect(events).toEqual([cartChangedEvent]);
    writeCart({ [a]: 1, [b]: 1 });
    removeFromCart(a, b, "gone");
    expect(storage.getItem(cartStorageKey)).toBeNull();
    writeCart({ [a]: 4 });
    clearCart();
    expect(storage.getItem(cartStorageKey)).toBeNull();
    expect(readCart()).toEqual({});
    expect(events.at(-1)).toBe(cartChangedEvent);
  });

  it("reads a corrupted store as empty or repaired, and mends it on the next write", () => {
    for (const raw of ["{broken", "[1,2]", "null", "42", '"text"', ""]) {
      storage.items.set(cartStorageKey, raw);
      expect(readCart(), raw).toEqual({});
    }
    storage.items.set(cartStorageKey, JSON.stringify({ [a]: "2", [b]: 2.9, c: -1, d: 0, e: 1000, f: null }));
    expect(readCart()).toEqual({ [b]: 2, e: maxQuantity });
    addToCart(a);
    expect(stored()).toEqual({ [b]: 2, e: maxQuantity, [a]: 1 });
    expect(parseCart(undefined)).toEqual({});
  });

  it("says so when storage refuses a write, and tells nobody", () => {
    storage.refuse = true;
    expect(writeCart({ [a]: 1 })).toBe(false);
    expect(events).toEqual([]);
    expect(readCart()).toEqual({});
  });

  it("works without a window (server rendering): an empty cart, nothing stored", () => {
    vi.unstubAllGlobals();
    expect(readCart()).toEqual({});
    expect(writeCart({ [a]: 1 })).toBe(false);
  });

  it("prices the cart like the server: the shared arithmetic", () => {
    writeCart({ [a]: 2, [b]: 1 });
    const prices: Record<string, number> = { [a]: 12000, [b]: 15000 };
    const lines = cartItems(readCart()).map((item) => ({
      unitPriceMinor: prices[item.id] ?? 0,
      quantity: item.quantity,
    }));
    // 2 x 120 + 150 = 390; shipping 15; tax 10% of 405 = 40.50; total 445.50.
    expect(cartTotals(lines)).toEqual({
      subtotalMinor: 39000,
      shippingMinor: 1500,
      taxMinor: 4050,
      totalMinor: 44550,
    });
  });

  it("keeps a phone account's cart as its own: the mark is the account's, never an e-mail", () => {
    const phoneAccount = (id: string): SignedInActor => ({
      kind: "user",
      id,
      email: `${id}@phone.invalid`,
      name: "Guardian",
      image: null,
      roles: new Set(),
      isAdmin: false,
    });
    const first = personOf(phoneAccount("acc1"));
    const second = personOf(phoneAccount("acc2"));
    // Nothing of the placeholder address or the id reaches the page.
    expect(first.email).toBe("");
    expect(first.account).not.toContain("acc1");
    expect(first.account).not.toBe(second.account);

    keepCartFor(first.account);
    addToCart(a);
    expect(cartItems(readCart())).toEqual([{ id: a, quantity: 1 }]);
    // The same account again (another page): the cart stays.
    keepCartFor(first.account);
    expect(cartItems(readCart())).toEqual([{ id: a, quantity: 1 }]);
    // Another phone account on this browser: not theirs, emptied.
    keepCartFor(second.account);
    expect(cartItems(readCart())).toEqual([]);
    keepCartFor(null);
  });
});
