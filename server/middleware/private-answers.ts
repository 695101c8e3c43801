// Answers that belong to one person are kept by no cache: not by a shared one in front of the
// app (a proxy, a CDN), nor by the browser of a school's shared computer. These are every
// signed-in view (pages, their `.data`, REST), everything under /api/auth, and any answer that
// sets a cookie. Registered ahead of the other middleware, it has the last word on the answer,
// a 304 included.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http-env";
import { setAnswerHeaders } from "./response-headers";

export const privateCacheControl = "private, no-store";

const authPath = /^\/api\/auth(\/|$)/i;

export const privateAnswers = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const personal =
      c.get("actor")?.kind === "user" || authPath.test(c.req.path) || c.res.headers.has("set-cookie");
    if (personal) setAnswerHeaders(c, [["Cache-Control", privateCacheControl]]);
  });
