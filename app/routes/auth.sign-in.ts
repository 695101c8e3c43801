// GET /auth/sign-in?provider=oidc&redirectTo=/x: sign-in through a provider in the page's own
// window, where the 'Continue with ...' link leads before the page's script runs (the script
// opens the popup instead). It asks Better Auth for the provider's address as the popup does
// (through its handler: the same limits and the same check that the provider answers), and
// goes there; the last page (/auth/popup/done) then goes on to `redirectTo`, or to /login with
// the error.
import { href, redirect } from "react-router";
import { popupSignInPaths } from "../../common/popup-sign-in";
import { callAuth } from "../lib/auth-calls.server";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/auth.sign-in";

/** Where a failed start sends the person: the login page, with the error's code. */
/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["provider", "redirectTo"] };

export const loginWithError = (code: string, redirectTo: string) =>
  `${href("/login")}?${new URLSearchParams({ error: code, ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const done = `${popupSignInPaths.done}?${new URLSearchParams({ redirectTo })}`;
  const result = await callAuth(context, "/sign-in/social", {
    provider: url.searchParams.get("provider") ?? "",
    callbackURL: done,
    newUserCallbackURL: done,
    errorCallbackURL: done,
    disableRedirect: true,
  });
  const address = (result.answer as { url?: unknown } | undefined)?.url;
  if (!result.ok || typeof address !== "string") {
    const code =
      result.status === 429 ? "too-many-requests" : (result.code?.toLowerCase() ?? "sign-in-failed");
    return redirect(loginWithError(code, redirectTo));
  }
  // The flow's state cookie goes with the way to the provider.
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(address, { headers });
}
