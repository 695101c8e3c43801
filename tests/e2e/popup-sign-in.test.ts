// Popup sign-in through an OpenID Connect provider, end to end in Chromium against the built
// server and a local provider (tests/fixtures/oidc-provider.ts): the page stays while the popup
// signs in; the error catalogue reaches the login page's banner.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultTestUser, type RunningProvider, startOidcProvider } from "../fixtures/oidc-provider";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, startServer, useSite } from "./harness";

const providerName = "School ID";
// A provider account with the e-mail of an account that signs in with a password here.
const lookalike = {
  id: "student-2",
  login: "lookalike",
  password: "provider-password-2",
  email: "password.owner@school.test",
  name: "Someone Else",
};
// A link until the page's script runs, which then opens the popup from it.
const button = (page: Page) =>
  page.getByRole("link", {
    name: new RegExp(`^(Continue with ${providerName}|${providerName} দিয়ে চালিয়ে যান)$`),
  });

/** Clicks the button and returns the popup window it opened (newPage's goto waits for the script). */
async function openPopup(page: Page) {
  const [popup] = await Promise.all([page.waitForEvent("popup"), button(page).click()]);
  await popup.getByLabel("User name").waitFor({ timeout: 20_000 });
  return popup;
}

/** Signs in on the provider's page in the popup, and waits until the popup has closed. */
async function signInAtProvider(popup: Page, user: { login: string; password: string }) {
  await popup.getByLabel("User name").fill(user.login);
  await popup.getByLabel("Password").fill(user.password);
  // Listening before the click: the popup may be gone before click() returns.
  const closed = popup.waitForEvent("close", { timeout: 20_000 });
  await popup.getByRole("button", { name: "Sign in" }).click();
  await closed;
}

describe("popup sign-in with an identity provider", () => {
  let provider: RunningProvider;

  beforeAll(async () => {
    provider = await startOidcProvider({ users: [defaultTestUser, lookalike] });
  });
  afterAll(async () => {
    await provider?.close();
  });
  // After the provider has started (its address is in the server's environment); stopped before it.
  const site = useSite(() => ({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: providerName,
    },
  }));

  const banner = async (page: Page) => {
    await page.getByTestId("form-error").waitFor({ timeout: 20_000 });
    return page.getByTestId("form-error").textContent();
  };

  it("signs in inside the popup while the page stays, and goes back to the origin page", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login?redirectTo=%2FALLteacher`);
    // A mark on this window: it survives only if the page never reloads.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const popup = await openPopup(page);
    expect(new URL(popup.url()).origin).toBe(provider.issuer);
    await signInAtProvider(popup, provider.user);

    await page.getByTestId("flash").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("flash").textContent()).toContain("Login successfully!");
    // The address Playwright reports follows the page's history change, not its content.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/ALLteacher");
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
    const registered = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email: lookalike.email, password: "owner-password-1", name: "Owner" }),
    });
    expect(registered.status).toBe(200);
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
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
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
    const popup = await openPopup(page);
    await popup.close();
    expect(await banner(page)).toBe("The sign-in window was closed before the sign-in finished.");
    expect(await page.getByRole("button", { name: "LogOut" }).count()).toBe(0);
    await page.context().close();
  });

  it("passes the provider's own error through (access_denied)", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/register`);
    const popup = await openPopup(page);
    await popup.getByRole("button", { name: "Cancel" }).click();
    expect(await banner(page)).toContain("access_denied");
    expect(new URL(page.url()).pathname).toBe("/register");
    await page.context().close();
  });

  it("answers a second click while the popup is open with cancelled-popup-request", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
    const popup = await openPopup(page);
    await button(page).click();
    expect(await banner(page)).toBe(
      "A sign-in window is already open. Finish signing in there, or close it and try again.",
    );
    await popup.close();
    await page.context().close();
  });

  it("says popup-blocked when the window cannot open", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
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
    const { context, page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
    await context.route("**/api/auth/sign-in/social", (route) => route.abort("internetdisconnected"));
    await button(page).click();
    expect(await banner(page)).toBe(
      "The sign-in could not start: the server did not answer. Check your connection and try again.",
    );
    await context.close();
  });

  it("signs in in the page's own window when the button is clicked before the page's script runs", async () => {
    // The page's scripts are held back until the click: the button is a plain link then.
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/login?redirectTo=%2Fteacher`, { waitUntil: "domcontentloaded" });
      await button(page).click();
      await page.getByLabel("User name").waitFor({ timeout: 20_000 });
      release();
      expect(new URL(page.url()).origin).toBe(provider.issuer);
      await page.getByLabel("User name").fill(provider.user.login);
      await page.getByLabel("Password").fill(provider.user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("flash").waitFor({ timeout: 20_000 });
      expect(await page.getByTestId("flash").textContent()).toContain("Login successfully!");
      await expect.poll(() => new URL(page.url()).pathname).toBe("/teacher");
      const session = await page.evaluate(() => fetch("/api/auth/get-session").then((r) => r.json()));
      expect(session.user.email).toBe(provider.user.email);
    } finally {
      release();
      await context.close();
    }
  });

  it("brings an error of a sign-in in the page's own window to the login page", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/login?redirectTo=%2Fteacher`);
    await button(page).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("form-error").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("form-error").textContent()).toContain("access_denied");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/teacher");
  });

  it("offers no button when no provider is configured", async () => {
    const plain = await startServer();
    try {
      const { page } = await newPage(site.browser);
      for (const path of ["/login", "/register"]) {
        await page.goto(plain.url + path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.getByRole("link", { name: /Continue with/ }).count()).toBe(0);
      }
      await page.goto(`${site.url}/register`);
      expect(await button(page).count()).toBe(1);
      expect(formatViolations(await checkAccessibility(page))).toBe("");
      await page.context().close();
    } finally {
      await plain.stop();
    }
    // It starts a server of its own, which may take the harness's full minute on a busy machine.
  }, 120_000);
});

