// A rendered answer turned into the fixed bytes the page cache keeps and sends again: the same
// bytes for every visitor, compressed once, with a validator. A page loses its per-request nonce;
// the inline scripts that carried it are allowed by their hashes instead
// (server/middleware/security-headers.ts puts them in the Content-Security-Policy), so no secret
// is shared between visitors and a script that had no nonce stays blocked in the kept copy too.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { weakEtag } from "../middleware/api-caching";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = "br" | "gzip" | "identity";

export type CachedResponse = {
  status: number;
  headers: [string, string][];
  /** CSP sources ('sha256-…') of the page's inline scripts. */
  scriptHashes: string[];
  etag: string;
  bodies: { identity: Buffer } & Partial<Record<Exclude<Encoding, "identity">, Buffer>>;
};

/** Below this a compressed copy saves less than its own headers cost. */
const compressFrom = 1024;

/**
 * Makes the kept form of a complete answer. In HTML, every inline script that carries the nonce
 * is hashed and the nonce attributes are removed; the answer is refused (null) if the nonce shows
 * up anywhere else, since a copy that still held it could not be sent to another visitor.
 */
export async function keepAnswer(answer: {
  status: number;
  headers: [string, string][];
  text: string;
  nonce: string;
  isHtml: boolean;
}): Promise<CachedResponse | null> {
  let text = answer.text;
  let scriptHashes: string[] = [];
  if (answer.isHtml) {
    const nonceAttribute = ` nonce="${answer.nonce}"`;
    scriptHashes = inlineScriptHashes(text, nonceAttribute);
    text = text.replaceAll(nonceAttribute, "");
    if (text.includes(answer.nonce)) return null;
  }
  // Kept as it is: compressed copies are made when a visitor asks for one (the page cache's
  // encodedBody): most
  // pages kept after a miss are never asked again.
  const bodies: CachedResponse["bodies"] = { identity: Buffer.from(text) };
  return { status: answer.status, headers: answer.headers, scriptHashes, etag: weakEtag(text), bodies };
}

/** Whether a kept answer is sent compressed (to a client that accepts it). */
export const isCompressible = (answer: CachedResponse) => answer.bodies.identity.length >= compressFrom;

/**
 * A compressed copy made in a visitor's wait, on the main thread: a fast level (brotli 4, gzip 6
 * take a millisecond or two for a page; brotli's best costs some fifty times brotli 4's CPU for a
 * few per cent fewer bytes, issue 42). Pages asked again get the smallest copies later
 * (bestBodies).
 */
export function fastBody(identity: Buffer, encoding: Exclude<Encoding, "identity">): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.gzipSync(identity, { level: 6 });
}

/**
 * The smallest copies of a kept answer, for a page asked again (the page cache makes them after
 * it has answered, server/cache/page-cache.ts): each no larger than the one it replaces.
 */
export async function bestBodies(bodies: CachedResponse["bodies"]): Promise<CachedResponse["bodies"]> {
  const { identity } = bodies;
  if (identity.length < compressFrom) return bodies;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const smaller = (made: Buffer, had: Buffer | undefined) => (had && had.length < made.length ? had : made);
  return { identity, br: smaller(br, bodies.br), gzip: smaller(gz, bodies.gzip) };
}

/**
 * The 'sha256-…' source, as CSP computes it, of each inline <script> (without src) whose
 * attributes hold `nonceAttribute`: only what the server itself allowed for this render.
 */
export function inlineScriptHashes(html: string, nonceAttribute: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", source = ""] = match;
    if (!attributes.includes(nonceAttribute) || /\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(source).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The best encoding of a kept answer the client accepts (br, then gzip), per its Accept-Encoding:
 * among its copies, or (`canMake`: a copy is made when missing) any for a page large enough.
 */
export const encodingFor = (
  acceptEncoding: string | undefined,
  answer: CachedResponse,
  canMake = false,
): Encoding =>
  bestEncoding(
    acceptEncoding,
    canMake
      ? isCompressible(answer)
        ? ["br", "gzip"]
        : []
      : (["br", "gzip"] as const).filter((encoding) => answer.bodies[encoding]),
  );

/** The first of `offered` the client accepts, per its Accept-Encoding (q-values too); else identity. */
export function bestEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ("br" | "gzip")[],
): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  return offered.find((encoding) => quality(encoding) > 0) ?? "identity";
}

/** Bytes held by a cached response (its bodies; headers are small). */
export const cachedResponseBytes = (answer: CachedResponse) =>
  answer.bodies.identity.length + (answer.bodies.br?.length ?? 0) + (answer.bodies.gzip?.length ?? 0) + 512;
