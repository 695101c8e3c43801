// Page actions reach Better Auth through its HTTP handler, not its direct API, so the same
// rate limits and origin checks apply to a form post as to a REST client.
import type { RouterContextProvider } from "react-router";
import { pageOf } from "./page.server";

export async function callAuth(
  context: Readonly<RouterContextProvider>,
  path: "/sign-in/email" | "/sign-up/email" | "/sign-out",
  body: Record<string, unknown>,
): Promise<{ ok: boolean; status: number; message?: string; setCookies: string[] }> {
  const { services, authHeaders } = pageOf(context);
  const headers = new Headers(authHeaders);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  // A no-script form post from our page carries our origin; say so for Better Auth's check.
  if (!headers.get("origin")) headers.set("origin", new URL(services.config.publicUrl).origin);
  const response = await services.auth.handler(
    new Request(`${services.config.publicUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const setCookies = response.headers.getSetCookie();
  if (response.ok) return { ok: true, status: response.status, setCookies };
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: false, status: response.status, message: answer.message ?? response.statusText, setCookies };
}
