// Dates, numbers and prices in the reader's language (Bangla uses Bengali digits).

// Making a formatter costs far more than using one, and a page formats many values: each
// formatter is made once per language and kind.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
export function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

export function formatDate(value: string | Date, intl: string): string {
  return formatter(
    `date ${intl}`,
    () => new Intl.DateTimeFormat(intl, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  ).format(new Date(value));
}

/** A day and its month, without the year ("29 November", "২৯ নভেম্বর"). */
export function formatDayMonth(value: string | Date, intl: string): string {
  return formatter(
    `daymonth ${intl}`,
    () => new Intl.DateTimeFormat(intl, { day: "numeric", month: "long", timeZone: "UTC" }),
  ).format(new Date(value));
}

/** A month and its year ("March 2026", "মার্চ ২০২৬") of a "2026-03". */
export function formatYearMonth(month: string, intl: string): string {
  return formatter(
    `month ${intl}`,
    () => new Intl.DateTimeFormat(intl, { month: "long", year: "numeric", timeZone: "UTC" }),
  ).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * A date with the time of day on the institute's clock, Dhaka's, on the 24-hour clock (Intl writes
 * "AM/PM" in Latin letters for bn-BD); the server and the browser agree whatever their zones.
 */
export function formatDateTime(value: string | Date, intl: string): string {
  return formatter(
    `datetime ${intl}`,
    () =>
      new Intl.DateTimeFormat(intl, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "Asia/Dhaka",
      }),
  ).format(new Date(value));
}

export function formatNumber(value: number, intl: string): string {
  return formatter(`number ${intl}`, () => new Intl.NumberFormat(intl)).format(value);
}

/** A number with exactly this many decimals (a GPA's two: 4.83, ৪.৮৩). */
export function formatDecimal(value: number, intl: string, digits: number): string {
  return formatter(
    `decimal ${digits} ${intl}`,
    () => new Intl.NumberFormat(intl, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(value);
}

/** A price in major units (120.5) in the configured currency, USD unless said. */
export function formatPrice(major: number, intl: string, currency = "USD"): string {
  // Taka is written with its sign first in Bangla too (৳১,২৫০.০০), as on receipts and price
  // tags here; Intl puts it last for bn ("১,২৫০.০০৳").
  return formatter(
    `price ${intl} ${currency}`,
    () => new Intl.NumberFormat(intl, { style: "currency", currency, currencyDisplay: "narrowSymbol" }),
  )
    .format(major)
    .replace(/^(-?)(.+?)\s*৳$/, "$1৳$2");
}

/** The start of a text, cut at a word where it can be, with an ellipsis when cut. */
export function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A number written as text (a roll, a registration number) in the reader's digits. */
export function localDigits(text: string, intl: string): string {
  return text.replace(/\d/g, (digit) => formatNumber(Number(digit), intl));
}
