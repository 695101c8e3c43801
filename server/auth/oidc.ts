// The OpenID Connect provider of OIDC_*, through Better Auth's generic OAuth plugin, with our own
// calls to the provider (server/auth/provider-calls.ts) where Better Auth's would wait for ever
// and name no cause: the discovery document (at start, when a page asks again, and at each
// click), the token request and the user info. See docs/decisions/0029-provider-failures-named.md.
import { AsyncLocalStorage } from "node:async_hooks";
import { APIError } from "better-auth/api";
import { authorizationCodeRequest, getOAuth2Tokens, type OAuth2Tokens } from "better-auth/oauth2";
import { genericOAuth } from "better-auth/plugins";
import type { OidcConfig } from "../config";
import { callProvider, ProviderCallError, type ProviderFailureCode } from "./provider-calls";

export const oidcProviderId = "oidc";

/** The endpoints of the provider's discovery document we use ourselves. */
type Discovered = { tokenEndpoint: string; userInfoEndpoint?: string };

/** Reads the discovery document, or throws ProviderCallError naming its address and status. */
export async function discoverProvider(oidc: OidcConfig): Promise<Discovered> {
  const document = await callProvider(
    "discovery document request",
    oidc.discoveryUrl,
    { headers: { accept: "application/json" } },
    oidc.timeoutMs,
  );
  const missing = ["authorization_endpoint", "token_endpoint"].filter(
    (field) => typeof document[field] !== "string",
  );
  if (missing.length > 0) {
    throw new ProviderCallError(
      `OpenID Connect provider: the discovery document at ${oidc.discoveryUrl} has no ${missing.join(" or ")}: check OIDC_ISSUER`,
      "provider_settings",
      { url: oidc.discoveryUrl, status: 200 },
    );
  }
  return {
    tokenEndpoint: document.token_endpoint as string,
    userInfoEndpoint: typeof document.userinfo_endpoint === "string" ? document.userinfo_endpoint : undefined,
  };
}

// The failure of a call to the provider while Better Auth handles one request (its callback),
// so that the redirect it answers names the cause instead of its own invalid_code.
const failures = new AsyncLocalStorage<{ failure?: ProviderCallError }>();

function recordFailure(error: unknown) {
  const store = failures.getStore();
  if (store && error instanceof ProviderCallError) store.failure = error;
}

/** Better Auth's codes for a failed token or user info step, which hide the cause. */
const vagueCodes = new Set(["invalid_code", "unable_to_get_user_info"]);

/**
 * Runs one of Better Auth's requests; when a call to the provider failed in it and Better Auth
 * answers with its vague redirect (`?error=invalid_code`), the redirect carries our code instead.
 */
export async function namingProviderFailures(handle: () => Promise<Response>): Promise<Response> {
  const store: { failure?: ProviderCallError } = {};
  const response = await failures.run(store, handle);
  const location = response.headers.get("location");
  if (!store.failure || !location) return response;
  const url = new URL(location, "http://relative.invalid");
  const said = url.searchParams.get("error");
  if (!said || !vagueCodes.has(said)) return response;
  url.searchParams.set("error", store.failure.code satisfies ProviderFailureCode);
  const named = url.origin === "http://relative.invalid" ? `${url.pathname}${url.search}` : url.href;
  response.headers.set("location", named);
  return response;
}

/** The claims Better Auth reads from a profile, from an ID token's payload or the user info. */
function profileOf(claims: Record<string, unknown>) {
  return {
    ...claims,
    id: String(claims.sub ?? ""),
    email: typeof claims.email === "string" ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    image: typeof claims.picture === "string" ? claims.picture : undefined,
    name: typeof claims.name === "string" ? claims.name : undefined,
  };
}

