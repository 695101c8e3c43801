// Fixed-window rate limits of our own (sign-ins, phone codes, contact messages, comments...), kept
// in the database's rate_limits table beside Better Auth's, so every app process counts against
// the same limit. Better Auth's keys look like "<ip>|/sign-in/email"; ours are the rule's name and
// the parts the limit is kept per, joined by ":" ("contact:<ip>", "sign-in:<ip>:<e-mail>").
// For our keys `last_request` holds the start of the current window, in milliseconds.
//
// A row is spent once its window has passed; counting deletes spent rows now and then (below), so
// the table holds about an hour of keys, not every address and account ever seen.

import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Problem } from "../../common/errors/problem";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { DomainError } from "./errors";

export type RateLimitRule = {
  /** Key prefix, such as "contact". */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** What the refused caller reads. */
  problem: Problem;
};

export type RateLimitHit = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
};

/**
 * Who asks, as a limit kept per address sees them: the address (socket, or X-Forwarded-For with
 * TRUST_PROXY; undefined when unknown), and ADDRESS_LIMIT_MULTIPLIER, by which every limit kept
 * per address is raised where many people share one (a school's computer room, a mobile
 * operator's carrier-grade NAT).
 */
export type ClientAddress = { ip?: string; limitMultiplier: number };

/** A client address as a key part; "unknown" when the request came from no socket. */
export const addressPart = (client: Pick<ClientAddress, "ip">) => client.ip?.trim() || "unknown";

/** The rule as it holds for this client's address. */
export const perAddressRule = <Rule extends Pick<RateLimitRule, "max">>(
  rule: Rule,
  client: ClientAddress,
): Rule => ({
  ...rule,
  max: rule.max * client.limitMultiplier,
});

// "%" and ":" escaped in every part, so ":" only ever separates parts: an IPv6 address or an odd
// e-mail cannot make two different lists of parts give one key.
const escapePart = (part: string) => part.replaceAll("%", "%25").replaceAll(":", "%3A");

/** The database key of a limit kept per these parts (an address, an account, a number...). */
export const rateLimitKey = (name: string, parts: readonly string[]) =>
  [name, ...parts].map(escapePart).join(":");

/**
 * How long a row is kept after `last_request`: the longest window of any limit in the table, ours
 * (an hour: phone codes, blogs, reset mails) or Better Auth's (server/auth/auth.ts, which also
 * gives Better Auth this window, as Better Auth deletes rows older than its longest one).
 */
export const rateLimitRowsKeptMs = 60 * 60_000;

const pruneEveryMs = 60_000;
/** When this process last pruned each database. */
const lastPrunedAt = new WeakMap<Database, number>();

/** Deletes the rows whose window has passed, by the index on last_request. */
export async function pruneRateLimits(db: Database, now: number = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.lastRequest, now - rateLimitRowsKeptMs));
}

async function pruneNowAndThen(db: Database, now: number) {
  const last = lastPrunedAt.get(db);
  if (last !== undefined && now - last < pruneEveryMs) return;
  lastPrunedAt.set(db, now);
  try {
    await pruneRateLimits(db, now);
  } catch {
    // Housekeeping: a failure (say, a deadlock with another process pruning) must not refuse the
    // request being counted. The next prune deletes what this one left.
  }
}

/** A longer window than rows are kept would lose its count to pruning before it ends. */
function refuseLongWindow(key: string, rule: Pick<RateLimitRule, "windowMs">) {
  if (rule.windowMs > rateLimitRowsKeptMs) {
    throw new Error(`The rate limit ${key} has a window longer than rate_limits rows are kept`);
  }
}

/**
 * Counts one request against `key` in a single statement (insert, or update under the row's
 * lock), so concurrent requests from any number of processes cannot slip past the limit.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: Pick<RateLimitRule, "max" | "windowMs">,
  now: number = Date.now(),
): Promise<RateLimitHit> {
  refuseLongWindow(key, rule);
  await pruneNowAndThen(db, now);
  const windowStart = now - rule.windowMs;
  const rows = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest });
  const row = rows[0];
  if (!row) throw new Error(`The rate limit ${key} could not be counted`);
  const endsAt = Number(row.windowStartedAt) + rule.windowMs;
  return {
    allowed: row.count <= rule.max,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
  };
}

/** Refused because a rate limit was reached; `retryAfterSeconds` feeds a Retry-After header. */
export class RateLimitError extends DomainError {
  constructor(
    found: Problem,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", found);
  }
}

