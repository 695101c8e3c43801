// POST /subscribe: the subscribe box, with the same domain call as POST /api/subscribe. A
// fetcher gets JSON: {ok: true, alreadySubscribed}, or {ok: false, error, fields?} with the
// status (400 with the fields, 429 with a message when the sender's address is over its limit).
// A form sent without script (a page navigation) goes back to the home page with a banner.
import { href, redirect } from "react-router";
import { subscribe } from "../../server/domain/subscribers";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/subscribe";
import { backHome, isNavigation, refusedForm } from "./form-answer.server";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, client } = pageOf(context);
  try {
    const form = await request.formData().catch(() => new FormData());
    const answer = await subscribe(services.db, Object.fromEntries(form), { client });
    if (isNavigation(request)) return backHome(request, "contact.subscribed");
    return { ok: true as const, alreadySubscribed: answer.alreadySubscribed };
  } catch (error) {
    return refusedForm(request, error, {
      invalid: "contact.notSubscribed",
      limited: "contact.tooManyRequests",
    });
  }
}

export const loader = () => redirect(href("/"));
