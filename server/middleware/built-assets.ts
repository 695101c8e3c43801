// The build's own files (/assets/*, the favicon): their names change with their content, so each
// is read from disk once, with the .br and .gz copies the build wrote beside it, and then sent
// from memory like a kept page (server/middleware/page-cache.ts). The build's files come to about
// 1.3 MB with their copies. Uploads (/files/*) are many and large, and stay on disk.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createMiddleware } from "hono/factory";
import { getMimeType } from "hono/utils/mime";
import type { CachedResponse } from "../cache/cached-response";
import type { AppEnv } from "../http-env";
import { weakEtag } from "./api-caching";
import { responseFromCache } from "./page-cache";

const readIfThere = (file: string) => readFile(file).catch(() => undefined);

async function readAsset(file: string, cacheControl: string): Promise<CachedResponse | null> {
  const identity = await readIfThere(file);
  if (!identity) return null;
  const [br, gzip] = await Promise.all([readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
  return {
    status: 200,
    headers: [
      ["content-type", getMimeType(file) ?? "application/octet-stream"],
      ["cache-control", cacheControl],
    ],
    scriptHashes: [],
    etag: weakEtag(identity),
    bodies: { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
  };
}

/** Serves `root`'s files at the request's path; anything else goes on (to a 404). */
export function builtAssets(root: string, cacheControl: string) {
  const base = path.resolve(root);
  // Only files found are kept, so probing for missing names costs no memory.
  const kept = new Map<string, Promise<CachedResponse | null>>();

  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    // The address names the file as it is: no step up (even one that stays inside the folder).
    if (relative.split("/").includes("..") || relative.includes("\0")) return next();
    const file = path.join(base, relative);
    if (!file.startsWith(base + path.sep)) return next();

    let answer = kept.get(file);
    if (!answer) {
      answer = readAsset(file, cacheControl);
      kept.set(file, answer);
      if (!(await answer)) kept.delete(file);
    }
    const asset = await answer;
    return asset ? responseFromCache(c.req.raw, asset) : next();
  });
}
