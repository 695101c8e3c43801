// Finds out who is asking (session cookie or bearer token) once per request. A session found is
// remembered for a few seconds, until the next change (server/cache/actor-cache.ts).
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth";
import { createActorCache, credentialOf } from "../cache/actor-cache";
import type { PageCache } from "../cache/page-cache";
import type { DatabaseHandle } from "../db/client";
import { actorFromSession, anonymous } from "../domain/actor";
import type { AppEnv } from "../http-env";

/**
 * Better Auth answers a failed read of a session with a 500 of its own that leaves out why. When
 * the database does not answer a quick check now, that was why: its error is thrown instead (so
 * the answer is 503, server/db/unavailable.ts); otherwise Better Auth's.
 */
export async function whyAuthFailed(
  database: Pick<DatabaseHandle, "ping">,
  failure: unknown,
): Promise<unknown> {
  return database.ping().then(
    () => failure,
    (down: unknown) => down,
  );
}

export const resolveActor = (
  auth: Auth,
  generations: Pick<PageCache, "generation">,
  database: Pick<DatabaseHandle, "ping">,
) => {
  const actors = createActorCache();
  return createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.raw.headers;
    const credential = credentialOf(headers);
    // Most visitors are anonymous: skip the database when no credential was sent.
    if (credential === null) {
      c.set("actor", anonymous);
      return next();
    }
    // Read before the lookup: a change made meanwhile leaves what is found under the old one.
    const generation = await generations.generation();
    c.set("contentGeneration", generation);
    const known = generation === null ? undefined : actors.get(credential, generation);
    if (known) {
      c.set("actor", known);
      return next();
    }
    const session = await auth.api.getSession({ headers }).catch(async (error: unknown) => {
      throw await whyAuthFailed(database, error);
    });
    const actor = actorFromSession(session?.user);
    if (generation !== null) actors.set(credential, generation, actor);
    c.set("actor", actor);
    await next();
  });
};
