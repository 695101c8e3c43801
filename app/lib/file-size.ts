// A file's size in the reader's language, for the downloads page only (kept out of format.ts,
// which every page loads).
const formats = new Map<string, Intl.NumberFormat>();

/** 820 bytes, 12.5 kB, 1.2 MB; Bengali digits in Bangla. */
export function formatFileSize(bytes: number, intl: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), "megabyte"]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes, "byte"];
  const key = `${unit} ${intl}`;
  let format = formats.get(key);
  if (!format) {
    // Bytes in full ("820 bytes": the short form says "820 byte").
    format = new Intl.NumberFormat(intl, {
      style: "unit",
      unit,
      unitDisplay: unit === "byte" ? "long" : "short",
      maximumFractionDigits: 1,
    });
    formats.set(key, format);
  }
  return format.format(value);
}
