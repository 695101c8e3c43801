// Small number helpers shared by the bench's parts.

/** The median; the mean of the two middle values for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** a / b rounded to two places; null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}

export const round = (value: number, places = 0) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

/** Bytes as KB (1 KB = 1024 bytes) with one decimal. */
export const kb = (bytes: number) => round(bytes / 1024, 1);
