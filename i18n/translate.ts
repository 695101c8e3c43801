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
  const text = messages[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
