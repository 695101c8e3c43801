// Cross-origin calls to /api from browser apps on the origins of TRUSTED_ORIGINS (none unless
// set): a preflight is answered here; an answer to a listed origin names it and exposes the
// headers a client needs (the total of a list, validators, where a new record is, when to try
// again, the bearer token of a sign-in). Cookies do not cross: no Allow-Credentials, so an app
// signs in and then sends `Authorization: Bearer`, and a state change riding a cookie still has
// to come from our own pages (same-origin.ts).

import { createMiddleware } from "hono/factory";
import { problem } from "../../common/errors/problem";
import { errorBody } from "../api/errors";
import type { AppEnv } from "../http-env";
import { setAnswerHeaders } from "./response-headers";

const allowMethods = "GET, HEAD, POST, PUT, PATCH, DELETE";
const allowHeaders = "Authorization, Content-Type, If-None-Match, Accept-Language";
const exposeHeaders = "X-Total-Count, ETag, Location, Retry-After, set-auth-token, X-Request-Id";

const withOrigin = (vary: string | null) =>
  vary && /(^|,)\s*origin\s*(,|$)/i.test(vary) ? vary : vary ? `${vary}, Origin` : "Origin";

export const crossOriginApi = (trustedOrigins: readonly string[]) => {
  const listed = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = origin !== undefined && listed.has(origin);
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      if (!allowed) {
        return c.json(errorBody("origin_not_allowed", problem("request.originNotAllowed")), 403, {
          Vary: "Origin",
        });
      }
      return new Response(null, {
        status: 204,
        headers: {
          "Access-Control-Allow-Origin": origin,
          "Access-Control-Allow-Methods": allowMethods,
          "Access-Control-Allow-Headers": allowHeaders,
          "Access-Control-Max-Age": "600",
          Vary: "Origin",
        },
      });
    }
    await next();
    // Without a list nothing depends on the Origin; with one, every answer does.
    if (listed.size === 0) return;
    const headers: [string, string][] = [["Vary", withOrigin(c.res.headers.get("vary"))]];
    if (allowed) {
      headers.push(["Access-Control-Allow-Origin", origin], ["Access-Control-Expose-Headers", exposeHeaders]);
    }
    setAnswerHeaders(c, headers);
  });
};