describe("popup sign-in when the provider fails", () => {
  const timeoutSeconds = 3;
  let provider: RunningProvider;

  beforeAll(async () => {
    provider = await startOidcProvider();
  });
  afterAll(async () => {
    await provider?.close();
  });
  // After the provider has started (its address is in the server's environment); stopped before it.
  const site = useSite(() => ({
    env: {
      // The discovery document's address rather than the issuer: both are taken.
      OIDC_ISSUER: `${provider.issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: providerName,
      OIDC_TIMEOUT_SECONDS: String(timeoutSeconds),
    },
  }));

  /** The server's log lines (JSON) written since `from` characters of its output. */
  const logLinesSince = (from: number) =>
    site.server
      .logs()
      .slice(from)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });

  /**
   * Signs in at the provider in the popup (or only clicks, `atProvider: false`), and answers the
   * banner's text, the time from the click to it, and the server's log lines of the attempt.
   */
  const attempt = async (options: { atProvider: boolean; locale?: string }) => {
    const { context, page } = await newPage(site.browser, { locale: options.locale });
    const failedAnswers: string[] = [];
    context.on("response", (response) => {
      if (response.status() >= 500 && response.url().startsWith(site.url))
        failedAnswers.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.url}/login`);
    const logFrom = site.server.logs().length;
    let clickedAt = Date.now();
    if (options.atProvider) {
      const popup = await openPopup(page);
      clickedAt = Date.now();
      await signInAtProvider(popup, provider.user);
    } else {
      await button(page).click();
    }
    await page.getByTestId("form-error").waitFor({ timeout: 20_000 });
    const seconds = (Date.now() - clickedAt) / 1000;
    const banner = await page.getByTestId("form-error").textContent();
    console.log(`provider failure: "${banner}" after ${seconds.toFixed(1)} s`);
    // No 500 anywhere; only a provider down at the click is a gateway's 502, with its code.
    expect(failedAnswers).toEqual(options.atProvider ? [] : [`502 ${site.url}/api/auth/sign-in/social`]);
    const lines = logLinesSince(logFrom);
    expect(lines.filter((line) => line.status === 500)).toEqual([]);
    expect(await page.getByRole("button", { name: /LogOut|লগআউট/ }).count()).toBe(0);
    return { banner, seconds, lines };
  };

  it("takes OIDC_ISSUER given as the discovery document's address, and signs in", async () => {
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
    await signInAtProvider(await openPopup(page), provider.user);
    await page.getByTestId("flash").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("flash").textContent()).toContain("Login successfully!");
  });

  it("says the site's settings are wrong when the provider refuses the client secret", async () => {
    provider.failToken("wrong-secret");
    const { banner, lines } = await attempt({ atProvider: true });
    expect(banner).toBe("The site's sign-in settings are wrong: tell the institute.");
    const line = lines.find((entry) => entry.msg.includes("token request"));
    expect(line?.msg).toContain(`${provider.issuer}/token`);
    expect(line?.msg).toContain("401 invalid_client");
    expect(line?.msg).toContain("OIDC_CLIENT_SECRET");
  });

  it("says so in Bangla to a Bangla reader", async () => {
    provider.failToken("wrong-secret");
    const { banner } = await attempt({ atProvider: true, locale: "bn-BD" });
    expect(banner).toBe("এই সাইটের লগইন সেটিংস ভুল আছে: প্রতিষ্ঠানকে জানান।");
  });

  it("says the service did not answer when the provider cuts the connection at the token step", async () => {
    provider.failToken("reset");
    const { banner, lines } = await attempt({ atProvider: true });
    expect(banner).toBe("The sign-in service did not answer. Please try again in a moment.");
    const line = lines.find((entry) => entry.msg.includes("token request"));
    expect(line?.msg).toMatch(new RegExp(`token request to ${provider.issuer}/token failed: \\S+`));
  });

  it("gives up on a token endpoint that does not answer after OIDC_TIMEOUT_SECONDS", async () => {
    provider.failToken("hang");
    const { banner, seconds, lines } = await attempt({ atProvider: true });
    expect(banner).toBe("The sign-in service did not answer in time. Please try again in a moment.");
    expect(seconds).toBeGreaterThanOrEqual(timeoutSeconds - 0.5);
    expect(seconds).toBeLessThan(timeoutSeconds + 10);
    const line = lines.find((entry) => entry.msg.includes("token request"));
    expect(line?.msg).toContain(`${provider.issuer}/token got no answer within ${timeoutSeconds} s`);
  });

  // Last: the provider stays down.
  it("says in the page that the provider cannot be reached when it went down after start", async () => {
    provider.failToken("none");
    await provider.close();
    const { banner, seconds, lines } = await attempt({ atProvider: false });
    expect(banner).toBe(
      "The sign-in service cannot be reached at the moment. Try again later, or sign in with your e-mail and password.",
    );
    expect(seconds).toBeLessThan(timeoutSeconds + 5);
    const line = lines.find((entry) => entry.msg.includes("not started"));
    expect(line?.msg).toContain(`${provider.issuer}/.well-known/openid-configuration failed: ECONNREFUSED`);
  });
});