/** The payload of an ID token Better Auth has already verified (signature, issuer, nonce). */
function idTokenClaims(idToken: string | undefined): Record<string, unknown> | null {
  const payload = idToken?.split(".")[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Better Auth's plugin for the provider. Its `init` reads the discovery document (ours first,
 * within the timeout, naming the cause in the log when it fails: then the provider is left out,
 * and server/auth/providers.ts asks again later), and the token and user info calls are ours.
 */
export function oidcPlugin(oidc: OidcConfig) {
  let discovered: Discovered | undefined;
  /** The endpoints, read at start or, when the start did not get them, now. */
  const endpoints = async () => {
    discovered = discovered ?? (await discoverProvider(oidc));
    return discovered;
  };
  // Better Auth's logger (ours, server/auth/auth.ts), from the plugin's start.
  let logger: { error: (message: string) => void } | undefined;
  const plugin = genericOAuth({
    config: [
      {
        providerId: oidcProviderId,
        name: oidc.name,
        discoveryUrl: oidc.discoveryUrl,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ["openid", "email", "profile"],
        authentication: "basic",
        getToken: async ({ code, codeVerifier, redirectURI }): Promise<OAuth2Tokens> => {
          try {
            const endpoint = (await endpoints()).tokenEndpoint;
            const request = await authorizationCodeRequest({
              code,
              codeVerifier,
              redirectURI,
              options: { clientId: oidc.clientId, clientSecret: oidc.clientSecret },
              authentication: "basic",
              tokenEndpoint: endpoint,
            });
            const answer = await callProvider(
              "token request",
              endpoint,
              { method: "POST", body: request.body, headers: request.headers },
              oidc.timeoutMs,
            );
            return getOAuth2Tokens(answer);
          } catch (error) {
            // Better Auth logs it (the message names the cause) and answers invalid_code.
            recordFailure(error);
            throw error;
          }
        },
        getUserInfo: async (tokens) => {
          const claims = idTokenClaims(tokens.idToken);
          if (claims?.sub && claims.email) return profileOf(claims);
          try {
            const endpoint = (await endpoints()).userInfoEndpoint;
            if (!endpoint) return claims ? profileOf(claims) : null;
            const answer = await callProvider(
              "user info request",
              endpoint,
              { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" } },
              oidc.timeoutMs,
            );
            return profileOf(answer);
          } catch (error) {
            // Better Auth does not catch a throw here (a 500): it takes null as "no user info".
            recordFailure(error);
            logger?.error(error instanceof Error ? error.message : String(error));
            return null;
          }
        },
      },
    ],
  });
  const init = plugin.init;
  return {
    ...plugin,
    init: async (context: Parameters<typeof init>[0]) => {
      logger = context.logger;
      // Left out: the providers as they were.
      const without = { context: { socialProviders: context.socialProviders } };
      try {
        discovered = await discoverProvider(oidc);
      } catch (error) {
        context.logger.error(
          `${error instanceof Error ? error.message : String(error)}; no 'Continue with ${oidc.name}' button until it answers`,
        );
        return without;
      }
      // Better Auth reads the document again for the ID token's keys: within the same time limit.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<typeof without>((resolve) => {
        timer = setTimeout(() => {
          context.logger.error(
            `OpenID Connect provider: the discovery document request to ${oidc.discoveryUrl} got no answer within ${oidc.timeoutMs / 1000} s (OIDC_TIMEOUT_SECONDS)`,
          );
          resolve(without);
        }, oidc.timeoutMs);
      });
      try {
        return await Promise.race([init(context), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * At a click on the provider's button: checks that the provider answers (its discovery document,
 * as at start), so that a provider down since start is said in the page, not in a popup showing
 * the browser's "site can't be reached". A provider back since start is offered again here.
 */
export async function requireProviderAnswers(
  context: { socialProviders: { id: string }[]; logger: { warn: (message: string) => void } },
  oidc: OidcConfig,
): Promise<void> {
  try {
    await discoverProvider(oidc);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    context.logger.warn(`sign-in with ${oidc.name} not started: ${cause}`);
    throw new APIError("BAD_GATEWAY", {
      code: "PROVIDER_UNAVAILABLE",
      message: `${oidc.name} cannot be reached at the moment. Please try again later.`,
    });
  }
  await registerOidcProvider(context as never, oidc);
}

/** Adds the provider to Better Auth's list when its start left it out (the issuer did not answer then). */
export async function registerOidcProvider(
  context: Parameters<ReturnType<typeof oidcPlugin>["init"]>[0],
  oidc: OidcConfig,
): Promise<void> {
  if (context.socialProviders.some((provider) => provider.id === oidcProviderId)) return;
  const result = await oidcPlugin(oidc).init(context);
  const found = result?.context?.socialProviders?.find((provider) => provider.id === oidcProviderId);
  // The request handlers share this list, so every later sign-in finds the provider.
  if (found && !context.socialProviders.some((provider) => provider.id === oidcProviderId)) {
    context.socialProviders.unshift(found);
  }
}
