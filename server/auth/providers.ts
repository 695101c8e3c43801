// The identity providers a visitor may sign in with: those configured and, for OpenID Connect,
// whose discovery document could be read. It is read at start, and the provider is left out
// when the issuer does not answer then; we try again (at most once a minute) when a page asks,
// so an issuer that was down at start is offered once it is back (and at a click on its button:
// server/auth/oidc.ts).
import type { Config } from "../config";
import type { Auth } from "./auth";
import { oidcProviderId, registerOidcProvider } from "./oidc";

export type SignInProvider = { id: string; name: string };

let lastDiscovery = 0;

export async function signInProviders(
  auth: Auth,
  config: Config,
  options: { retryAfterMs?: number } = {},
): Promise<SignInProvider[]> {
  const configured: SignInProvider[] = [
    ...(config.google ? [{ id: "google", name: "Google" }] : []),
    ...(config.oidc ? [{ id: oidcProviderId, name: config.oidc.name }] : []),
  ];
  if (configured.length === 0) return [];
  const context = await auth.$context;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  if (
    config.oidc &&
    !context.socialProviders.some((provider) => provider.id === oidcProviderId) &&
    Date.now() - lastDiscovery >= retryAfterMs
  ) {
    lastDiscovery = Date.now();
    // A page does not wait long for an issuer that hangs; the next try comes a minute later.
    const timeout = new Promise((resolve) => setTimeout(resolve, 3000).unref());
    await Promise.race([registerOidcProvider(context as never, config.oidc), timeout]).catch(() => undefined);
  }
  const registered = new Set(context.socialProviders.map((provider) => provider.id));
  return configured.filter((provider) => registered.has(provider.id));
}
