// Cache-Control for what a static file handler found. serveStatic's onFound hook runs after the
// response is built (@hono/node-server 2.1), so a header set there never reaches the client;
// this sets it on the finished response instead.
import type { MiddlewareHandler } from "hono";

export function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 206) c.res.headers.set("Cache-Control", value);
  };
}
