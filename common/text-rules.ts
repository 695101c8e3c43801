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

// Lengths are counted as a reader counts letters: grapheme clusters, so a Bangla conjunct
// ("ক্ষ"), an accented letter made of two code points or an emoji family each count as one.
const letterSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Text in which every code unit is a letter of its own: Latin letters without combining marks. */
const oneUnitLetters = /^[\u0020-\u007e\u00a0-\u02ff]*$/;

/** How many letters (grapheme clusters) a reader sees in the text; past `stopAfter`, that many + 1. */
export function graphemeCount(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  if (oneUnitLetters.test(text)) return Math.min(text.length, stopAfter + 1);
  let count = 0;
  for (const _ of letterSegmenter.segment(text)) if (++count > stopAfter) break;
  return count;
}

/**
 * No letter a person types is longer than this in UTF-16 code units (an emoji family with skin
 * tones is 19): a "letter" stacked with hundreds of combining marks is refused as too long, so a
 * short limit in letters also bounds what is stored.
 */
export const maxCodeUnitsPerLetter = 32;

/**
 * A limit in letters as a form box's maxlength, which the browser counts in code units: a Bangla
 * letter may be several ("ক্ষ" is three), so the box never stops text the rules allow (they count
 * the letters, in the browser and on the server).
 */
export const lettersAsCodeUnits = (letters: number): number => letters * maxCodeUnitsPerLetter;

/**
 * The one length rule for text people type: at most `max` letters (grapheme clusters), e.g.
 * `.refine(maxGraphemes(100), …)`. "মোহাম্মদ শহীদুল ইসলাম" is 14 letters, not 21 code units.
 */
export const maxGraphemes =
  (max: number) =>
  (text: string): boolean =>
    text.length <= max || (text.length <= max * maxCodeUnitsPerLetter && graphemeCount(text, max) <= max);

/** The first `max` letters (grapheme clusters) of the text: a conjunct is never cut. */
export function firstGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = "";
  let count = 0;
  for (const { segment } of letterSegmenter.segment(text)) {
    if (++count > max) break;
    kept += segment;
  }
  return kept;
}
