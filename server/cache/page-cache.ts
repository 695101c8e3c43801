// The page cache: anonymous page views (and public API answers) kept in memory, each under the
// content generation it was made in. Any change to content starts a new generation, so an
// older copy is never served again. Several app processes share the generation, so each learns
// of a change made by another on its very next request: in Redis with REDIS_URL, otherwise in
// PostgreSQL (a sequence) when DATABASE_URL is set; the embedded database has one process.
// While PostgreSQL does not answer, the generation last read stands (nobody can change content
// then), so visitors keep getting the kept pages.
//
// What may be cached is decided by cacheKeyOf and viewKeyOf (the request) and isCacheableAnswer
// (the answer) below, and nowhere else.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { isbot } from "isbot";
import type { Logger } from "pino";
import { localeOf } from "../cookies";
import type { DatabaseHandle } from "../db/client";
import { sequenceState } from "../db/rows";
import { answerWithin } from "../db/unavailable";
import { type DeclaredQuery, pageSearch, undeclared } from "../tracking-parameters";
import {
  bestBodies,
  type CachedResponse,
  cachedResponseBytes,
  type Encoding,
  fastBody,
} from "./cached-response";
import { createContentReads } from "./content-reads";
import { freshRead } from "./fresh-read";

/** Paths that are never cached: forms with per-visitor state, accounts, the dashboard, the cart. */
const privatePaths =
  /^\/(deashboard|login|register|logout|language|profile|allorder|payment|bookings|forgot-password|reset-password|contact|subscribe|content\/|api\/auth)/i;

/**
 * Our own cookies (a session, a sign-in's state, a pending flash banner): a request with one may
 * be personal. The language is part of the key instead. Other sites' cookies on our domain
 * (analytics: _ga, _gid, _fbp) say nothing about the page, and are ignored.
 */
const ownCookie = /^(?:__Secure-|__Host-)?maktab[._]/;
const languageCookie = "maktab_lang";

/**
 * The key a request is cached under, or null when it must not be served from the cache: only
 * GET and HEAD, only without credentials or any cookie of ours but the language (a session,
 * a pending flash banner), only public paths. A page differs by path and query (which includes
 * React Router's `.data` requests), language, and whether a crawler asks (crawlers get whole
 * pages, people get streamed ones). Of the query, only the parameters the page declares count,
 * in a fixed order (`declared`, server/tracking-parameters.ts): pages are rendered without the
 * others, so tracking links and made-up parameters are the one kept copy of the clean address.
 */
export function cacheKeyOf(request: Request, declared: DeclaredQuery = undeclared): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const headers = request.headers;
  if (headers.has("authorization")) return null;
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const name = part.split("=", 1)[0]?.trim();
    if (name && name !== languageCookie && ownCookie.test(name)) return null;
  }
  const url = new URL(request.url);
  if (privatePaths.test(url.pathname)) return null;
  const agent = headers.get("user-agent");
  const reader = agent && isCrawler(agent) ? "bot" : "person";
  return `${localeOf(request)} ${reader} ${url.pathname}${pageSearch(url, declared)}`;
}

// isbot's one large pattern was a twentieth of a kept page's time; visitors send few distinct
// agents, so each answer is remembered (a bounded map: agents are whatever a client sends).
const crawlerAgents = new Map<string, boolean>();
function isCrawler(agent: string): boolean {
  let crawler = crawlerAgents.get(agent);
  if (crawler === undefined) {
    crawler = isbot(agent);
    if (crawlerAgents.size >= 1000) crawlerAgents.clear();
    crawlerAgents.set(agent, crawler);
  }
  return crawler;
}

/**
 * The key a REST read that carries a session (or any cookie) is shared under: the view its answer
 * belongs to (Endpoint.sharedView: the admins', everyone's) and its path and query. Null when the
 * answer is the caller's own, or the request is not a REST read.
 */
export function viewKeyOf(request: Request, viewOf: (pathname: string) => string | null): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (!/^\/api\//i.test(url.pathname) || privatePaths.test(url.pathname)) return null;
  const view = viewOf(url.pathname);
  return view === null ? null : `view ${view} ${url.pathname}${url.search}`;
}

const cacheableTypes = /^(text\/html|text\/x-script|application\/json)\b/i;

/** Whether an answer to a cacheable request may be kept: a plain 200 that sets no cookie. */
export function isCacheableAnswer(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    cacheableTypes.test(response.headers.get("content-type") ?? "") &&
    !/private|no-store/i.test(response.headers.get("cache-control") ?? "") &&
    // Last: the server's light answers become whole Response objects when their body is read.
    response.body !== null
  );
}

