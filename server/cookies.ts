// Small cookies of our own: the language (a year) and the one-time flash banner. Part of the
// server's HTTP layer: the page cache, the page templates and sign-in read the reader's language
// here, as do the root loader and the routes that set a banner.
import type { MessageKey } from "../i18n";
import { isLocale, type Locale } from "../i18n";

const localeCookie = "maktab_lang";
const flashCookie = "maktab_flash";

function readCookie(request: Request | Headers, name: string): string | undefined {
  const header = (request instanceof Headers ? request : request.headers).get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

const secure = (request: Request) => (new URL(request.url).protocol === "https:" ? "; Secure" : "");

export const localeOf = (request: Request): Locale => localeOfHeaders(request.headers);

/** The language chosen on the site (its cookie), else the browser's (Accept-Language). */
export function localeOfHeaders(headers: Headers): Locale {
  const chosen = readCookie(headers, localeCookie);
  if (isLocale(chosen)) return chosen;
  const accepted = headers.get("accept-language") ?? "";
  return /^\s*bn\b/i.test(accepted) ? "bn" : "en";
}

export const localeCookieHeader = (request: Request, locale: Locale) =>
  `${localeCookie}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure(request)}`;

export type FlashTone = "success" | "error";

/** A banner to show once on the next page (survives the redirect after a form). */
export const flashCookieHeader = (request: Request, key: MessageKey, tone: FlashTone = "success") =>
  `${flashCookie}=${encodeURIComponent(`${tone}:${key}`)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure(request)}`;

/** Whether a one-time banner waits for the next page (which then is this person's alone). */
export const hasFlash = (request: Request) => readCookie(request, flashCookie) !== undefined;

export function readFlash(request: Request): {
  key: string | undefined;
  tone: FlashTone;
  clear: string | undefined;
} {
  const value = readCookie(request, flashCookie);
  const [tone, key] = value?.includes(":") ? value.split(":", 2) : ["success", value];
  return {
    key,
    tone: tone === "error" ? "error" : "success",
    clear: value ? `${flashCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}` : undefined,
  };
}
