// Security headers on every response. Scripts run only from our origin or with this request's
// nonce (and from Stripe when card payments go to Stripe); nothing may frame the site.
import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http-env";

export type SecurityHeaderOptions = {
  development: boolean;
  https: boolean;
  /** Stripe Elements is in use: allow its script, its frames and its API. */
  stripe?: boolean;
};

export function contentSecurityPolicy(
  nonce: string,
  options: Pick<SecurityHeaderOptions, "development" | "stripe">,
): string {
  const stripe = options.stripe === true;
  const connect = ["'self'", ...(options.development ? ["ws:", "wss:"] : [])];
  const directives: Record<string, string> = {
    "default-src": "'self'",
    "script-src": `'self' 'nonce-${nonce}'${stripe ? " https://js.stripe.com" : ""}`,
    // Mantine sets style attributes; styles cannot run code, scripts are what the nonce guards.
    "style-src": "'self' 'unsafe-inline'",
    // Content may link images from other sites (the specification's image links).
    "img-src": "'self' data: blob: https: http:",
    "font-src": "'self' data:",
    "connect-src": [...connect, ...(stripe ? ["https://api.stripe.com"] : [])].join(" "),
    // Stripe's card fields and 3-D Secure pages live in frames of Stripe's own.
    ...(stripe ? { "frame-src": "https://js.stripe.com https://hooks.stripe.com" } : {}),
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'self'",
    "object-src": "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

export const securityHeaders = (options: SecurityHeaderOptions) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    c.header("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    c.header("X-Content-Type-Options", "nosniff");
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