type Entry = CachedResponse & {
  generation: string;
  storedAt: number;
  bytes: number;
  /** Its smallest copies are made (or being made): once it is asked again. */
  best?: boolean;
};

/** Where the current content generation is kept: this process, PostgreSQL or Redis. */
type Generations = {
  /** The current generation; null when it cannot be known (Redis down): serve uncached. */
  current(): Promise<string | null>;
  next(): Promise<void>;
  close(): Promise<void>;
};

export type PageCacheOptions = {
  redisUrl?: string;
  database?: Pick<DatabaseHandle, "db" | "kind" | "timeouts">;
  logger: Logger;
  /** Memory for cached responses (64 MB). */
  maxBytes?: number;
  /** A safety net for changes made outside the app (scripts, SQL): 60 s. */
  ttlMs?: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * Of the memory for kept answers, the share of answers asked again (the rest is for new ones):
 * a flood of addresses each asked once cannot push out the pages people read.
 */
const readShare = 0.8;

export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 60_000;
  // Two segments (a segmented LRU): an answer is kept first on probation; asked again, it moves
  // to the answers people read. A Map keeps insertion order: its first entry is the least
  // recently used. New answers push out probation's oldest first, and the read ones only when
  // probation is empty; the read ones are bounded by their share.
  const probation = new Map<string, Entry>();
  const read = new Map<string, Entry>();
  let probationBytes = 0;
  let readBytes = 0;

  function forget(key: string) {
    const onProbation = probation.get(key);
    if (onProbation) {
      probation.delete(key);
      probationBytes -= onProbation.bytes;
    }
    const entry = read.get(key);
    if (entry) {
      read.delete(key);
      readBytes -= entry.bytes;
    }
  }

  /** Drops the least recently used until the kept answers fit: new ones first. */
  function evictOverBound() {
    while (readBytes > maxBytes * readShare) {
      const oldest = read.keys().next().value as string;
      forget(oldest);
    }
    while (probationBytes + readBytes > maxBytes) {
      const oldest = (probation.size > 0 ? probation : read).keys().next().value as string;
      forget(oldest);
    }
  }

  /** Gives a kept entry other bodies, and counts their size in its segment. */
  function setBodies(key: string, entry: Entry, bodies: Entry["bodies"]) {
    const size = cachedResponseBytes({ ...entry, bodies }) + key.length * 2;
    if (read.get(key) === entry) readBytes += size - entry.bytes;
    else if (probation.get(key) === entry) probationBytes += size - entry.bytes;
    else return;
    entry.bodies = bodies;
    entry.bytes = size;
    evictOverBound();
  }

  /** A kept answer asked again: its smallest copies, made after this answer, off its way. */
  function improve(key: string, entry: Entry) {
    if (entry.best) return;
    entry.best = true;
    setImmediate(() => {
      bestBodies(entry.bodies).then(
        (bodies) => setBodies(key, entry, bodies),
        () => {},
      );
    });
  }

  const reads = createContentReads({ ttlMs });

  function clear() {
    probation.clear();
    read.clear();
    probationBytes = 0;
    readBytes = 0;
    reads.clear();
  }

  const kind = options.redisUrl ? "redis" : options.database?.kind === "postgres" ? "postgres" : "memory";
  const generations =
    options.redisUrl !== undefined
      ? redisGenerations(options.redisUrl, options.logger, clear)
      : kind === "postgres" && options.database
        ? postgresGenerations(options.database, options.logger)
        : memoryGenerations();
  // Requests that arrive together share one read of a shared generation (fresh-read.ts).
  const currentGeneration = kind === "memory" ? generations.current : freshRead(generations.current);

  return {
    kind,

    /** The generation now, to look up with and to store under; null: do not use the cache. */
    generation: currentGeneration,

    /** Content reads by view, kept for this generation (content-reads.ts). */
    readsFor: (generation: string) => reads.forGeneration(generation),

    /**
     * The answer kept for this generation. Past the time limit it is only `stale`: good enough
     * to serve while a fresh copy renders, since no change to content was seen since.
     */
    get(key: string, generation: string): (CachedResponse & { stale: boolean }) | undefined {
      const entry = read.get(key) ?? probation.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation) {
        forget(key);
        return undefined;
      }
      // Asked again: among the read answers, the most recently used.
      forget(key);
      read.set(key, entry);
      readBytes += entry.bytes;
      evictOverBound();
      if (read.get(key) === entry) improve(key, entry);
      return { ...entry, stale: Date.now() - entry.storedAt > ttlMs };
    },

    /**
     * A kept answer's body in `encoding`: the one kept, or one made now at a fast level and kept
     * with it (a page is compressed for the first visitor who asks for it so, not when it is kept).
     */
    encodedBody(key: string, answer: CachedResponse, encoding: Encoding): Buffer {
      if (encoding === "identity") return answer.bodies.identity;
      const entry = read.get(key) ?? probation.get(key);
      const kept = entry?.bodies[encoding] ?? answer.bodies[encoding];
      if (kept) return kept;
      const made = fastBody(answer.bodies.identity, encoding);
      if (entry && entry.bodies.identity === answer.bodies.identity) {
        setBodies(key, entry, { ...entry.bodies, [encoding]: made });
      }
      return made;
    },

    set(key: string, generation: string, answer: CachedResponse) {
      const size = cachedResponseBytes(answer) + key.length * 2;
      if (size > maxBytes / 8) return;
      // A page people read, made afresh (its time limit passed): straight back among the read.
      const wasRead = read.has(key);
      forget(key);
      const entry: Entry = { ...answer, generation, storedAt: Date.now(), bytes: size };
      if (wasRead) {
        read.set(key, entry);
        readBytes += size;
        improve(key, entry);
      } else {
        probation.set(key, entry);
        probationBytes += size;
      }
      evictOverBound();
    },

    /**
     * Content changed: every cached response is out of date, in every process. The new generation is
     * begun before the copies go: a request that read the old one meanwhile is served the old
     * copy (it came before the change was done) instead of rendering the page under a generation
     * that is ending, and again under the new one.
     */
    async invalidate() {
      await generations.next();
      clear();
    },

    close: () => generations.close(),

    /** For tests and the bench: how much is kept. */
    stats: () => ({
      entries: probation.size + read.size,
      bytes: probationBytes + readBytes,
      /** Of them, answers asked again since they were kept. */
      asked: read.size,
      reads: reads.size(),
    }),
  };
}

