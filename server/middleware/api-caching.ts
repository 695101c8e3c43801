// HTTP caching for the REST answers: an ETag from the body, so a client that sends it back in
// If-None-Match gets 304 and no body when nothing changed; and Cache-Control saying who may keep
// the answer (anyone's copy for visitors; none at all for signed-in answers, which differ by who
// asks). Every copy is revalidated: lists change whenever content does.
import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http-env";
import { privateCacheControl } from "./private-answers";

/** A weak validator of a body (weak: a compressed copy carries the same one). */
export const weakEtag = (body: string | ArrayBuffer | Uint8Array) =>
  `W/"${createHash("sha1")
    .update(typeof body === "string" || body instanceof Uint8Array ? body : new Uint8Array(body))
    .digest("base64url")}"`;

/** Whether If-None-Match names this ETag (weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** What a 304 keeps of the 200 it stands for (RFC 9110, section 15.4.5). */
export const keptOn304 = ["cache-control", "etag", "vary", "x-total-count"];

export const apiCaching = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    // A cached response's 304 (server/middleware/page-cache.ts) gets the headers its 200 gets.
    if (c.res.status !== 200 && c.res.status !== 304) return;
    const signedIn = c.get("actor")?.kind === "user" || Boolean(c.req.header("authorization"));
    // An answer that says it is one person's (a marksheet) stays so for everyone.
    const own = /private|no-store/i.test(c.res.headers.get("Cache-Control") ?? "");
    if (!own) c.res.headers.set("Cache-Control", signedIn ? privateCacheControl : "public, no-cache");
    // Answers are sent compressed as the client accepts (kept ones as stored, others by compress()),
    // so a 304, which compress() does not see, names Accept-Encoding as its 200 does.
    const vary = new Set([
      "Cookie",
      "Authorization",
      "Accept-Encoding",
      ...(c.res.headers.get("Vary")?.split(/,\s*/) ?? []),
    ]);
    c.res.headers.set("Vary", [...vary].filter(Boolean).join(", "));
    if (c.res.status === 304) return;
    // Cached responses (server/middleware/page-cache.ts) carry theirs already.
    let etag = c.res.headers.get("etag");
    if (!etag) {
      // A client may not keep an answer that says it is one person's (no-store), so it never
      // sends a validator back.
      if (c.req.method === "HEAD" || own) return;
      etag = weakEtag(await c.res.clone().arrayBuffer());
      c.res.headers.set("ETag", etag);
    }
    if (!etagMatches(c.req.header("if-none-match"), etag)) return;
    await c.res.body?.cancel();
    c.res = new Response(null, { status: 304 });
    // Hono copies the 200's headers onto a new answer: keep only those a 304 repeats.
    for (const name of [...c.res.headers.keys()]) {
      if (!keptOn304.includes(name)) c.res.headers.delete(name);
    }
  });