/**
 * Counts one request against the rule, kept per `parts` (such as [address] or [address, e-mail]),
 * and throws RateLimitError (429) once that key is past the limit.
 */
export async function enforceRateLimit(
  db: Database,
  rule: RateLimitRule,
  parts: readonly string[],
): Promise<void> {
  const hit = await hitRateLimit(db, rateLimitKey(rule.name, parts), rule);
  if (!hit.allowed) throw new RateLimitError(rule.problem, hit.retryAfterSeconds);
}

/**
 * Seconds until the rule would let one more request through for `parts` (0: now), without
 * counting one: what a page shows before anyone asks (the same wait as a refusal's Retry-After).
 */
export async function rateLimitWaitSeconds(
  db: Database,
  rule: Pick<RateLimitRule, "name" | "max" | "windowMs">,
  parts: readonly string[],
  now: number = Date.now(),
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStartedAt: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, rateLimitKey(rule.name, parts)))
    .limit(1);
  if (!row || row.count < rule.max) return 0;
  const endsAt = Number(row.windowStartedAt) + rule.windowMs;
  return endsAt > now ? Math.ceil((endsAt - now) / 1000) : 0;
}

// ---------------------------------------------------------------------------------------------
// Counted in memory, written in batches: for a limit that a crowd meets at once (results day),
// where a statement per request would cost more than the answer. Within one process the count
// is exact. An address's count goes to the table once it has made `sharedFrom` requests in its
// window here (most of a crowd asks once or twice and is never written), then within a second
// of every further one, and each process counts on from the table's figure. So one process
// never allows more than the limit, and P processes together at most the limit plus
// (P - 1) × (sharedFrom - 1), plus a second's worth.

/** How often counts are written to the table. */
export const bufferedFlushMs = 1000;

/** The count at which an address's requests are shared with other processes through the table. */
export const sharedFrom = 5;

type BufferedCount = {
  rule: RateLimitRule;
  /** When the window began (the table's figure once a flush has answered). */
  windowStart: number;
  /** The table's count at the last flush. */
  known: number;
  /** Counted here since then. */
  pending: number;
};

type CountBuffer = {
  counts: Map<string, BufferedCount>;
  /**
   * The keys with a count to write: a flush looks at these, not at every address of the crowd
   * (on results day tens of thousands, whose scan each second held every answer for up to 14 ms).
   */
  due: Set<string>;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  sweptAt: number;
};

const sweepEveryMs = 60_000;

const buffers = new WeakMap<Database, CountBuffer>();

function bufferOf(db: Database): CountBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { counts: new Map(), due: new Set(), sweptAt: Date.now() };
    buffers.set(db, buffer);
  }
  return buffer;
}

/** At most this many keys per statement (four parameters each, far under PostgreSQL's 65,535). */
const flushBatch = 1000;

/** Writes every pending count; a count that fails to be written stays pending for the next. */
export async function flushBufferedRateLimits(db: Database, now: number = Date.now()): Promise<void> {
  const buffer = bufferOf(db);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = undefined;
  await buffer.flushing;
  const flushing = writeCounts(db, buffer, now);
  buffer.flushing = flushing;
  await flushing.finally(() => {
    if (buffer.flushing === flushing) buffer.flushing = undefined;
  });
}

