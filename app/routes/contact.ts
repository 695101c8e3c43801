// POST /contact: the contact section's form, with the same domain call and rate limit as
// POST /api/contact. A fetcher gets JSON: {ok: true}, or {ok: false, error, fields?} with the
// status (400 with the fields, 429 with a message when the sender's address is over its limit).
// A form sent without script (a page navigation) goes back to the home page with a banner.
import { data, redirect } from "react-router";
import { sendContactMessage } from "../../server/domain/contact";
import { DomainError, statusOf } from "../../server/domain/errors";
import { RateLimitError } from "../../server/domain/rate-limit";
import { backHome, isNavigation } from "../lib/form-answer.server";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = pageOf(context);
  try {
    const form = await request.formData().catch(() => new FormData());
    await sendContactMessage(services.db, Object.fromEntries(form), { clientIp });
    if (isNavigation(request)) return backHome(request, "contact.sent");
    return { ok: true as const };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const limited = error instanceof RateLimitError;
    if (isNavigation(request))
      return backHome(request, limited ? "contact.tooMany" : "contact.notSent", "error");
    const invalid = error.code === "invalid";
    return data(
      {
        ok: false as const,
        error: invalid ? null : error.message,
        ...(invalid ? { fields: error.fields } : {}),
      },
      {
        status: statusOf[error.code],
        headers: limited ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
      },
    );
  }
}

export const loader = () => redirect("/");
