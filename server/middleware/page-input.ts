// The pages' door: their addresses (path and query) and their forms' text fields hold no control
// characters (NUL made PostgreSQL fail: `/blogs?q=%00` was a 500). Each form's own schema says
// what else it takes; this is the one check every page and action gets before its loader or
// action runs, so a refused request reaches no database and uses up no rate-limit slot.
// Tab and line breaks stay allowed in form fields (a textarea sends CR LF).
import type { MiddlewareHandler } from "hono";
import { hasControlCharacter } from "../../common/schemas/fields";

const refused = "The request holds a control character";

function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

export function pageInput(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = decodedPath(url.pathname);
    if (path === undefined) return c.text("The address is not correctly encoded", 400);
    const query = [...url.searchParams].flat();
    if (hasControlCharacter(path) || query.some((text) => hasControlCharacter(text)))
      return c.text(refused, 400);
    const type = c.req.header("content-type") ?? "";
    if (c.req.method === "POST" && /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
      let form: FormData;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        // Not readable: the action answers that itself.
        return next();
      }
      for (const [name, value] of form) {
        if (hasControlCharacter(name) || (typeof value === "string" && hasControlCharacter(value, "many")))
          return c.text(refused, 400);
      }
    }
    return next();
  };
}
