// The page cache in the request path: serve a kept copy (HIT) or keep the fresh answer (MISS),
// and start a new content generation after every change. The rules of what may be cached are in
// server/cache/page-cache.ts.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import {
  type CachedResponse,
  type Encoding,
  encodingFor,
  isCompressible,
  keepAnswer,
} from "../cache/cached-response";
import type { ContentReads } from "../cache/content-reads";
import { cacheKeyOf, isCacheableAnswer, type PageCache, viewKeyOf } from "../cache/page-cache";
import type { Actor } from "../domain/actor";
import type { AppEnv } from "../http-env";
import { type DeclaredQuery, undeclared } from "../tracking-parameters";
import { etagMatches, keptOn304 } from "./api-caching";

const changingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Better Auth's calls after which kept copies or remembered sessions are out of date: a user's
 * new name or photo (shown on their comments and blogs), and sessions ended (a remembered
 * session is used only within its generation, server/cache/actor-cache.ts). A sign-in, a
 * sign-up or a reset mail changes neither.
 */
const authChanges = new Set([
  "/api/auth/update-user",
  "/api/auth/delete-user",
  "/api/auth/sign-out",
  "/api/auth/change-password",
  "/api/auth/revoke-session",
  "/api/auth/revoke-sessions",
  "/api/auth/revoke-other-sessions",
  "/api/auth/reset-password",
]);

/**
 * Page forms and REST calls that change only the caller's own things (a session, the language,
 * a cart or an order, a message to the office, a subscription, a phone or a password), never
 * what a public page shows.
 */
const ownThingsOnly =
  /^\/(login|register|logout|language|forgot-password|reset-password|contact|subscribe|allorder|payment-getway|auth\/|profile-route\/(phone|password)|api\/(contact|subscribe|order|payments|inbox))(?=[/.]|$)/i;

/**
 * Whether a request's answer means that stored public content (or a session) changed. Only a
 * successful change by a signed-in user counts: visitors who are not signed in cannot change
 * public content (a contact message, a subscription, a sign-out without a session, a reset
 * mail), and must not be able to empty the cache at will; nor may anyone with a call that only
 * reads (Endpoint.readOnly) or that changes only their own things. The one exception is a
 * password reset, made without a session: it proves itself with the mailed token, once, and
 * ends the account's sessions.
 */
export function startsNewGeneration(request: {
  method: string;
  path: string;
  status: number;
  signedIn: boolean;
  changesNothing: boolean;
}): boolean {
  if (!changingMethods.has(request.method) || request.status >= 400 || request.changesNothing) return false;
  const path = request.path.toLowerCase();
  if (path.startsWith("/api/auth/")) {
    return authChanges.has(path) && (request.signedIn || path === "/api/auth/reset-password");
  }
  return request.signedIn && !ownThingsOnly.test(path);
}

/**
 * A change starts a new generation before its answer leaves (the next request, on any process,
 * sees the change).
 */
export const invalidateOnChange = (cache: PageCache) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const changed = startsNewGeneration({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      signedIn: c.get("actor")?.kind === "user",
      changesNothing: c.get("changesNothing") === true,
    });
    if (changed) await cache.invalidate();
  });

/**
 * The content reads of a GET or HEAD in a known generation. A change's answer may show what it
 * just changed, so it reads afresh.
 */
export function contentReadsOf(c: Context<AppEnv>, cache: PageCache): ContentReads | undefined {
  const generation = c.get("contentGeneration");
  const reading = c.req.method === "GET" || c.req.method === "HEAD";
  return reading && generation ? cache.readsFor(generation) : undefined;
}

/**
 * Pages and answers made afresh per page-cache key (renders started: misses, and stale copies
 * renewed), for the bench (BENCH_COUNTERS): after a change under load, one render per page, not
 * one per request. Keys are what clients ask for, so only so many are counted.
 */
export function createRenderCounts(maxKeys = 10_000) {
  const counts = new Map<string, number>();
  return {
    started(key: string) {
      const count = counts.get(key);
      if (count === undefined && counts.size >= maxKeys) return;
      counts.set(key, (count ?? 0) + 1);
    },
    /** Each key's count so far. */
    snapshot: (): Record<string, number> => Object.fromEntries(counts),
  };
}

export type RenderCounts = ReturnType<typeof createRenderCounts>;

/**
 * Serves cached responses. `sharedViewOf` names the view of a REST read for an actor (the API
 * router's Endpoint.sharedView), so that signed-in callers of one view share answers too.
 * `renders` counts the answers made afresh (BENCH_COUNTERS). `declared` names the query
 * parameters each page reads: the others are not part of its key.
 */
export const servePageCache = (
  cache: PageCache,
  sharedViewOf: (pathname: string, actor: Actor) => string | null = () => null,
  renders?: RenderCounts,
  declared: DeclaredQuery = undeclared,
) => {
  // Pages being rendered for the cache: when many visitors ask for the same page after a change,
  // one renders it and the others wait for that copy (or get the old one, if only the time
  // limit passed).
  const rendering = new Map<string, Promise<void>>();

  return createMiddleware<AppEnv>(async (c, next) => {
    const key =
      cacheKeyOf(c.req.raw, declared) ??
      viewKeyOf(c.req.raw, (pathname) => sharedViewOf(pathname, c.get("actor")));
    // A signed-in request's generation was read already, to look its session up.
    const known = c.get("contentGeneration");
    const generation = key === null ? null : known !== undefined ? known : await cache.generation();
    if (key === null || generation === null) return next();
    c.set("contentGeneration", generation);

    // A kept copy is the same bytes for everyone: sent as stored, compressed once, and 304 when
    // the browser holds it already. Its inline scripts are allowed by hash, not by a nonce.
    const serve = (kept: CachedResponse) => {
      c.set("scriptHashes", kept.scriptHashes);
      return responseFromCache(c.req.raw, kept, [["X-Cache", "HIT"]], (encoding) =>
        cache.encodedBody(key, kept, encoding),
      );
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
    renders?.started(key);
    try {
      await next();
    } catch (error) {
      rendered();
      throw error;
    }
    const response = c.res;
    // The database does not answer (503 with Retry-After): the copy past its time limit is still
    // the latest there is, since no change could be made meanwhile.
    if (kept && response.status === 503 && response.headers.has("retry-after")) {
      rendered();
      // Unset first: Hono would otherwise carry the 503's headers over to the kept copy.
      c.res = undefined;
      c.res = serve(kept);
      return;
    }
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
 * A cached response as sent to this request: 304 when the browser has it, otherwise its bytes in the
 * best encoding the browser accepts, with their length: among its copies, or made by `bodyIn`.
 */
export function responseFromCache(
  request: Request,
  kept: CachedResponse,
  extra: [string, string][] = [],
  bodyIn?: (encoding: Encoding) => Buffer,
): Response {
  const headers = new Headers(kept.headers);
  for (const [name, value] of extra) headers.set(name, value);
  headers.set("ETag", kept.etag);
  if (bodyIn ? isCompressible(kept) : kept.bodies.br || kept.bodies.gzip)
    headers.append("Vary", "Accept-Encoding");
  // The 304 stands for the 200 below: the same validators and caching headers.
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, kept.etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  const encoding = encodingFor(
    request.headers.get("accept-encoding") ?? undefined,
    kept,
    bodyIn !== undefined,
  );
  const body = bodyIn ? bodyIn(encoding) : (kept.bodies[encoding] ?? kept.bodies.identity);
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
