// The one CSV field writer every CSV download uses (orders, subscribers, exports, marks sheets).
//
// A spreadsheet program splits a line on its locale's list separator: a comma in most, a
// semicolon where the decimal mark is a comma (much of Europe), a tab when pasted. A field is
// quoted when it holds any of them, a quote or a line break, so that a reader splitting on the
// file's comma keeps `a;=cmd|' /C calc'!A0` in one cell.
//
// CSV formula injection (OWASP): a cell starting with =, +, - or @ (or a tab or carriage return
// before one) runs as a formula; a leading apostrophe keeps it text. A program that opens our
// comma file with `;` as its separator ignores the quotes (they do not start its cell) and starts
// a cell after every semicolon, so the apostrophe also goes wherever such a reader could start a
// cell: after a separator or line break inside the value (see docs/decisions/0045-*.md).

/** A formula where the field starts (after spaces). */
const formulaAtStart = /^( *)(?=[=+\-@\t\r])/;
/** A formula right after a separator or line break inside the field (after spaces). */
const formulaAfterBreak = /([,;\t\r\n])( *)(?=[=+\-@\t\r])/g;

/** Quoted: a separator of any locale, a quote, a line break, or spaces at either end (kept). */
const needsQuotes = /[",;\t\r\n]|^\s|\s$/;

/** One field: numbers as they are, nothing for a missing value, text disarmed and quoted. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value.replace(formulaAfterBreak, "$1$2'").replace(formulaAtStart, "$1'");
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, comma-separated (no line ending). */
export const csvLine = (fields: readonly (string | number | null | undefined)[]) =>
  fields.map(csvField).join(",");

/** Lines as a CSV file: CRLF line endings, and a byte order mark when asked so that Excel reads UTF-8. */
export const csvText = (lines: readonly string[], options: { byteOrderMark?: boolean } = {}) =>
  `${options.byteOrderMark ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
