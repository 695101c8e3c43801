// Who a session belongs to, remembered for a few seconds, so that a signed-in visitor's requests
// do not each look the session and its user up in the database. A remembered actor is used only
// in the content generation it was found in (server/cache/page-cache.ts), and every successful
// change by a signed-in user (a sign-out, a role change, a new photo, a password change) starts a
// new one, on every process: such a change is seen at once. A session that merely expires is seen
// within the time limit.
import type { Actor } from "../domain/actor";

type Entry = { actor: Actor; generation: string; storedAt: number };

export type ActorCache = ReturnType<typeof createActorCache>;

export function createActorCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 10_000;
  // Map keeps insertion order: the first entry is the oldest.
  const entries = new Map<string, Entry>();

  return {
    get(credential: string, generation: string): Actor | undefined {
      const entry = entries.get(credential);
      if (!entry) return undefined;
      if (entry.generation !== generation || Date.now() - entry.storedAt > ttlMs) {
        entries.delete(credential);
        return undefined;
      }
      return entry.actor;
    },

    /** Only signed-in actors are kept: unknown credentials cost a lookup each, not memory. */
    set(credential: string, generation: string, actor: Actor) {
      if (actor.kind !== "user") return;
      entries.delete(credential);
      entries.set(credential, { actor, generation, storedAt: Date.now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
  };
}

/** The credential a request carries: its session cookie's value or its Authorization header. */
export function credentialOf(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (authorization) return `bearer ${authorization}`;
  const cookie = /(?:^|;\s*)((?:__Secure-)?maktab\.session_token)=([^;]+)/.exec(headers.get("cookie") ?? "");
  return cookie ? `cookie ${cookie[2]}` : null;
}
