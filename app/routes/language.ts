import { href, redirect } from "react-router";
import { isLocale } from "../../i18n";
import { localeCookieHeader } from "../../server/cookies";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const back = safeRedirect(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": localeCookieHeader(request, locale) } });
}

export const loader = () => redirect(href("/"));
