// GET /auth/popup/done: where Better Auth's callback ends, signed in or with the provider's
// error (?error=access_denied...). In the popup it tells the opener and closes; after a sign-in
// in the page's own window (?redirectTo=, from /auth/sign-in) it goes on to that page, or to
// /login with the error.
import { flashCookieHeader } from "../../server/cookies";
import { pageOf } from "../lib/page.server";
import { type PopupMessage, popupMessageType } from "../lib/popup-sign-in";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/auth.popup-done";
import { popupPage } from "./auth.popup.server";
import { loginWithError } from "./auth.sign-in";

/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["error", "redirectTo"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const { actor, nonce } = pageOf(context);
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  // The provider's code passes through, limited to the characters such codes use.
  const code = error?.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 64);
  const outcome: PopupMessage =
    error !== null
      ? { type: popupMessageType, error: code || "sign-in-failed" }
      : actor.kind === "user"
        ? { type: popupMessageType, ok: true }
        : { type: popupMessageType, error: "sign-in-failed" };
  const inPage = params.has("redirectTo");
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const next = !inPage ? undefined : "ok" in outcome ? redirectTo : loginWithError(outcome.error, redirectTo);
  const response = popupPage(request, { text: "provider.finishing", nonce, outcome, next });
  if (inPage && "ok" in outcome)
    response.headers.append("Set-Cookie", flashCookieHeader(request, "login.success"));
  return response;
}
