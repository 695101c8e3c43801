// POST /contact: the contact section's form, with the same domain call and rate limit as
// POST /api/contact. A fetcher gets JSON: {ok: true}, or {ok: false, error, fields?} with the
// status (400 with the fields, 429 with a message when the sender's address is over its limit).
// A form sent without script (a page navigation) goes back to the home page with a banner.
import { href, redirect } from "react-router";
import { sendContactMessage } from "../../server/domain/contact";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/contact";
import { backHome, isNavigation, refusedForm } from "./form-answer.server";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, client } = pageOf(context);
  try {
    const form = await request.formData().catch(() => new FormData());
    await sendContactMessage(services.db, Object.fromEntries(form), { client });
    if (isNavigation(request)) return backHome(request, "contact.sent");
    return { ok: true as const };
  } catch (error) {
    return refusedForm(request, error, { invalid: "contact.notSent", limited: "contact.tooMany" });
  }
}

export const loader = () => redirect(href("/"));
