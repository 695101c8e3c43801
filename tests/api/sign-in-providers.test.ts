// Which identity providers the login and register pages offer, and how a first sign-in's
// account looks: configured providers only; an OpenID Connect issuer that was down when the
// server started is offered once it answers; no secret reaches the page; a provider cannot
// choose a role, a verified phone or an odd name.
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { signInProviders } from "../../server/auth/providers";
import { newAccountDefaults } from "../../server/domain/accounts";
import { type RunningProvider, startOidcProvider } from "../fixtures/oidc-provider";
import { createTestApp, type TestApp } from "../fixtures/test-app";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Each test starts two apps on their own embedded databases and an identity provider in this
// process: under a loaded CI (three test files on two cores) one took more than the suite's 30 s.
describe("sign-in providers", { timeout: 90_000 }, () => {
  let t: TestApp | undefined;
  let provider: RunningProvider | undefined;
  afterEach(async () => {
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });

  it("offers none without configuration, and the configured ones with their names only", async () => {
    t = await createTestApp("pglite");
    expect(await signInProviders(t.services.auth, t.config)).toEqual([]);
    await t.close();

    provider = await startOidcProvider();
    t = await createTestApp("pglite", {
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "School ID",
      // The provider answers from this test's own process, which the app's embedded database
      // keeps busy: on a loaded CI its discovery document once took longer than the default 10 s.
      OIDC_TIMEOUT_SECONDS: "60",
    });
    const offered = await signInProviders(t.services.auth, t.config);
    expect(offered).toEqual([
      { id: "google", name: "Google" },
      { id: "oidc", name: "School ID" },
    ]);
    expect(JSON.stringify(offered)).not.toContain("secret");

    // Starting the flow answers the provider's sign-in address, with PKCE and our callback.
    const started = await t.json("/api/auth/sign-in/social", "POST", {
      provider: "oidc",
      callbackURL: "/auth/popup/done",
      disableRedirect: true,
    });
    expect(started.status).toBe(200);
    const url = new URL((await started.json()).url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(`${t.config.publicUrl}/api/auth/callback/oidc`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("offers an issuer that was down at start once it answers", async () => {
    const port = await freePort();
    t = await createTestApp("pglite", {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: "maktab-test",
      OIDC_CLIENT_SECRET: "not-used-here",
      OIDC_NAME: "School ID",
    });
    expect(await signInProviders(t.services.auth, t.config, { retryAfterMs: 0 })).toEqual([]);
    const refused = await t.json("/api/auth/sign-in/social", "POST", {
      provider: "oidc",
      disableRedirect: true,
    });
    // Said as the provider being down (a gateway's 502 with its code), not as a missing provider.
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: "PROVIDER_UNAVAILABLE" });

    provider = await startOidcProvider({ port });
    expect(await signInProviders(t.services.auth, t.config, { retryAfterMs: 0 })).toEqual([
      { id: "oidc", name: "School ID" },
    ]);
    const started = await t.json("/api/auth/sign-in/social", "POST", {
      provider: "oidc",
      disableRedirect: true,
    });
    expect(started.status).toBe(200);
  });

  it("gives a first sign-in's account the defaults of PUT /User/users", () => {
    const made = newAccountDefaults({
      email: "amina@school.test",
      name: "  ",
      image: "javascript:alert(1)",
      role: "admin",
      phoneNumber: "+8801712345678",
      phoneNumberVerified: true,
      banned: true,
    });
    expect(made).toMatchObject({
      email: "amina@school.test",
      name: "amina",
      image: null,
      role: "user",
      phoneNumber: null,
      phoneNumberVerified: false,
      banned: false,
    });
    const named = newAccountDefaults({
      email: "b@school.test",
      name: "x".repeat(120),
      image: "https://p.example/a.png",
    });
    expect(named.name).toHaveLength(100);
    expect(named.image).toBe("https://p.example/a.png");
  });
});