function memoryGenerations(): Generations {
  const prefix = randomUUID();
  let counter = 0;
  return {
    current: async () => `${prefix}:${counter}`,
    next: async () => {
      counter++;
    },
    close: async () => {},
  };
}

/**
 * A sequence shared by every process on the database: one small query per cacheable request, or
 * per group of requests that arrive while one runs. When it gets no answer within the check
 * timeout, the generation last read stands: no change can be made while the database does not
 * answer, and the kept pages keep coming instead of every visitor waiting on it.
 */
function postgresGenerations(
  { db, timeouts }: Pick<DatabaseHandle, "db" | "timeouts">,
  logger: Logger,
): Generations {
  const boundMs = timeouts.checkSeconds * 1000;
  let lastRead: string | null = null;
  return {
    async current() {
      const read = await answerWithin(sequenceState(db, "page_cache_generation"), boundMs).catch(() => null);
      if (read !== null) lastRead = read;
      return lastRead;
    },
    async next() {
      try {
        await db.execute(sql`select nextval('page_cache_generation')`);
      } catch (error) {
        logger.warn({ err: error }, "could not start a new page cache generation");
      }
    },
    close: async () => {},
  };
}

const generationKey = "maktab:page-cache:generation";

/**
 * The generation in Redis, as a random token (a counter could repeat after Redis loses its
 * data). When Redis does not answer, pages are served uncached and a change is remembered; on
 * reconnecting, this process drops what it kept and passes on the change.
 */
function redisGenerations(url: string, logger: Logger, clearLocal: () => void): Generations {
  let down = false;
  let missedChange = false;

  function failed(error: unknown) {
    if (down) return;
    down = true;
    logger.warn({ err: error }, "Redis does not answer: pages are served uncached until it does");
  }

  // ioredis (about 24 MB of memory) is loaded only when REDIS_URL is set.
  const connected: Promise<Redis> = import("ioredis").then(({ Redis }) => {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      retryStrategy: (times) => Math.min(times * 250, 5_000),
    });
    client.on("error", failed);
    client.on("ready", () => {
      clearLocal();
      if (down) logger.info("Redis answers again: the page cache is back");
      down = false;
      if (missedChange) {
        missedChange = false;
        void client.set(generationKey, randomUUID()).catch(failed);
      }
    });
    return client;
  });

  return {
    async current() {
      try {
        return (await (await connected).get(generationKey)) ?? "";
      } catch (error) {
        failed(error);
        return null;
      }
    },
    async next() {
      try {
        await (await connected).set(generationKey, randomUUID());
      } catch (error) {
        missedChange = true;
        failed(error);
      }
    },
    async close() {
      const client = await connected;
      client.removeAllListeners("error");
      client.on("error", () => {});
      await client.quit().catch(() => client.disconnect());
    },
  };
}
