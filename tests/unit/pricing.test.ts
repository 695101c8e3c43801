import { describe, expect, it } from "vitest";
import { cartTotals, lineTotal } from "../../common/pricing";

describe("cart pricing in minor units", () => {
  it("costs nothing when the cart is empty: no shipping, no tax", () => {
    expect(cartTotals([])).toEqual({ subtotalMinor: 0, shippingMinor: 0, taxMinor: 0, totalMinor: 0 });
  });

  it("adds shipping 15 and 10% tax of (subtotal + shipping)", () => {
    // 2 x 120.00 + 1 x 150.00 = 390.00; + 15.00 = 405.00; tax 40.50; total 445.50
    expect(
      cartTotals([
        { unitPriceMinor: 12000, quantity: 2 },
        { unitPriceMinor: 15000, quantity: 1 },
      ]),
    ).toEqual({
      subtotalMinor: 39000,
      shippingMinor: 1500,
      taxMinor: 4050,
      totalMinor: 44550,
    });
  });

  it("rounds tax half up to the nearest minor unit", () => {
    // 1219.55 + 15.00 = 1234.55; 10% = 123.455 -> 123.46
    expect(cartTotals([{ unitPriceMinor: 121955, quantity: 1 }]).taxMinor).toBe(12346);
    // 0.04 + 15.00 = 15.04; 10% = 1.504 -> 1.50
    expect(cartTotals([{ unitPriceMinor: 4, quantity: 1 }]).taxMinor).toBe(150);
    // 0.05 + 15.00 = 15.05; 10% = 1.505 -> 1.51
    expect(cartTotals([{ unitPriceMinor: 5, quantity: 1 }]).taxMinor).toBe(151);
  });

  it("charges shipping for a free item only when the subtotal is above 0", () => {
    expect(cartTotals([{ unitPriceMinor: 0, quantity: 3 }]).totalMinor).toBe(0);
  });

  it("refuses quantities and prices a cart cannot hold", () => {
    for (const line of [
      { unitPriceMinor: 100, quantity: 0 },
      { unitPriceMinor: 100, quantity: 1.5 },
      { unitPriceMinor: 100, quantity: 100 },
      { unitPriceMinor: -1, quantity: 1 },
      { unitPriceMinor: 0.5, quantity: 1 },
    ]) {
      expect(() => lineTotal(line)).toThrow(RangeError);
    }
  });
});

describe("cart pricing at the largest amounts", () => {
  it("sums and taxes exactly where a double's products would round", () => {
    // 50 lines of 99 at 10,000,000,000.00 each: the tax's products pass 2^53.
    const lines = Array.from({ length: 50 }, () => ({ unitPriceMinor: 1e12, quantity: 99 }));
    expect(cartTotals(lines)).toEqual({
      subtotalMinor: 4_950_000_000_000_000,
      shippingMinor: 1500,
      taxMinor: 495_000_000_000_150,
      totalMinor: 5_445_000_000_001_650,
    });
    // Half up still holds there: 49,500,000,000,000.05 with shipping, 10% = ...000.005 -> ...000.01.
    expect(cartTotals([{ unitPriceMinor: 4_950_000_000_000_005 - 1500, quantity: 1 }])).toEqual({
      subtotalMinor: 4_949_999_999_998_505,
      shippingMinor: 1500,
      taxMinor: 495_000_000_000_001,
      totalMinor: 5_445_000_000_000_006,
    });
  });
});
