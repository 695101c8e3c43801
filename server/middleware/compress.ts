// Answers compressed as the client accepts. A JSON answer is whole before it leaves, so it is
// compressed in one go (brotli at a fast quality, or gzip): a compression stream per answer cost
// more than the answer itself (results day: 1,600 lookups a second with one, 4,600 without).
// Pages stream as they render, so they keep a compression stream (Hono's compress). Kept answers
// (the page cache) come compressed already.

import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { compress } from "hono/compress";
import { createMiddleware } from "hono/factory";
import { bestEncoding } from "../cache/kept-answer";
import type { AppEnv } from "../http-env";

/** Below this many bytes compression saves less than it costs (Hono's threshold too). */
const threshold = 1024;

const fastBrotli = (body: Uint8Array) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

export const compressAnswers = () => {
  const streaming = compress();
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const response = c.res;
    // (An answer's body is read last: the server's light answers become whole Response objects,
    // at a cost, once it is.)
    const whole =
      /^application\/json\b/i.test(response.headers.get("content-type") ?? "") &&
      ![204, 206, 304].includes(response.status) &&
      c.req.method !== "HEAD" &&
      !response.headers.has("content-encoding") &&
      !/no-transform/i.test(response.headers.get("cache-control") ?? "");
    // Hono's compress acts once the answer is made: given a next() that does nothing, it wraps it.
    if (!whole) return streaming(c, async () => {});
    const encoding = bestEncoding(c.req.header("accept-encoding"), ["br", "gzip"]);
    if (encoding === "identity") return;
    const made = c.get("jsonAnswer");
    const body =
      made?.response === response ? Buffer.from(made.text) : new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    if (!/accept-encoding/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    if (body.length < threshold) return replace(c, body, response.status, headers);
    const encoded = encoding === "br" ? fastBrotli(body) : gzipSync(body);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(encoded.length));
    replace(c, encoded, response.status, headers);
  });
};

/**
 * Puts a new answer in place of the old, whose headers it carries already. (Hono's `c.res = x`
 * would copy the old headers onto a copy of x, reading x's body to make the copy.)
 */
function replace(c: Context<AppEnv>, body: Uint8Array, status: number, headers: Headers) {
  c.res = undefined;
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  c.res = new Response(bytes, { status, headers });
}
