// The cart's arithmetic, shared by the order summary page and the server (which alone decides
// what is charged). Everything is in integer minor units (cents, paisa), never floats.
//
// The specification: shipping 15 when the subtotal is above 0; tax 10% of (subtotal + shipping);
// grand total = subtotal + shipping + tax. Tax is rounded half up to the nearest minor unit
// (e.g. 10% of 1234.55 = 123.455 -> 123.46), computed exactly in integers. The institute may set
// the shipping and the tax rate otherwise, zero included (server/domain/cart-charges.ts); the
// specification's are the default.

export const shippingMinor = 1500;
export const taxPercent = 10;

/** What the cart adds to its admissions: a flat shipping and a tax in hundredths of a percent. */
export type CartCharges = { shippingMinor: number; taxBasisPoints: number };
export const defaultCartCharges: CartCharges = { shippingMinor, taxBasisPoints: taxPercent * 100 };

export type PricedLine = { unitPriceMinor: number; quantity: number };
export type Totals = { subtotalMinor: number; shippingMinor: number; taxMinor: number; totalMinor: number };

/** Quantities a cart line may hold. */
export const maxQuantity = 99;

export function lineTotal(line: PricedLine): number {
  if (!Number.isSafeInteger(line.unitPriceMinor) || line.unitPriceMinor < 0)
    throw new RangeError("bad unit price");
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > maxQuantity) {
    throw new RangeError("bad quantity");
  }
  return line.unitPriceMinor * line.quantity;
}

export function cartTotals(lines: readonly PricedLine[], charges: CartCharges = defaultCartCharges): Totals {
  const subtotalMinor = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const shipping = subtotalMinor > 0 ? charges.shippingMinor : 0;
  const taxable = subtotalMinor + shipping;
  // Half up in integers: floor((taxable * basis points + 5000) / 10000), in BigInt because the
  // product passes 2^53 for the largest carts, where a double would round it.
  const taxMinor = Number((BigInt(taxable) * BigInt(charges.taxBasisPoints) + 5000n) / 10000n);
  return { subtotalMinor, shippingMinor: shipping, taxMinor, totalMinor: taxable + taxMinor };
}
