// Rules on text and links that pages apply when they show stored values (an avatar, a byline):
// plain functions without zod, so that a component using them adds nothing to the public pages'
// JavaScript. The input schemas (common/schemas/fields.ts) build on the same rules.

/**
 * Control characters (C0, DEL, C1) are never text a person typed: NUL breaks PostgreSQL and the
 * others hide in names and links. Multi-line texts keep tab and line breaks (a browser sends a
 * textarea's line breaks as CR LF).
 */
export type Lines = "one" | "many";

/** Bangla digits (০-৯) as ASCII ones: a number typed in either script reads the same. */
export const asciiDigits = (text: string) =>
  text.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** True when the text holds a control character that text of this kind may not hold. */
export function hasControlCharacter(value: string, lines: Lines = "one"): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) continue;
    if (code > 0x9f) continue;
    if (lines === "many" && (code === tab || code === lineFeed || code === carriageReturn)) continue;
    return true;
  }
  return false;
}

/** The longest link kept: longer ones are refused, and stored ones are not shown. */
export const maxLinkLength = 2048;

/** An http(s) link, or an uploaded file's address on this site (/files/...). */
export function isSafeLink(value: string): boolean {
  return (
    value.length <= maxLinkLength &&
    !hasControlCharacter(value) &&
    (/^https?:\/\/[^\s]+$/i.test(value) || /^\/files\/[^\s]*$/.test(value))
  );
}

/** A stored link as pages and the API show it: one that breaks the rules is not shown. */
export const shownLink = (value: string | null | undefined): string | null =>
  value && isSafeLink(value) ? value : null;
