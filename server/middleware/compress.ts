// Answers compressed as the client accepts. A JSON answer is whole before it leaves, so it is
// compressed in one go (brotli at a fast quality, or gzip): a compression stream per answer cost
// more than the answer itself (results day: 1,600 lookups a second with one, 4,600 without).
// A page that streams as it renders goes through a compression stream (compress-stream.ts); a
// page sent whole is compressed in one go, off the main thread.
// Cached responses (the page cache) come compressed already.

import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { encodedJsonOf } from "../api/answer-bytes";
import { bestEncoding } from "../cache/cached-response";
import type { AppEnv } from "../http-env";
import { compressStream, pageBrotliQuality, pageGzipLevel } from "./compress-stream";

/** Below this many bytes compression saves less than it costs (Hono's threshold too). */
const threshold = 1024;

const fastBrotli = (body: Uint8Array) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/** Types worth compressing: text, JSON, XML, JavaScript, SVG (not images, PDFs, archives). */
const compressible =
  /^\s*(text\/(?!event-stream)|application\/(json|xml|javascript|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

export const compressAnswers = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const response = c.res;
    const headers = response.headers;
    // (An answer's body is read last: the server's light answers become whole Response objects,
    // at a cost, once it is.)
    if (
      !compressible.test(headers.get("content-type") ?? "") ||
      [204, 206, 304].includes(response.status) ||
      c.req.method === "HEAD" ||
      headers.has("content-encoding") ||
      /no-transform/i.test(headers.get("cache-control") ?? "")
    )
      return;
    const encoding = bestEncoding(c.req.header("accept-encoding"), ["br", "gzip"]);
    if (!/^application\/json\b/i.test(headers.get("content-type") ?? "")) {
      return await nonJson(c, response, encoding);
    }
    if (encoding === "identity") return;
    const made = c.get("jsonAnswer");
    const ours = made?.response === response ? made : undefined;
    const answerHeaders = new Headers(headers);
    if (!/accept-encoding/i.test(answerHeaders.get("vary") ?? ""))
      answerHeaders.append("Vary", "Accept-Encoding");
    const encode = encoding === "br" ? fastBrotli : (bytes: Uint8Array) => gzipSync(bytes);
    let encoded: Uint8Array;
    if (ours) {
      // Measured, not copied: a shared answer's compressed bytes are kept (answer-bytes.ts).
      if (Buffer.byteLength(ours.text) < threshold)
        return replace(c, Buffer.from(ours.text), response.status, answerHeaders);
      encoded = encodedJsonOf(ours.body, ours.text, encoding, encode);
    } else {
      const body = new Uint8Array(await response.arrayBuffer());
      if (body.length < threshold) return replace(c, body, response.status, answerHeaders);
      encoded = encode(body);
    }
    answerHeaders.set("Content-Encoding", encoding);
    answerHeaders.set("Content-Length", String(encoded.length));
    replace(c, encoded, response.status, answerHeaders);
  });

const brotliOnPool = promisify(brotliCompress);
const gzipOnPool = promisify(gzip);

/** A page, or any answer but JSON: compressed as it streams, or in one go when it is whole. */
function nonJson(c: Context<AppEnv>, response: Response, encoding: ReturnType<typeof bestEncoding>) {
  const small = Number(response.headers.get("content-length") ?? threshold) < threshold;
  const headers = new Headers(response.headers);
  if (!/accept-encoding/i.test(headers.get("vary") ?? "") && headers.get("vary") !== "*") {
    headers.append("Vary", "Accept-Encoding");
  }
  if (encoding === "identity" || small || !response.body) {
    c.res = undefined;
    c.res = new Response(response.body, { status: response.status, headers });
    return;
  }
  headers.set("Content-Encoding", encoding);
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  if (headers.has("Content-Length")) return whole(c, response, encoding, headers);
  c.res = undefined;
  c.res = new Response(compressStream(response.body, encoding), { status: response.status, headers });
}

/**
 * An answer whose length is known is whole already (a page sent whole: app/entry.server.tsx):
 * compressed in one go on zlib's threads, at the quality of a page compressed as it streams, so
 * the main thread goes on with the next request meanwhile.
 */
async function whole(c: Context<AppEnv>, response: Response, encoding: "br" | "gzip", headers: Headers) {
  const body = new Uint8Array(await response.arrayBuffer());
  const encoded =
    encoding === "br"
      ? await brotliOnPool(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: pageBrotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipOnPool(body, { level: pageGzipLevel });
  headers.set("Content-Length", String(encoded.length));
  replace(c, encoded, response.status, headers);
}

/**
 * Puts a new answer in place of the old, whose headers it carries already. (Hono's `c.res = x`
 * would copy the old headers onto a copy of x, reading x's body to make the copy.)
 */
function replace(c: Context<AppEnv>, body: Uint8Array, status: number, headers: Headers) {
  c.res = undefined;
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  c.res = new Response(bytes, { status, headers });
}
