// The page cache in the request path: serve a kept copy (HIT) or keep the fresh answer (MISS),
// and start a new content generation after every change. The rules of what may be cached are in
// server/cache/page-cache.ts.
import { createMiddleware } from "hono/factory";
import { encodingFor, type KeptAnswer, keepAnswer } from "../cache/kept-answer";
import { cacheKeyOf, isCacheableAnswer, type PageCache, viewKeyOf } from "../cache/page-cache";
import type { Actor } from "../domain/actor";
import type { AppEnv } from "../http-env";
import { etagMatches, keptOn304 } from "./api-caching";

const changingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every successful state-changing request may have changed a public page, so it starts a new
 * generation before its answer leaves (the next request, on any process, sees the change).
 * Visitors who are not signed in cannot change public content (a contact message, a
 * subscription), and they must not be able to empty the cache at will; nor may anyone with a
 * call that only reads (Endpoint.readOnly).
 */
export const invalidateOnChange = (cache: PageCache) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!changingMethods.has(c.req.method) || c.res.status >= 400) return;
    if (c.get("actor")?.kind === "anonymous" || c.get("changesNothing")) return;
    await cache.invalidate();
  });

/**
 * Serves kept answers. `sharedViewOf` names the view of a REST read for an actor (the API
 * router's Endpoint.sharedView), so that signed-in callers of one view share answers too.
 */
export const servePageCache = (
  cache: PageCache,
  sharedViewOf: (pathname: string, actor: Actor) => string | null = () => null,
) => {
  // Pages being rendered for the cache: when many visitors ask for the same page after a change,
  // one renders it and the others wait for that copy (or get the old one, if only the time
  // limit passed).
  const rendering = new Map<string, Promise<void>>();

  return createMiddleware<AppEnv>(async (c, next) => {
    const key =
      cacheKeyOf(c.req.raw) ?? viewKeyOf(c.req.raw, (pathname) => sharedViewOf(pathname, c.get("actor")));
    // A signed-in request's generation was read already, to look its session up.
    const known = c.get("contentGeneration");
    const generation = key === null ? null : known !== undefined ? known : await cache.generation();
    if (key === null || generation === null) return next();
    c.set("contentGeneration", generation);

    // A kept copy is the same bytes for everyone: sent as stored, compressed once, and 304 when
    // the browser holds it already. Its inline scripts are allowed by hash, not by a nonce.
    const serve = (kept: KeptAnswer) => {
      c.set("scriptHashes", kept.scriptHashes);
      return keptResponse(c.req.raw, kept, [["X-Cache", "HIT"]]);
    };
    const slot = `${generation} ${key}`;
    const kept = cache.get(key, generation);
    if (kept && (!kept.stale || rendering.has(slot))) return serve(kept);
    if (rendering.has(slot)) {
      await rendering.get(slot);
      const fresh = cache.get(key, generation);
      if (fresh) return serve(fresh);
    }

    let rendered = () => {};
    if (c.req.method === "GET" && !rendering.has(slot)) {
      rendering.set(
        slot,
        new Promise<void>((resolve) => {
          rendered = () => {
            rendering.delete(slot);
            resolve();
          };
        }),
      );
    }
    try {
      await next();
    } catch (error) {
      rendered();
      throw error;
    }
    const response = c.res;
    const keep = c.req.method === "GET" && isCacheableAnswer(response);
    pageCacheHeaders(response.headers);
    response.headers.set("X-Cache", "MISS");
    if (!keep || !response.body) return rendered();
    // The visitor gets the stream as it renders; the copy is kept once it is complete.
    const [toVisitor, toCache] = response.body.tee();
    const headers = [...response.headers].filter(
      ([name]) => !["x-cache", "content-length", "etag", "content-encoding"].includes(name),
    );
    const isHtml = /^text\/html/i.test(response.headers.get("content-type") ?? "");
    const nonce = c.get("nonce");
    void new Response(toCache)
      .text()
      .then((text) => {
        // A part of the page failed to render on the server (React's client-render marker).
        if (isHtml && text.includes("$RX")) return;
        return keepAnswer({ status: response.status, headers, text, nonce, isHtml });
      })
      .then((kept) => {
        if (kept) cache.set(key, generation, kept);
      })
      .catch(() => {
        // The render failed or the visitor went away: nothing to keep.
      })
      .finally(rendered);
    c.res = new Response(toVisitor, response);
  });
};

/**
 * A kept answer as sent to this request: 304 when the browser has it, otherwise its bytes in the
 * best encoding the browser accepts, with their length.
 */
export function keptResponse(request: Request, kept: KeptAnswer, extra: [string, string][] = []): Response {
  const headers = new Headers(kept.headers);
  for (const [name, value] of extra) headers.set(name, value);
  headers.set("ETag", kept.etag);
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, kept.etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  const encoding = encodingFor(request.headers.get("accept-encoding") ?? undefined, kept);
  const body = kept.bodies[encoding] ?? kept.bodies.identity;
  if (kept.bodies.br || kept.bodies.gzip) headers.append("Vary", "Accept-Encoding");
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  // A view of the kept bytes, not a copy: the body is only read.
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(request.method === "HEAD" ? null : bytes, { status: kept.status, headers });
}

/** What a 304 repeats of the answer it stands for, as for the REST answers, and X-Cache. */
function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of [...keptOn304, "x-cache"]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

/**
 * Pages are personal to the language and the session, so only the browser keeps them, and asks
 * again each time (a kept copy then answers 304).
 */
function pageCacheHeaders(headers: Headers) {
  if (!/^text\/(html|x-script)/i.test(headers.get("content-type") ?? "")) return;
  if (!headers.has("cache-control")) headers.set("Cache-Control", "private, no-cache");
  if (!headers.has("vary")) headers.set("Vary", "Cookie, Accept-Language");
}
