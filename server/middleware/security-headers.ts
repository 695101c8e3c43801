// Security headers on every response. Scripts run only from our origin or with this request's
// nonce, or by hash on a kept page (and from Stripe when card payments go to Stripe); nothing may frame the site.
import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { popupSignInPaths } from "../../common/popup-sign-in";
import type { AppEnv } from "../http-env";
import { setAnswerHeaders } from "./response-headers";

export type SecurityHeaderOptions = {
  development: boolean;
  https: boolean;
  /** Stripe Elements is in use: allow its script, its frames and its API. */
  stripe?: boolean;
};

/** Inline scripts run with this request's nonce, or, on a kept page, by their hashes. */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The policy for a server's options, as a function of a response's inline scripts. All but the
 * script sources is fixed, so it is written once: every answer, kept pages included, pays only
 * for joining three strings.
 */
export function contentSecurityPolicy(
  options: Pick<SecurityHeaderOptions, "development" | "stripe">,
): (inline: InlineScripts) => string {
  const stripe = options.stripe === true;
  const connect = ["'self'", ...(options.development ? ["ws:", "wss:"] : [])];
  const inlineMark = "\u0000inline\u0000";
  const directives: Record<string, string> = {
    "default-src": "'self'",
    "script-src": ["'self'", inlineMark, ...(stripe ? ["https://js.stripe.com"] : [])].join(" "),
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
  const [head = "", tail = ""] = Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ")
    .split(inlineMark);
  // A kept page's hashes are one array for all its views: its policy is made once.
  const byHashes = new WeakMap<string[], string>();
  return (inline) => {
    if ("nonce" in inline) return `${head}'nonce-${inline.nonce}'${tail}`;
    let policy = byHashes.get(inline.hashes);
    if (policy === undefined) {
      // With no inline script at all, no source is left in its place.
      policy = inline.hashes.length > 0 ? head + inline.hashes.join(" ") + tail : head.slice(0, -1) + tail;
      byHashes.set(inline.hashes, policy);
    }
    return policy;
  };
}

// 128 random bits per request, cut from a larger draw: one call into the system's random source
// per 256 requests instead of one each.
let randomPool = Buffer.alloc(0);
let poolOffset = 0;
function nextNonce(): string {
  if (poolOffset + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    poolOffset = 0;
  }
  poolOffset += 16;
  return randomPool.toString("base64", poolOffset - 16, poolOffset);
}

const isPopupSignInPath = (path: string) =>
  path.startsWith(popupSignInPaths.start) || path.startsWith("/api/auth/callback/");

export const securityHeaders = (options: SecurityHeaderOptions) => {
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ...(options.https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
  const policyFor = contentSecurityPolicy(options);
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = nextNonce();
    c.set("nonce", nonce);
    await next();
    const hashes = c.get("scriptHashes");
    setAnswerHeaders(c, [
      ["Content-Security-Policy", policyFor(hashes ? { hashes } : { nonce })],
      ...fixed,
      [
        "Cross-Origin-Opener-Policy",
        isPopupSignInPath(c.req.path) ? "unsafe-none" : "same-origin-allow-popups",
      ],
    ]);
  });
};
