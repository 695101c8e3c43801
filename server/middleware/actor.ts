// Finds out who is asking (session cookie or bearer token) once per request.
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth";
import { actorFromSession, anonymous } from "../domain/actor";
import type { AppEnv } from "../http-env";

export const resolveActor = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.raw.headers;
    // Most visitors are anonymous: skip the database when no credential was sent.
    if (!headers.get("cookie")?.includes("maktab.session_token") && !headers.get("authorization")) {
      c.set("actor", anonymous);
      return next();
    }
    const session = await auth.api.getSession({ headers });
    c.set("actor", actorFromSession(session?.user));
    await next();
  });
