// Cross-site request forgery guard, in front of every state change, Better Auth's included: a
// request that changes state with a cookie must come from our own pages. Browsers say where a
// request comes from in Sec-Fetch-Site or Origin (they send Origin with every POST, PUT, PATCH
// and DELETE); a request carrying neither is not from a browser and so cannot ride a visitor's
// cookie. Bearer-token calls carry no ambient credential and are left alone. Browser apps on
// the origins of TRUSTED_ORIGINS may call without a cookie (to sign in, then with their bearer
// token); their cookies are not accepted, since cookies do not cross origins here (cors.ts).

import { createMiddleware } from "hono/factory";
import { problem } from "../../common/errors/problem";
import { errorBody } from "../api/errors";
import type { AppEnv } from "../http-env";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSite(request: Request, ownOrigins: string[], appOrigins: string[] = []): boolean {
  if (safeMethods.has(request.method)) return false;
  const headers = request.headers;
  const hasCookie = Boolean(headers.get("cookie"));
  const hasBearer = /^bearer\s/i.test(headers.get("authorization") ?? "");
  if (hasBearer && !hasCookie) return false;
  const site = headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return false;
  const origin = headers.get("origin");
  if (origin) {
    if (ownOrigins.includes(origin) || origin === new URL(request.url).origin) return false;
    return !appOrigins.includes(origin) || hasCookie;
  }
  // No Origin: only a cross-site Sec-Fetch-Site marks the request as forged.
  return site === "cross-site" || site === "same-site";
}

export const sameOrigin = (publicUrl: string, appOrigins: string[] = []) => {
  const own = [new URL(publicUrl).origin];
  return createMiddleware<AppEnv>(async (c, next) => {
    if (isCrossSite(c.req.raw, own, appOrigins)) {
      return c.json(errorBody("cross_site_request", problem("request.crossSite")), 403);
    }
    await next();
  });
};
