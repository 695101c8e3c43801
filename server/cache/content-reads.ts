// Content reads kept for the content generation they were made in, by the reader's view (see
// CollectionDefinition.views). A signed-in person's page is rendered for them, but the lists and
// records on it are those of their view: the home page for a hundred signed-in parents needs the
// database once per change, not a hundred times. The page cache (page-cache.ts) owns the
// generation and empties this on every change.

/** One request's access to the kept reads: the generation it began in is fixed. */
export type ContentReads = {
  /**
   * The read kept under `key`, or `load()`'s, kept. Every caller gets the same frozen object.
   * `ttlMs` overrides the safety net's time for a read that costs much and changes only through
   * the app (a published class's marksheets).
   */
  remember<T>(key: string, load: () => Promise<T>, options?: { ttlMs?: number }): Promise<T>;
};

type Entry = { generation: string; value: Promise<unknown>; storedAt: number; ttlMs: number };

/** `ttlMs`: as for kept pages, a safety net for changes made outside the app (scripts, SQL). */
export function createContentReads({ maxEntries = 500, ttlMs = 60_000 } = {}) {
  const entries = new Map<string, Entry>();

  return {
    forGeneration(generation: string): ContentReads {
      return {
        remember<T>(key: string, load: () => Promise<T>, options: { ttlMs?: number } = {}): Promise<T> {
          const entry = entries.get(key);
          if (entry?.generation === generation && Date.now() - entry.storedAt <= entry.ttlMs) {
            // Most recently used last, so the oldest go first.
            entries.delete(key);
            entries.set(key, entry);
            return entry.value as Promise<T>;
          }
          const value = load().then(freeze);
          entries.set(key, { generation, value, storedAt: Date.now(), ttlMs: options.ttlMs ?? ttlMs });
          // A failed read (not found, the database away) is not kept.
          value.catch(() => {
            if (entries.get(key)?.value === value) entries.delete(key);
          });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          return value;
        },
      };
    },
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}

/**
 * Shared between requests, so nobody may change it: a change would show on others' pages (and
 * in the bytes kept for a frozen answer, server/api/answer-bytes.ts).
 */
export function freeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  }
  return value;
}
