// In app/lib, not beside a route: the sign-in, sign-up, sign-out, password and phone pages all use it.
// Page actions reach Better Auth through its HTTP handler, not its direct API, so the same
// rate limits and origin checks apply to a form post as to a REST client.

import { type RouterContextProvider, redirect } from "react-router";
import { isErrorCode } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";
import type { MessageKey } from "../../i18n/translate";
import { flashCookieHeader, localeOfHeaders } from "../../server/cookies";
import { pageOf } from "./page.server";

type AuthResult = {
  ok: boolean;
  status: number;
  message?: string;
  code?: string;
  /** A refusal, by its code (common/errors): what a page shows, in the reader's language. */
  problem?: Problem;
  setCookies: string[];
  /** A refusal's Retry-After, in seconds. */
  retryAfterSeconds?: number;
  /** The JSON answer of a call that succeeded, when it has one. */
  answer?: unknown;
};

type AuthPath =
  | "/sign-in/email"
  | "/sign-up/email"
  | "/sign-in/social"
  | "/sign-out"
  | "/change-password"
  | "/request-password-reset"
  | "/reset-password"
  | "/phone-number/send-otp"
  | "/phone-number/verify";

const endsSessions = new Set<AuthPath>(["/sign-out", "/change-password", "/reset-password"]);

/**
 * `signedOut`: the call is made as nobody (a phone sign-in from a browser that is signed in
 * already asks for a sign-in code, not to verify the number on the current account); the
 * reader's language still chooses the text message's.
 */
export async function callAuth(
  context: Readonly<RouterContextProvider>,
  path: AuthPath,
  body: Record<string, unknown>,
  options: { signedOut?: boolean } = {},
): Promise<AuthResult> {
  const { services, authHeaders, actor } = pageOf(context);
  const headers = new Headers(authHeaders);
  if (options.signedOut) {
    headers.set("accept-language", localeOfHeaders(authHeaders));
    headers.delete("cookie");
    headers.delete("authorization");
  }
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  // Our cross-site guard has already vetted this request; Better Auth checks the origin again
  // against PUBLIC_URL, which a visitor on another name for this host (127.0.0.1) would fail.
  headers.set("origin", new URL(services.config.publicUrl).origin);
  const response = await services.auth.handler(
    new Request(`${services.config.publicUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const setCookies = response.headers.getSetCookie();
  if (response.ok) {
    // Sessions ended (a reset ends them all, and its visitor is not signed in, so the change
    // rule of server/middleware/page-cache.ts does not see it): drop the remembered ones. A
    // sign-out without a session ends none, and must not empty the page cache.
    const ended = path === "/reset-password" || actor.kind === "user";
    if (endsSessions.has(path) && ended) await services.pageCache.invalidate();
    const answer: unknown = await response.json().catch(() => undefined);
    return { ok: true, status: response.status, setCookies, answer };
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<Problem> & {
    message?: string;
    code?: string;
  };
  const retryAfter = Number(response.headers.get("retry-after"));
  const message = answer.message ?? response.statusText;
  return {
    ok: false,
    status: response.status,
    message,
    code: answer.code,
    problem: problemOfAuth(response.status, answer, message),
    setCookies,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

/** Goes on with the cookies Better Auth set (a new session, or its end) and an optional banner. */
export function redirectWithAuthCookies(
  request: Request,
  result: AuthResult,
  to: string,
  banner?: MessageKey,
) {
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  if (banner) headers.append("Set-Cookie", flashCookieHeader(request, banner));
  return redirect(to, { headers });
}

/** Better Auth's own refusals a page shows, by its codes, in our codes. */
const authProblems: Record<string, Problem> = {
  INVALID_EMAIL_OR_PASSWORD: problem("auth.invalidCredentials"),
  USER_ALREADY_EXISTS: problem("auth.userExists"),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: problem("auth.userExists"),
  BANNED_USER: problem("auth.disabled"),
  INVALID_TOKEN: problem("password.resetLinkInvalid"),
  UNAUTHORIZED: problem("auth.signInFirst"),
  SMS_NOT_SENT: problem("phone.sendFailed"),
  INVALID_OTP: problem("phone.codeWrong"),
  OTP_EXPIRED: problem("phone.codeExpired"),
  OTP_NOT_FOUND: problem("phone.codeMissing"),
  TOO_MANY_ATTEMPTS: problem("phone.codeSpent"),
};

/**
 * A refusal's code: ours when our own rules refused (server/auth/auth.ts sends it), Better Auth's
 * code read as ours, too many requests; else Better Auth's words as they are, under auth.failed.
 */
function problemOfAuth(
  status: number,
  answer: Partial<Problem> & { code?: string },
  message: string,
): Problem {
  if (answer.key && isErrorCode(answer.key)) return { key: answer.key, params: answer.params };
  const known = answer.code ? authProblems[answer.code] : undefined;
  if (known) return known;
  if (status === 429) return problem("limit.requests");
  return problem("auth.failed", { detail: message });
}
