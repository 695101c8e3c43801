// Every Better Auth call takes a JSON object. Some of its plugins' hooks look into the body
// before it is validated ("phoneNumber" in body), so a body of `null` or a list made them throw
// and the client got a 500 (found by the abuse suite's fuzzing); such a body is refused here.
import type { MiddlewareHandler } from "hono";

export function jsonObjectBody(): MiddlewareHandler {
  return async (c, next) => {
    if (
      c.req.method !== "POST" ||
      !/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header("content-type") ?? "")
    )
      return next();
    const text = await c.req.raw.clone().text();
    let body: unknown = {};
    try {
      if (text.trim() !== "") body = JSON.parse(text);
    } catch {
      // Not JSON at all: Better Auth answers that itself.
      return next();
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return c.json({ error: { code: "invalid_body", message: "The body must be a JSON object" } }, 400);
    }
    return next();
  };
}
