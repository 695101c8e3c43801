// Answers to a small form (contact, subscribe) that a page posts with a fetcher (JSON) or, with
// script off, as a plain form (then the browser shows whatever we answer as the next page).
import { data, href, redirect } from "react-router";
import type { MessageKey } from "../../../i18n/translate";
import { type FlashTone, flashCookieHeader } from "../../../server/cookies";
import { DomainError, statusOf } from "../../../server/domain/errors";
import { RateLimitError } from "../../../server/domain/rate-limit";

/** A plain HTML form post, as opposed to a fetcher's. */
export const isNavigation = (request: Request) => request.headers.get("sec-fetch-mode") === "navigate";

/** Back to the home page with a one-time banner. */
export const backHome = (request: Request, banner: MessageKey, tone: FlashTone = "success") =>
  redirect(href("/"), { headers: { "Set-Cookie": flashCookieHeader(request, banner, tone) } });

/** What a person typed, sent back with a refused plain post to fill the form again. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 10_000);
  }
  return values;
}

/**
 * The answer to a refused form: {ok: false, error, fields?} with the status (and Retry-After
 * when rate limited). A plain form post goes back home with a banner, except on a page that
 * shows the form itself (`page`: which form, and what was typed): a refusal of its fields is
 * answered there with what was typed, and the page shows the errors beside the fields.
 */
export function refusedForm(
  request: Request,
  error: unknown,
  banners: { invalid: MessageKey; limited: MessageKey },
  page?: { form: string; typed: Record<string, string> },
) {
  if (!(error instanceof DomainError)) throw error;
  const limited = error instanceof RateLimitError;
  const invalid = error.code === "invalid";
  if (isNavigation(request) && !(page && invalid && error.fieldProblems))
    return backHome(request, limited ? banners.limited : banners.invalid, "error");
  return data(
    {
      ok: false as const,
      error: invalid ? null : error.problem,
      ...(invalid ? { fields: error.fieldProblems } : {}),
      ...(page && isNavigation(request) ? { form: page.form, values: page.typed } : {}),
    },
    {
      status: statusOf[error.code],
      headers: limited ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
    },
  );
}
