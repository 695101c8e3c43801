// Money is kept in integer minor units (cents, paisa): never a float in storage or sums.
// Prices are entered and shown in major units with at most two decimals.

/** "120", "120.5", "1,200.50" or 120.5 to minor units; undefined when it is not a price. */
export function parsePrice(value: string | number): number | undefined {
  const text = String(value).trim().replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Minor units to the major-unit number the API sends (12050 -> 120.5). */
export const toMajorUnits = (minor: number) => minor / 100;
