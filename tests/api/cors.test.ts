// API clients outside our pages, through a listening server and Node's own fetch: a program signs
// in with its e-mail and password and works with the bearer token it gets; a browser app on an
// origin listed in TRUSTED_ORIGINS gets CORS answers, one on any other origin does not; and a
// state change riding a cookie still has to come from our own pages.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const appOrigin = "https://app.school.example";
const otherApp = "http://127.0.0.1:5173";
const stranger = "https://evil.example";
const admin = { email: "head@school.test", password: "head-password-1" };

describe.each(testDatabases)("API clients on other origins, on %s", (database) => {
  let t: TestApp;
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(database, {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TRUSTED_ORIGINS: `${appOrigin}, ${otherApp}`,
    });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("lets a program sign in with Node's fetch and work with the bearer token", async () => {
    // Node's fetch sends Sec-Fetch-Mode: cors but no Origin and no cookie.
    const signIn = await post("/api/auth/sign-in/email", admin);
    expect(signIn.status).toBe(200);
    const token = signIn.headers.get("set-auth-token") as string;
    expect(token).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };

    const me = await fetch(`${base}/api/User/users/${admin.email}`, { headers: bearer });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ admin: true });

    const created = await post("/api/Notice/notices", { Title: "From a program", about: "" }, bearer);
    expect(created.status).toBe(201);
    const session = await fetch(`${base}/api/auth/get-session`, { headers: bearer });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(admin.email);

    const out = await post("/api/auth/sign-out", {}, bearer);
    expect(out.status).toBe(200);
    expect((await fetch(`${base}/api/User/users/${admin.email}`, { headers: bearer })).status).toBe(401);
  });

  it("refuses a state change that rides a cookie from another origin, or a sign-in from a stranger's page", async () => {
    const signIn = await post("/api/auth/sign-in/email", admin);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    for (const origin of [stranger, appOrigin]) {
      const forged = await post("/api/Notice/notices", { Title: "Forged", about: "" }, { cookie, origin });
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("cross_site_request");
    }
    const fromStranger = await post("/api/auth/sign-in/email", admin, {
      origin: stranger,
      "sec-fetch-site": "cross-site",
    });
    expect(fromStranger.status).toBe(403);
    expect(fromStranger.headers.get("set-auth-token")).toBeNull();
    // The same cookie from our own pages is fine.
    const own = await post(
      "/api/Notice/notices",
      { Title: "Our own", about: "" },
      { cookie, origin: t.config.publicUrl },
    );
    expect(own.status).toBe(201);
  });

  it("answers a listed origin's preflight, and no other's", async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/api/Notice/notices`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
    for (const origin of [appOrigin, otherApp]) {
      const allowed = await preflight(origin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(origin);
      expect(allowed.headers.get("vary")).toMatch(/\bOrigin\b/);
      const methods = allowed.headers.get("access-control-allow-methods") ?? "";
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) expect(methods).toContain(method);
      expect(allowed.headers.get("access-control-allow-headers")).toMatch(/Authorization/i);
      expect(allowed.headers.get("access-control-allow-headers")).toMatch(/Content-Type/i);
      // Cookies do not cross: a browser app works with its bearer token.
      expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const refused = await preflight(stranger);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets a browser app on a listed origin sign in and read the headers it needs", async () => {
    // As a browser sends it from https://app.school.example: Origin and fetch metadata, no cookie.
    const browser = { origin: appOrigin, "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" };
    const signIn = await post("/api/auth/sign-in/email", admin, browser);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("access-control-allow-origin")).toBe(appOrigin);
    const exposed = (signIn.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    for (const name of ["x-total-count", "etag", "location", "retry-after", "set-auth-token"]) {
      expect(exposed).toContain(name);
    }
    const bearer = { ...browser, authorization: `Bearer ${signIn.headers.get("set-auth-token")}` };

    const created = await post("/api/Notice/notices", { Title: "From the app", about: "" }, bearer);
    expect(created.status).toBe(201);
    expect(created.headers.get("access-control-allow-origin")).toBe(appOrigin);
    expect(created.headers.get("access-control-expose-headers")).toMatch(/\bLocation\b/);

    const list = await fetch(`${base}/api/Notice/notices?limit=1`, { headers: bearer });
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBe(appOrigin);
    expect(list.headers.get("vary")).toMatch(/\bOrigin\b/);
    expect(list.headers.get("x-total-count")).toBeTruthy();

    // A refusal is readable by the app too.
    const refused = await fetch(`${base}/api/User/users`, { headers: browser });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(appOrigin);
  });

  it("gives a page on an unlisted origin nothing to read", async () => {
    const list = await fetch(`${base}/api/Notice/notices?limit=1`, { headers: { origin: stranger } });
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBeNull();
    expect(list.headers.get("access-control-expose-headers")).toBeNull();
    expect(list.headers.get("vary")).toMatch(/\bOrigin\b/);
  });
});

describe("TRUSTED_ORIGINS", () => {
  const base = { DATA_DIR: "/tmp/maktab-trusted-origins", BETTER_AUTH_SECRET: "x".repeat(32) };

  it("is off by default and takes a comma-separated list of origins", () => {
    expect(loadConfig(base).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ ...base, TRUSTED_ORIGINS: " https://app.school.example/ ,http://localhost:5173" })
        .trustedOrigins,
    ).toEqual(["https://app.school.example", "http://localhost:5173"]);
  });

  it("stops the start with a message naming the variable and the bad entry", () => {
    for (const bad of [
      "app.school.example",
      "https://app.school.example/login",
      "ftp://files.example",
      "*",
    ]) {
      let error: unknown;
      try {
        loadConfig({ ...base, TRUSTED_ORIGINS: `https://ok.example,${bad}` });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain("TRUSTED_ORIGINS");
      expect((error as ConfigError).message).toContain(bad);
    }
  });
});
