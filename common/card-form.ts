// The card form's plain helpers, free of zod so that the payment page's first load stays small
// (the form's schema, cardFormInput in common/schemas/orders.ts, loads when the form is used).

/** "MM/YY", "MM / YYYY" or "MMYY" to month and four-digit year; undefined when it is none. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? "";
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/** Where the server's field names of a test payment are on the card form. */
export const cardFormFieldOf: Record<string, string> = {
  "billing.email": "email",
  "billing.name": "name",
  "billing.address": "address",
  cardNumber: "cardNumber",
  expMonth: "expiry",
  expYear: "expiry",
  cvc: "cvc",
};
