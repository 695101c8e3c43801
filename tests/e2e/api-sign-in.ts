// Signing in through the REST API, as a browser on the site would: the answer's session, and a
// browser context given its cookie (the e2e harness's signed-in pages).
import type { BrowserContext } from "playwright-core";

/**
 * Gives a browser context the session cookie of a sign-in through the REST API: the page a test
 * opens next is signed in, without a visit to /login first (the sign-in form has tests of its
 * own: signInThroughLogin). A refused sign-in fails the test here, saying why.
 */
export async function signInByCookie(context: BrowserContext, server: { url: string }, account: Account) {
  const answer = await apiSignIn(server, account.email, account.password);
  if (!answer.ok) throw new Error(`E2E harness: signing in as ${account.email} gave ${answer.status}`);
  const cookies = answer.headers.getSetCookie().map((header) => {
    const pair = header.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url: server.url,
      httpOnly: true,
      sameSite: "Lax" as const,
    };
  });
  await context.addCookies(cookies);
}

/** Signs in through the REST API as a browser on the site would (with its origin). */
export function apiSignIn(server: { url: string }, email: string, password: string): Promise<Response> {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password }),
  });
}

/** The bearer token and the cookie header of a sign-in's answer. */
export function sessionOf(response: Response): { token: string; cookie: string } {
  return {
    token: response.headers.get("set-auth-token") ?? "",
    cookie: response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; "),
  };
}

/** Someone who signs in: an e-mail and a password. */
export type Account = { email: string; password: string };
