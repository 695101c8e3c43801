// A Bangladeshi mobile number (operators' prefixes 013-019), in the one form it is stored and
// compared in: +8801XXXXXXXXX. People type it many ways: 01712345678, 8801712345678,
// +880 1712-345678, (+880) 1712.345678, 00880..., in Bangla digits (+৮৮০১৮১৯৫৫৬৬৭৭) too:
// spaces, dashes, dots and brackets are dropped. Accounts, the register's guardians, the fees
// lookup and texts to the school all read numbers with this one rule.
import { asciiDigits } from "./text-rules";

/** 01XXXXXXXXX, or 1XXXXXXXXX after the country code (880, +880 or 00880): the last 9 digits. */
const mobile = /^(?:(?:\+|00)?8800?|0)1([3-9]\d{8})$/;

/** The number in its stored form, or null when it is not a Bangladeshi mobile number. */
export function bangladeshiMobileOf(text: string): string | null {
  const digits = asciiDigits(text.trim()).replace(/[\s\-.()]/g, "");
  const match = mobile.exec(digits);
  return match ? `+8801${match[1]}` : null;
}
