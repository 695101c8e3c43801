// The contact form's and the subscribe box's actions, for POST /contact and /subscribe (a
// fetcher's JSON) and for the home page's own action, where the forms post without script so
// that a refused field comes back beside the field with what was typed (docs/forms.md).
import { sendContactMessage } from "../../../server/domain/contact";
import { subscribe } from "../../../server/domain/subscribers";
import { pageOf } from "../../lib/page.server";
import { backHome, isNavigation, refusedForm, typedValues } from "./form-answer.server";

type Context = Parameters<typeof pageOf>[0];

/** `page`: the home page's own post, answered with the fields' errors and what was typed. */
export async function contactAction(request: Request, context: Context, page = false) {
  const { services, client } = pageOf(context);
  const form = await request.formData().catch(() => new FormData());
  try {
    await sendContactMessage(services.db, Object.fromEntries(form), { client });
    if (isNavigation(request)) return backHome(request, "contact.sent");
    return { ok: true as const };
  } catch (error) {
    return refusedForm(
      request,
      error,
      { invalid: "contact.notSent", limited: "contact.tooMany" },
      page ? { form: "contact", typed: typedValues(form, ["name", "email", "message"]) } : undefined,
    );
  }
}

export async function subscribeAction(request: Request, context: Context, page = false) {
  const { services, client } = pageOf(context);
  const form = await request.formData().catch(() => new FormData());
  try {
    const answer = await subscribe(services.db, Object.fromEntries(form), { client });
    if (isNavigation(request)) return backHome(request, "contact.subscribed");
    return { ok: true as const, alreadySubscribed: answer.alreadySubscribed };
  } catch (error) {
    return refusedForm(
      request,
      error,
      { invalid: "contact.notSubscribed", limited: "contact.tooManyRequests" },
      page ? { form: "subscribe", typed: typedValues(form, ["email"]) } : undefined,
    );
  }
}
