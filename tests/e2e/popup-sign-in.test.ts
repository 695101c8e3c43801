// Popup sign-in through an OpenID Connect provider, end to end in Chromium against the built
// server and a local provider (tests/fixtures/oidc-provider.ts): the page stays while the popup
// signs in; the error catalogue reaches the login page's banner.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultTestUser, type RunningProvider, startOidcProvider } from "../fixtures/oidc-provider";
import {
  checkAccessibility,
  formatViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  startServer,
} from "./harness";

const providerName = "School ID";
// A provider account with the e-mail of an account that signs in with a password here.
const lookalike = {
  id: "student-2",
  login: "lookalike",
  password: "provider-password-2",
  email: "password.owner@school.test",
  name: "Someone Else",
};
const button = (page: Page) => page.getByRole("button", { name: `Continue with ${providerName}` });

describe("popup sign-in with an identity provider", () => {
  let provider: RunningProvider;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startOidcProvider({ users: [defaultTestUser, lookalike] });
    [server, browser] = await Promise.all([
      startServer({
        env: {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_NAME: providerName,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  const banner = async (page: Page) => {
    await page.getByTestId("form-error").waitFor({ timeout: 20_000 });
    return page.getByTestId("form-error").textContent();
  };

  /** Clicks the button and returns the popup window it opened. */
  const openPopup = async (page: Page) => {
    const [popup] = await Promise.all([page.waitForEvent("popup"), button(page).click()]);
    await popup.getByLabel("User name").waitFor({ timeout: 20_000 });
    return popup;
  };

  it("signs in inside the popup while the page stays, and goes back to the origin page", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/login?redirectTo=%2FALLteacher`);
    // A mark on this window: it survives only if the page never reloads.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const popup = await openPopup(page);
    expect(new URL(popup.url()).origin).toBe(provider.issuer);
    await popup.getByLabel("User name").fill(provider.user.login);
    await popup.getByLabel("Password").fill(provider.user.password);
    await popup.getByRole("button", { name: "Sign in" }).click();
    await popup.waitForEvent("close", { timeout: 20_000 });

    await page.getByTestId("flash").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("flash").textContent()).toContain("Login successfully!");
    expect(new URL(page.url()).pathname).toBe("/ALLteacher");
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    expect(await page.evaluate(() => "stayed" in window)).toBe(true);

    // The first sign-in made the account, named as the provider knows the person.
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
    expect(session.user).toMatchObject({
      email: provider.user.email,
      name: provider.user.name,
      role: "user",
      phoneNumberVerified: false,
    });
    await page.context().close();
  });

  it("does not join a provider's account to an existing password account with its e-mail", async () => {
    const registered = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: lookalike.email, password: "owner-password-1", name: "Owner" }),
    });
    expect(registered.status).toBe(200);
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    const popup = await openPopup(page);
    await popup.getByLabel("User name").fill(lookalike.login);
    await popup.getByLabel("Password").fill(lookalike.password);
    await popup.getByRole("button", { name: "Sign in" }).click();
    expect(await banner(page)).toBe(
      "An account with this e-mail already exists. Sign in with its password (account_not_linked).",
    );
    expect(await page.getByRole("button", { name: "LogOut" }).count()).toBe(0);
    await page.context().close();
  });

  it("says popup-closed-by-user when the popup is closed before finishing", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    const popup = await openPopup(page);
    await popup.close();
    expect(await banner(page)).toBe("The sign-in window was closed before the sign-in finished.");
    expect(await page.getByRole("button", { name: "LogOut" }).count()).toBe(0);
    await page.context().close();
  });

  it("passes the provider's own error through (access_denied)", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/register`);
    const popup = await openPopup(page);
    await popup.getByRole("button", { name: "Cancel" }).click();
    expect(await banner(page)).toContain("access_denied");
    expect(new URL(page.url()).pathname).toBe("/register");
    await page.context().close();
  });

  it("answers a second click while the popup is open with cancelled-popup-request", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    const popup = await openPopup(page);
    await button(page).click();
    expect(await banner(page)).toBe(
      "A sign-in window is already open. Finish signing in there, or close it and try again.",
    );
    await popup.close();
    await page.context().close();
  });

  it("says popup-blocked when the window cannot open", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => {
      window.open = () => null;
    });
    await button(page).click();
    expect(await banner(page)).toBe(
      "The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.",
    );
    await page.context().close();
  });

  it("says network-request-failed when the flow cannot start", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await context.route("**/api/auth/sign-in/social", (route) => route.abort("internetdisconnected"));
    await button(page).click();
    expect(await banner(page)).toBe(
      "The sign-in could not start: the server did not answer. Check your connection and try again.",
    );
    await context.close();
  });

  it("offers no button when no provider is configured", async () => {
    const plain = await startServer();
    try {
      const { page } = await newPage(browser);
      for (const path of ["/login", "/register"]) {
        await page.goto(plain.url + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.getByRole("button", { name: /Continue with/ }).count()).toBe(0);
      }
      await page.goto(`${server.url}/register`);
      expect(await button(page).count()).toBe(1);
      expect(formatViolations(await checkAccessibility(page))).toBe("");
      await page.context().close();
    } finally {
      await plain.stop();
    }
    // It starts a server of its own, which may take the harness's full minute on a busy machine.
  }, 120_000);
});
