import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/http-env";
import { securityHeaders } from "../../server/middleware/security-headers";

function app() {
  const hono = new Hono<AppEnv>();
  hono.use(securityHeaders({ development: false, https: true }));
  hono.get("/", (c) => c.text(c.get("nonce")));
  hono.get("/fetched", async () => {
    // An answer with frozen headers, as fetch gives them.
    const frozen = Response.error();
    Object.defineProperty(frozen, "status", { value: 200 });
    return frozen;
  });
  return hono;
}

describe("security headers", () => {
  it("gives every answer its own 128-bit nonce, named in its policy", async () => {
    const hono = app();
    const nonces = new Set<string>();
    // More than one draw from the random pool (256 nonces each).
    for (let i = 0; i < 600; i++) {
      const response = await hono.request("/");
      const nonce = await response.text();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });

  it("sets every header, on an answer whose headers are frozen too", async () => {
    for (const path of ["/", "/fetched"]) {
      const response = await app().request(path);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    }
  });
});
