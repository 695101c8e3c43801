// Calls from this server to the OpenID Connect provider (its discovery document, token and user
// info endpoints), each limited to OIDC_TIMEOUT_SECONDS, never following a redirect, and each
// failure named: for the operator, a message with the address, the status and the provider's
// error code; for the person signing in, a code the sign-in pages translate.

/** What the person signing in is told (i18n/: provider.error.<code>). */
export type ProviderFailureCode =
  /** The provider refused us (a wrong client secret, an unknown client...): only the institute can fix it. */
  | "provider_settings"
  /** The connection was refused or cut, or the provider failed (5xx): trying again may work. */
  | "provider_unreachable"
  /** No answer within OIDC_TIMEOUT_SECONDS. */
  | "provider_timeout"
  /** The provider refused this one sign-in (a used or expired code): start again. */
  | "sign-in-failed";

export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly code: ProviderFailureCode,
    readonly details: { url: string; status?: number; error?: string },
  ) {
    super(message);
    this.name = "ProviderCallError";
  }
}

/** What a provider's OAuth error codes mean for the person signing in (RFC 6749 5.2). */
const refusedSignIn = new Set(["invalid_grant", "access_denied"]);

/** The connection's own error code (ECONNREFUSED, ENOTFOUND, undici's UND_ERR_SOCKET...) behind fetch's TypeError. */
function causeOf(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^(E|UND_ERR_)[A-Z_]+$/.test(code)) return code;
    cause = cause.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The connection's codes for a socket the other side closed or reset. */
const closedConnection = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

const shortText = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);

/**
 * Calls the provider and answers its JSON, or throws ProviderCallError naming the step (`what`,
 * such as "token request"), the address, the status and the provider's error code.
 */
export async function callProvider(
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const named = `OpenID Connect provider: the ${what} to ${url}`;
  const signal = AbortSignal.timeout(timeoutMs);
  const send = () => fetch(url, { ...init, redirect: "manual", signal });
  let response: Response;
  try {
    response = await send().catch((error: unknown) => {
      // A kept-alive connection the provider closed as we reused it: a GET is sent once more, on
      // a new connection, as browsers do. A POST (the token request) is never sent twice.
      const isGet = (init.method ?? "GET").toUpperCase() === "GET";
      if (isGet && !signal.aborted && closedConnection.has(causeOf(error))) return send();
      throw error;
    });
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new ProviderCallError(
        `${named} got no answer within ${timeoutMs / 1000} s (OIDC_TIMEOUT_SECONDS)`,
        "provider_timeout",
        { url },
      );
    }
    const cause = causeOf(error);
    throw new ProviderCallError(`${named} failed: ${cause}`, "provider_unreachable", { url, error: cause });
  }
  let body = "";
  try {
    body = await response.text();
  } catch (error) {
    // The headers came in time, the body did not (or the connection was cut while it came).
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new ProviderCallError(
      timedOut
        ? `${named} got no whole answer within ${timeoutMs / 1000} s (OIDC_TIMEOUT_SECONDS)`
        : `${named} was cut off: ${causeOf(error)}`,
      timedOut ? "provider_timeout" : "provider_unreachable",
      { url, status: response.status },
    );
  }
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: named below with the status.
  }
  const status = response.status;
  if (status >= 300 && status < 400) {
    throw new ProviderCallError(
      `${named} answered ${status}, a redirect to ${response.headers.get("location") ?? "nowhere"}: set the final address (OIDC_ISSUER)`,
      "provider_settings",
      { url, status },
    );
  }
  if (!response.ok) {
    const error = typeof json?.error === "string" ? shortText(json.error) : undefined;
    const description =
      typeof json?.error_description === "string" ? ` (${shortText(json.error_description)})` : "";
    const said = error ? ` ${error}${description}` : body ? `: ${shortText(body)}` : "";
    const code: ProviderFailureCode =
      status >= 500
        ? "provider_unreachable"
        : error && refusedSignIn.has(error)
          ? "sign-in-failed"
          : "provider_settings";
    const hint =
      error === "invalid_client" || error === "unauthorized_client" || status === 401
        ? ": check OIDC_CLIENT_ID and OIDC_CLIENT_SECRET"
        : "";
    throw new ProviderCallError(`${named} answered ${status}${said}${hint}`, code, { url, status, error });
  }
  if (!json) {
    throw new ProviderCallError(
      `${named} answered ${status} with no JSON object (${response.headers.get("content-type") ?? "no content type"})`,
      "provider_settings",
      { url, status },
    );
  }
  return json;
}
