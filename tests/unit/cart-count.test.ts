import { describe, expect, it } from "vitest";
import { cartQuantity } from "../../app/lib/cart-count";

describe("cart quantity for the header badge", () => {
  it("adds up the quantities of the stored cart", () => {
    expect(cartQuantity(JSON.stringify({ a: 1, b: 3 }))).toBe(4);
  });

  it("treats a missing, broken or odd cart as empty parts", () => {
    expect(cartQuantity(null)).toBe(0);
    expect(cartQuantity("{broken")).toBe(0);
    expect(cartQuantity(JSON.stringify({ a: "2", b: -1, c: 2.7 }))).toBe(2);
  });
});
