// Translation functions, free of dictionaries: the browser gets only the active language's
// texts, from the root loader.
import type { MessageKey, Messages } from "./en";

export const locales = ["en", "bn"] as const;
export type Locale = (typeof locales)[number];
export type { MessageKey, Messages };

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** Intl tags: Bangla as written in Bangladesh, with Bengali digits. */
export const intlLocale: Record<Locale, string> = { en: "en-GB", bn: "bn-BD" };

export function translate(
  messages: Partial<Messages>,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  return filledIn(messages[key] ?? key, vars);
}

/**
 * A text written where it belongs, in every language, instead of a catalogue's key: a kind of
 * content's names (its menu link, its form's heading...) are in its definition (common/kinds).
 * A missing language fails the type check as a catalogue's missing key does.
 */
export type Phrase = Record<Locale, string>;

/** A text to show: a catalogue's key, or a phrase. */
export type TextRef = MessageKey | Phrase;

/** A language's words for keys and phrases (the pages' `t`, a test's translator). */
export function translator(locale: Locale, messages: Partial<Messages>) {
  return (text: TextRef, vars?: Record<string, string | number>): string =>
    typeof text === "string" ? translate(messages, text, vars) : filledIn(text[locale], vars);
}

/** A text with its {name}s filled in from `vars`. */
export function filledIn(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
