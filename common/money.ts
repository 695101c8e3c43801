// Money is kept in integer minor units (cents, paisa): never a float in storage or sums.
// Prices are entered and shown in major units with at most two decimals. This is the one price
// parser: the admission form, the admission API and the payment call's page total all use it.
import { type LabelCode, type Problem, problem } from "./errors/problem";
import { asciiDigits } from "./text-rules";

/**
 * The largest price or order total the site takes, in minor units: 10,000,000,000.00. Stored in
 * 64-bit columns; a whole cart at this price (50 lines of 99) still sums exactly in a double.
 */
export const maxAmountMinor = 1_000_000_000_000;

/** The maximum as people write it: "10,000,000,000.00". */
export const maxAmountText = "10,000,000,000.00";

// Digits are ASCII or Bangla (০-৯), one script per number; a comma only between thousands.
const wellFormed = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const anyCommas = /^[\d,]+(?:\.[\d,]+)?$/;
const tooManyDecimals = /^(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{3,}$/;

/** A price read: its minor units, or why it is not a price, naming the field. */
export type PriceRead = { minor: number } | { error: Problem };

/**
 * "120", "120.5", "1,250.50", "১২০" or 120.5 to minor units. Refused: a comma that does not
 * separate thousands ("12,50" could mean 12.50 or 1,250), a sign, more than two decimals,
 * exponents, spaces or other characters inside, and anything above maxAmountMinor.
 */
export function readPrice(value: string | number, label: LabelCode = "price"): PriceRead {
  const notAmount = { error: problem("price.notAmount", { label }) };
  const tooLarge = { error: problem("price.tooLarge", { label, max: maxAmountText }) };
  const negative = { error: problem("price.negative", { label }) };
  const decimals = { error: problem("price.decimals", { label }) };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return notAmount;
    if (value < 0) return negative;
    if (value > maxAmountMinor / 100) return tooLarge;
    const hundredths = value * 100;
    const minor = Math.round(hundredths);
    // A browser's floating sum (0.1 + 0.2) still means whole hundredths; 120.505 does not.
    if (Math.abs(hundredths - minor) > 1e-6) return decimals;
    return { minor: minor === 0 ? 0 : minor };
  }
  const trimmed = value.trim();
  const hasBengali = /[\u09E6-\u09EF]/.test(trimmed);
  if (hasBengali && /[0-9]/.test(trimmed)) return notAmount;
  const text = hasBengali ? asciiDigits(trimmed) : trimmed;
  if (/^-[\d,.]+$/.test(text)) return negative;
  const match = wellFormed.exec(text);
  if (!match) {
    if (tooManyDecimals.test(text)) return decimals;
    if (text.includes(",") && anyCommas.test(text)) {
      return { error: problem("price.comma", { label }) };
    }
    return notAmount;
  }
  const whole = (match[1] ?? "0").replaceAll(",", "").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").padEnd(2, "0");
  // More whole digits than the maximum has cannot be counted exactly: refused before counting.
  if (whole.length > String(maxAmountMinor / 100).length) return tooLarge;
  const minor = Number(whole) * 100 + Number(fraction);
  return minor > maxAmountMinor ? tooLarge : { minor };
}

/** The minor units of a price, or undefined when it is not one (readPrice says why). */
export function parsePrice(value: string | number): number | undefined {
  const read = readPrice(value);
  return "minor" in read ? read.minor : undefined;
}

/** Minor units to the major-unit number the API sends (12050 -> 120.5). */
export const toMajorUnits = (minor: number) => minor / 100;