async function writeCounts(db: Database, buffer: CountBuffer, now: number): Promise<void> {
  const due: [string, BufferedCount][] = [];
  for (const key of buffer.due) {
    const count = buffer.counts.get(key);
    if (count && count.pending > 0 && count.known + count.pending >= sharedFrom) due.push([key, count]);
  }
  buffer.due.clear();
  if (due.length > 0) await pruneNowAndThen(db, now);
  for (let start = 0; start < due.length; start += flushBatch) {
    const batch = due
      .slice(start, start + flushBatch)
      .map(([key, count]) => ({ key, count, sent: count.pending }));
    // One rule's window per statement: the rows' "window has passed" test depends on it.
    for (const windowMs of new Set(batch.map((entry) => entry.count.rule.windowMs))) {
      const group = batch.filter((entry) => entry.count.rule.windowMs === windowMs);
      const windowStart = now - windowMs;
      const rows = await db
        .insert(rateLimits)
        .values(
          group.map(({ key, count, sent }) => ({
            id: randomUUID(),
            key,
            count: sent,
            lastRequest: count.windowStart,
          })),
        )
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then excluded.count else ${rateLimits.count} + excluded.count end`,
            lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then excluded.last_request else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.lastRequest })
        .catch(() => []);
      const written = new Map(rows.map((row) => [row.key, row]));
      for (const { key, count, sent } of group) {
        const row = written.get(key);
        if (!row) {
          buffer.due.add(key);
          continue;
        }
        count.pending -= sent;
        count.known = row.count;
        count.windowStart = Number(row.windowStartedAt);
      }
    }
  }
  // Counts whose window has passed are forgotten, now and then.
  if (now - buffer.sweptAt < sweepEveryMs) return;
  buffer.sweptAt = now;
  for (const [key, count] of buffer.counts) {
    if (now - count.windowStart >= count.rule.windowMs) buffer.counts.delete(key);
  }
}

/** As hitRateLimit, counted in memory and written to the table within bufferedFlushMs. */
export function hitBufferedRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: number = Date.now(),
): RateLimitHit {
  refuseLongWindow(key, rule);
  const buffer = bufferOf(db);
  let count = buffer.counts.get(key);
  if (!count || now - count.windowStart >= rule.windowMs) {
    // A new window here; a flush adopts the table's, if another process began one earlier.
    count = { rule, windowStart: now, known: 0, pending: 0 };
    buffer.counts.set(key, count);
  }
  count.pending += 1;
  if (count.known + count.pending >= sharedFrom) buffer.due.add(key);
  if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushBufferedRateLimits(db), bufferedFlushMs);
    buffer.timer.unref();
  }
  const total = count.known + count.pending;
  return {
    allowed: total <= rule.max,
    count: total,
    retryAfterSeconds: Math.max(1, Math.ceil((count.windowStart + rule.windowMs - now) / 1000)),
  };
}

/**
 * Counts one request against the rule kept per this client's address (raised by its
 * multiplier), and throws RateLimitError (429) once the address is past it.
 */
export async function enforceAddressRateLimit(db: Database, rule: RateLimitRule, client: ClientAddress) {
  await enforceRateLimit(db, perAddressRule(rule, client), [addressPart(client)]);
}

/**
 * Counts a request as one that the rule limits before it is known to be one (so requests that
 * run together cannot slip past the limit), and throws RateLimitError past it; `forgive()` takes
 * it back when it turned out not to be one. Only the count in memory is taken back: one already
 * written for other processes stays in the table until its window ends.
 */
export function chargeBufferedAddressRateLimit(
  db: Database,
  rule: RateLimitRule,
  client: ClientAddress,
): { forgive(): void } {
  const key = rateLimitKey(rule.name, [addressPart(client)]);
  const hit = hitBufferedRateLimit(db, key, perAddressRule(rule, client));
  if (!hit.allowed) throw new RateLimitError(rule.problem, hit.retryAfterSeconds);
  return {
    forgive() {
      const count = bufferOf(db).counts.get(key);
      if (count) count.pending -= 1;
    },
  };
}

/** As enforceAddressRateLimit, counted in memory (hitBufferedRateLimit). */
export function enforceBufferedAddressRateLimit(
  db: Database,
  rule: RateLimitRule,
  client: ClientAddress,
): void {
  const hit = hitBufferedRateLimit(
    db,
    rateLimitKey(rule.name, [addressPart(client)]),
    perAddressRule(rule, client),
  );
  if (!hit.allowed) throw new RateLimitError(rule.problem, hit.retryAfterSeconds);
}
