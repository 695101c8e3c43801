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

/**
 * Server and schema messages are English; `table` maps those we have in the reader's language:
 * whole messages, messages that start alike, and rules for the schemas' messages built from a
 * field's label ("{label} is required"). Plain data, since it travels to the browser.
 */
export type ErrorTable = {
  exact: Record<string, string>;
  prefixes: [string, string][];
  /**
   * English and local templates: {label} is a field's label, {max} a number, {size} a size as the
   * server wrote it ("8000 × 6000", "20 MB"); numbers are given the local digits.
   */
  rules?: [string, string][];
  labels?: Record<string, string>;
  /** The local digits 0 to 9, for {max}. */
  digits?: string;
};

export function translateError(table: ErrorTable | undefined, message: string): string {
  if (!table) return message;
  const exact = table.exact[message];
  if (exact) return exact;
  const prefix = table.prefixes.find(([english]) => message.startsWith(english));
  if (prefix) return prefix[1] + message.slice(prefix[0].length);
  for (const [english, local] of table.rules ?? []) {
    const found = templatePattern(english).exec(message)?.groups;
    if (!found) continue;
    const label = found.label === undefined ? "" : table.labels?.[found.label];
    if (label === undefined) continue;
    const digits = table.digits;
    const localDigits = (text = "") =>
      digits ? text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit) : text;
    return local.replace(/\{(label|max|size)\}/g, (_, name: string) =>
      name === "label" ? label : localDigits(name === "max" ? found.max : found.size),
    );
  }
  return message;
}

const patterns = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const source = template
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace("{label}", "(?<label>.+?)")
      .replace("{max}", "(?<max>\\d+)")
      .replace("{size}", "(?<size>.+)");
    pattern = new RegExp(`^${source}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}
