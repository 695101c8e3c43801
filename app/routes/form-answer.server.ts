// Answers to a small form (contact, subscribe) that a page posts with a fetcher (JSON) or, with
// script off, as a plain form (then the browser shows whatever we answer as the next page).
import { data, href, redirect } from "react-router";
import { DomainError, statusOf } from "../../server/domain/errors";
import { RateLimitError } from "../../server/domain/rate-limit";
import type { MessageKey } from "../i18n/translate";
import { type FlashTone, flashCookieHeader } from "../lib/cookies.server";

/** A plain HTML form post, as opposed to a fetcher's. */
export const isNavigation = (request: Request) => request.headers.get("sec-fetch-mode") === "navigate";

/** Back to the home page with a one-time banner. */
export const backHome = (request: Request, banner: MessageKey, tone: FlashTone = "success") =>
  redirect(href("/"), { headers: { "Set-Cookie": flashCookieHeader(request, banner, tone) } });

/**
 * The answer to a refused form: back home with a banner for a plain form post; otherwise JSON
 * {ok: false, error, fields?} with the status (and Retry-After when rate limited).
 */
export function refusedForm(
  request: Request,
  error: unknown,
  banners: { invalid: MessageKey; limited: MessageKey },
) {
  if (!(error instanceof DomainError)) throw error;
  const limited = error instanceof RateLimitError;
  if (isNavigation(request)) return backHome(request, limited ? banners.limited : banners.invalid, "error");
  const invalid = error.code === "invalid";
  return data(
    {
      ok: false as const,
      error: invalid ? null : error.problem,
      ...(invalid ? { fields: error.fieldProblems } : {}),
    },
    {
      status: statusOf[error.code],
      headers: limited ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
    },
  );
}
