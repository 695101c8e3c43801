// Each page says whose it is, for the service worker's offline copies (public/sw.js): X-Account is
// "none" for a visitor, or for a signed-in person a keyed hash of their account's id, which tells
// accounts apart and says nothing of them. The worker keeps a signed-in page's copy under that
// mark, and drops every such copy when a page arrives with another mark (a sign-out, another
// account), so a page kept for one account is never shown to another.
import { createHmac } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http-env";

export const accountMarkHeader = "X-Account";

export const accountMarkOf = (secret: string, accountId: string) =>
  createHmac("sha256", secret).update(`offline copies ${accountId}`).digest("base64url").slice(0, 22);

export const markAccount = (secret: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.req.method !== "GET" || !(c.res.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const actor = c.get("actor");
    const mark = actor?.kind === "user" ? accountMarkOf(secret, actor.id) : "none";
    try {
      c.res.headers.set(accountMarkHeader, mark);
    } catch {
      // An answer whose headers cannot change (a fetched one) is copied first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(accountMarkHeader, mark);
    }
  });
