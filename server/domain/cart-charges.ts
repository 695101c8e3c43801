// The cart's shipping and tax (issue 41 item 7): the specification's "Shipping 15" and
// "Tax (10%)" unless an admin sets them otherwise in the site's settings, zero or renamed. The
// server prices every cart with them (orders/quote.ts); fees and admission applications never
// carry them. Anyone reads them (the cart shows them); an admin changes them.
import { eq } from "drizzle-orm";
import { type CartChargesView, chargesOf, defaultCartChargesView } from "../../common/schemas/cart-charges";
import type { Database } from "../db/client";
import { siteSettings } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";

/** The charges, or the specification's before an admin set any. */
export async function readCartCharges(db: Database): Promise<CartChargesView> {
  const [row] = await db
    .select({
      shippingMinor: siteSettings.shippingMinor,
      taxBasisPoints: siteSettings.taxBasisPoints,
      shippingLabelEn: siteSettings.shippingLabelEn,
      shippingLabelBn: siteSettings.shippingLabelBn,
      taxLabelEn: siteSettings.taxLabelEn,
      taxLabelBn: siteSettings.taxLabelBn,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  if (!row) return defaultCartChargesView;
  const { taxBasisPoints, ...rest } = row;
  return { ...rest, taxPercent: taxBasisPoints / 100 };
}

export { chargesOf, defaultCartChargesView };

/** An admin sets the shipping, the tax rate and their labels; the other settings stay. */
export async function saveCartCharges(
  db: Database,
  actor: Actor,
  input: CartChargesView,
): Promise<CartChargesView> {
  requireAdmin(actor);
  const { taxPercent, ...rest } = input;
  const values = { ...rest, taxBasisPoints: Math.round(taxPercent * 100) };
  await db
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: new Date() } });
  return readCartCharges(db);
}
