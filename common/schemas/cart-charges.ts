// The cart's shipping and tax as the institute sets them (server/domain/cart-charges.ts): the
// specification's 15 and 10% by default; zero turns either off; a label renames it ("VAT",
// "Service charge") in English and Bangla, empty for the site's own word.
import { z } from "zod";
import { issue } from "../errors/problem";
import { maxAmountMinor } from "../money";
import { type CartCharges, defaultCartCharges } from "../pricing";
import { hasControlCharacter, maxGraphemes } from "../text-rules";

export const chargeLabelMaxLetters = 40;

const label = z
  .string({ error: issue("value.text") })
  .trim()
  .refine(maxGraphemes(chargeLabelMaxLetters), issue("value.tooLong", { max: chargeLabelMaxLetters }))
  .refine((value) => !hasControlCharacter(value), issue("value.text"))
  .transform((value) => (value === "" ? null : value));

export const cartChargesInput = z.strictObject({
  shippingMinor: z
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(0, issue("value.zeroOrMore"))
    .max(maxAmountMinor, issue("value.atMost", { max: maxAmountMinor })),
  taxPercent: z
    .number({ error: issue("value.number") })
    .min(0, issue("value.zeroOrMore"))
    .max(100, issue("value.atMost", { max: 100 }))
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, issue("value.hundredths")),
  shippingLabelEn: label.nullable().default(null),
  shippingLabelBn: label.nullable().default(null),
  taxLabelEn: label.nullable().default(null),
  taxLabelBn: label.nullable().default(null),
});
export type CartChargesInput = z.input<typeof cartChargesInput>;
/** The charges as set: the shipping in minor units, the tax in percent (7.5), the labels or null. */
export type CartChargesView = z.output<typeof cartChargesInput>;

/** The specification's: shipping 15, tax 10%, the site's own words. */
export const defaultCartChargesView: CartChargesView = {
  shippingMinor: defaultCartCharges.shippingMinor,
  taxPercent: defaultCartCharges.taxBasisPoints / 100,
  shippingLabelEn: null,
  shippingLabelBn: null,
  taxLabelEn: null,
  taxLabelBn: null,
};

/** The arithmetic's part of the charges (common/pricing.ts): the tax in basis points. */
export const chargesOf = (view: CartChargesView): CartCharges => ({
  shippingMinor: view.shippingMinor,
  taxBasisPoints: Math.round(view.taxPercent * 100),
});
