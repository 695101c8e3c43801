// Locales, dictionaries and the translate function shared by server and browser.
import { bn } from "./bn";
import { en, type MessageKey, type Messages } from "./en";
import { errorMessagesBn, noAccountBn, noAccountPrefix } from "./errors";

export const locales = ["en", "bn"] as const;
export type Locale = (typeof locales)[number];
export type { MessageKey, Messages };

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

export const dictionaries: Record<Locale, Messages> = { en, bn };

/** Intl tags: Bangla as written in Bangladesh, with Bengali digits. */
export const intlLocale: Record<Locale, string> = { en: "en-GB", bn: "bn-BD" };

export function translate(
  messages: Messages,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  const text = messages[key] ?? en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A message from the server or a schema, in the reader's language when we have it. */
export function translateError(locale: Locale, message: string): string {
  if (locale !== "bn") return message;
  if (message.startsWith(noAccountPrefix)) return noAccountBn + message.slice(noAccountPrefix.length);
  return errorMessagesBn[message] ?? message;
}
