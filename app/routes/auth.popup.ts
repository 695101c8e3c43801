// GET /auth/popup: the sign-in popup's first page. The opener asks Better Auth for the
// provider's address and sends this window there (docs/decisions/0011-popup-sign-in-and-phone.md).
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/auth.popup";
import { popupPage } from "./auth.popup.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return popupPage(request, { text: "provider.connecting", nonce: pageOf(context).nonce });
}
