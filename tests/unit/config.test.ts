import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("configuration", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "maktab-config-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("has embedded defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      sampleContent: true,
      databaseUrl: undefined,
      admin: undefined,
      logLevel: "info",
    });
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://school.example/" }).publicUrl).toBe(
      "https://school.example",
    );
  });

  it("generates the auth secret once and keeps it in the data folder", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, "secrets", "auth-secret"), "utf8").trim()).toBe(first);
  });

  it.each(["0", "false", "off", "OFF"])("turns sample content off with SAMPLE_CONTENT=%s", (value) => {
    expect(loadConfig({ DATA_DIR: dataDir(), SAMPLE_CONTENT: value }).sampleContent).toBe(false);
  });

  it("takes METRICS_TOKEN and refuses a short or spaced one without echoing it", () => {
    const token = "a".repeat(16);
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ["short-token", "a token with spaces in it"]) {
      try {
        loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: bad });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toContain("METRICS_TOKEN");
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });

  it("names every bad variable", () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain('(got "eighty")');
      expect(message).toContain("DATABASE_URL must be a postgres:// or postgresql:// URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("asks for ADMIN_EMAIL and ADMIN_PASSWORD together and never prints the password", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: "head@school.test" })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "short" }),
    ).toThrow(/ADMIN_PASSWORD must be at least 8 characters$/m);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "long enough",
    });
    expect(config.admin).toEqual({ email: "head@school.test", password: "long enough" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it("charges in USD unless CURRENCY names another two-decimal currency", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).currency).toBe("USD");
    expect(loadConfig({ DATA_DIR: dataDir(), CURRENCY: "bdt" }).currency).toBe("BDT");
    expect(() => loadConfig({ DATA_DIR: dataDir(), CURRENCY: "taka" })).toThrow(
      /CURRENCY must be a three-letter ISO 4217 currency code/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), CURRENCY: "JPY" })).toThrow(
      /CURRENCY must be a currency with two decimal places/,
    );
  });

  it("turns SSLCommerz and bKash on with all their keys, in the sandbox unless LIVE, in taka only", () => {
    const ssl = { SSLCOMMERZ_STORE_ID: "school01", SSLCOMMERZ_STORE_PASSWORD: "school01@ssl" };
    const bkash = {
      BKASH_APP_KEY: "key",
      BKASH_APP_SECRET: "secret",
      BKASH_USERNAME: "01770618567",
      BKASH_PASSWORD: "pass",
    };
    const config = loadConfig({ DATA_DIR: dataDir(), CURRENCY: "BDT", ...ssl, ...bkash, BKASH_LIVE: "on" });
    expect(config.sslcommerz).toEqual({
      storeId: "school01",
      storePassword: "school01@ssl",
      live: false,
      apiUrl: undefined,
    });
    expect(config.bkash).toMatchObject({ appKey: "key", username: "01770618567", live: true });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...ssl })).toThrow(
      /CURRENCY must be BDT when SSLCommerz is configured: SSLCommerz takes taka only/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), CURRENCY: "EUR", ...bkash })).toThrow(
      /CURRENCY must be BDT when bKash is configured/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), CURRENCY: "BDT", SSLCOMMERZ_STORE_ID: "school01" }),
    ).toThrow(/SSLCOMMERZ_STORE_PASSWORD must be set too/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CURRENCY: "BDT", BKASH_APP_KEY: "key" })).toThrow(
      /BKASH_APP_SECRET must be set too/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), BKASH_API_URL: "http://127.0.0.1:9" })).toThrow(
      /BKASH_API_URL needs BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), CURRENCY: "BDT", ...ssl, SSLCOMMERZ_LIVE: "maybe" }),
    ).toThrow(/SSLCOMMERZ_LIVE must be on or off/);
  });

  it("turns Stripe on with both keys, and names what is missing or mismatched", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripe).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_URL: "http://127.0.0.1:12111/",
    });
    expect(config.stripe).toEqual({
      secretKey: "sk_test_abc",
      publishableKey: "pk_test_abc",
      webhookSecret: "whsec_abc",
      apiUrl: "http://127.0.0.1:12111",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be set too/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      }),
    ).toThrow(/must both be test keys or both live keys/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        STRIPE_SECRET_KEY: "pk_test_abc",
        STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be a Stripe key starting with sk_ or rk_/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    // Keys never appear in the message.
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        STRIPE_SECRET_KEY: "secret-value",
        STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain("secret-value");
    }
  });

  it("takes OIDC_ISSUER as the issuer or its discovery document's address, with a time limit", () => {
    const dir = dataDir();
    const oidc = { OIDC_CLIENT_ID: "maktab", OIDC_CLIENT_SECRET: "secret" };
    for (const issuer of [
      "https://id.school.example/realms/school",
      "https://id.school.example/realms/school/",
      "https://id.school.example/realms/school/.well-known/openid-configuration",
    ]) {
      expect(loadConfig({ DATA_DIR: dir, ...oidc, OIDC_ISSUER: issuer }).oidc).toMatchObject({
        issuer: "https://id.school.example/realms/school",
        discoveryUrl: "https://id.school.example/realms/school/.well-known/openid-configuration",
        timeoutMs: 10_000,
      });
    }
    const quick = loadConfig({
      DATA_DIR: dir,
      ...oidc,
      OIDC_ISSUER: "https://id.example",
      OIDC_TIMEOUT_SECONDS: "3",
    });
    expect(quick.oidc?.timeoutMs).toBe(3000);
    expect(() =>
      loadConfig({ DATA_DIR: dir, ...oidc, OIDC_ISSUER: "https://id.example", OIDC_TIMEOUT_SECONDS: "0" }),
    ).toThrow(/OIDC_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 120/);
  });

  it("multiplies the limits per address by ADDRESS_LIMIT_MULTIPLIER, 1 by default", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).addressLimitMultiplier).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, ADDRESS_LIMIT_MULTIPLIER: "5" }).addressLimitMultiplier).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dir, ADDRESS_LIMIT_MULTIPLIER: "1.5" })).toThrow(
      /ADDRESS_LIMIT_MULTIPLIER must be a whole number from 1 to 100/,
    );
  });

  it("waits STOP_TIMEOUT_SECONDS for the requests in flight when stopping, 10 by default", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).stopTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir, STOP_TIMEOUT_SECONDS: "60" }).stopTimeoutMs).toBe(60_000);
    expect(() => loadConfig({ DATA_DIR: dir, STOP_TIMEOUT_SECONDS: "0" })).toThrow(
      /STOP_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 600 \(got "0"\)/,
    );
  });

  it("sends text messages through SMS_URL only with SMS_TOKEN, and refuses one without the other", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), SMS_URL: "https://sms.example/send", SMS_TOKEN: "gateway-token" })
        .sms,
    ).toEqual({ url: "https://sms.example/send", token: "gateway-token" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_URL: "https://sms.example/send" })).toThrow(
      /SMS_TOKEN must be set when SMS_URL is set/,
    );
    // An empty token is no token.
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SMS_URL: "https://sms.example/send", SMS_TOKEN: "" }),
    ).toThrow(/SMS_TOKEN must be set when SMS_URL is set/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_TOKEN: "gateway-token" })).toThrow(
      /SMS_URL must be set when SMS_TOKEN is set/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SMS_URL: "ftp://sms.example/send", SMS_TOKEN: "gateway-token" }),
    ).toThrow(/SMS_URL must be an http or https URL/);
  });
});
