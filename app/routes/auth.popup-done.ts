// GET /auth/popup/done: where Better Auth's callback ends, signed in or with the provider's
// error (?error=access_denied...). It tells the opener and closes.
import { pageOf } from "../lib/page.server";
import { popupPage } from "../lib/popup-page.server";
import { type PopupMessage, popupMessageType } from "../lib/popup-sign-in";
import type { Route } from "./+types/auth.popup-done";

export function loader({ request, context }: Route.LoaderArgs) {
  const { actor, nonce } = pageOf(context);
  const error = new URL(request.url).searchParams.get("error");
  // The provider's code passes through, limited to the characters such codes use.
  const code = error?.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 64);
  const outcome: PopupMessage =
    error !== null
      ? { type: popupMessageType, error: code || "sign-in-failed" }
      : actor.kind === "user"
        ? { type: popupMessageType, ok: true }
        : { type: popupMessageType, error: "sign-in-failed" };
  return popupPage(request, { text: "provider.finishing", nonce, outcome });
}
