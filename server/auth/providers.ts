// The identity providers a visitor may sign in with: those configured and, for OpenID Connect,
// whose discovery document Better Auth could read. It reads it once, at start, and skips the
// provider when the issuer does not answer then; we try again (at most once a minute) when a
// page asks, so an issuer that was down at start is offered once it is back.
import type { Config } from "../config";
import { type Auth, oidcPlugin } from "./auth";

export type SignInProvider = { id: string; name: string };

let lastDiscovery = 0;

async function discoverAgain(auth: Auth, oidc: NonNullable<Config["oidc"]>, retryAfterMs: number) {
  if (Date.now() - lastDiscovery < retryAfterMs) return;
  lastDiscovery = Date.now();
  const context = await auth.$context;
  const result = await oidcPlugin(oidc).init(context as never);
  const found = result?.context?.socialProviders?.find((provider) => provider.id === "oidc");
  // The request handlers share this list, so every later sign-in finds the provider.
  if (found && !context.socialProviders.some((provider) => provider.id === "oidc")) {
    context.socialProviders.unshift(found);
  }
}

export async function signInProviders(
  auth: Auth,
  config: Config,
  options: { retryAfterMs?: number } = {},
): Promise<SignInProvider[]> {
  const configured: SignInProvider[] = [
    ...(config.google ? [{ id: "google", name: "Google" }] : []),
    ...(config.oidc ? [{ id: "oidc", name: config.oidc.name }] : []),
  ];
  if (configured.length === 0) return [];
  const context = await auth.$context;
  if (config.oidc && !context.socialProviders.some((provider) => provider.id === "oidc")) {
    // A page does not wait long for an issuer that hangs; the next try comes a minute later.
    const timeout = new Promise((resolve) => setTimeout(resolve, 3000).unref());
    await Promise.race([discoverAgain(auth, config.oidc, options.retryAfterMs ?? 60_000), timeout]).catch(
      () => undefined,
    );
  }
  const registered = new Set(context.socialProviders.map((provider) => provider.id));
  return configured.filter((provider) => registered.has(provider.id));
}
