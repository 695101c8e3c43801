// The guard in front of Better Auth's handler: every call takes a JSON object (some of its
// plugins' hooks look into the body before it is validated, so `null` or a list made them throw
// and the client got a 500), with no control characters in its strings or in the query (NUL made
// PostgreSQL fail), links to go to afterwards in ASCII (other characters made the redirect fail
// after a session was made) and no field the call does not know. A refusal here
// comes before Better Auth's rate limits, so it uses up no slot, and stores nothing.

import type { MiddlewareHandler } from "hono";
import { englishFields } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";
import { controlCharacterFields } from "../../common/schemas/fields";
import { errorBody } from "../api/errors";

/** The fields each call's body may hold, by path under /api/auth; null: not checked here. */
export type KnownBodyFields = (path: string) => ReadonlySet<string> | null;

type Fields = Record<string, Problem>;

/** Fields that Better Auth answers with a redirect (Location header) to: callbackURL, redirectTo... */
const linkField = /callback|redirect/i;

/** A Location header holds bytes only: a character beyond them made Better Auth fail with a 500 after signing in. */
const isHeaderSafe = (value: unknown) => typeof value !== "string" || /^[\x20-\x7e]*$/.test(value);

export function jsonObjectBody(knownFields: KnownBodyFields = () => null): MiddlewareHandler {
  return async (c, next) => {
    const refuse = (where: string, fields: Fields) => {
      const list = Object.entries(englishFields(fields)).map(([field, message]) => `${field}: ${message}`);
      const found = problem("request.invalidPart", { where });
      return c.json(errorBody("invalid", found, fields, `Invalid ${where}: ${list.join("; ")}`), 400);
    };
    const inQuery = controlCharacterFields(
      Object.fromEntries(new URL(c.req.url).searchParams),
      "one",
      "query",
    );
    if (Object.keys(inQuery).length > 0) return refuse("query", inQuery);
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
      return c.json(errorBody("invalid_body", problem("request.jsonObject")), 400);
    }
    const known = knownFields(c.req.path.replace(/^\/api\/auth/i, ""));
    if (known) {
      const unknown = Object.keys(body).filter((name) => !known.has(name));
      if (unknown.length > 0)
        return refuse(
          "body",
          Object.fromEntries(unknown.map((name) => [name, problem("request.unknownField")])),
        );
    }
    const inBody = controlCharacterFields(body);
    if (Object.keys(inBody).length > 0) return refuse("body", inBody);
    const badLinks = Object.entries(body).filter(
      ([name, value]) => linkField.test(name) && !isHeaderSafe(value),
    );
    if (badLinks.length > 0)
      return refuse(
        "body",
        Object.fromEntries(badLinks.map(([name]) => [name, problem("request.asciiLink", { name })])),
      );
    return next();
  };
}
