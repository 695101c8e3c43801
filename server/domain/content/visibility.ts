// Who sees what of a kind's records: the rows (unapproved ones are the admins'), the views the
// readers share, and the fields not everyone may read.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Actor } from "../actor";

const isAdmin = (actor: Actor) => actor.kind === "user" && actor.isAdmin;

/**
 * Shows only approved rows to everyone but admins: a record waiting for review (pending) or
 * rejected is the admins' until an admin approves it.
 */
export const unapprovedHiddenFromNonAdmins =
  (status: PgColumn) =>
  (actor: Actor): SQL | undefined =>
    isAdmin(actor) ? undefined : sql`${status} = 'approved'`;

/** The views that go with unapprovedHiddenFromNonAdmins: the admins', and everyone else's. */
export const adminsOrEveryone = (actor: Actor): string => (isAdmin(actor) ? "admins" : "everyone");

/**
 * The views of a kind whose records show more to signed-in readers (a teacher's e-mail and
 * phone): the admins', the signed-in users', and the visitors'.
 */
export const adminsSignedInOrEveryone = (actor: Actor): string =>
  actor.kind === "anonymous" ? "everyone" : actor.isAdmin ? "admins" : "signed-in";

/**
 * Who may read a field that not everyone sees: any signed-in user, admins only, or the record's
 * author and admins. A field without an audience is public. A kind's REST names say the same of
 * their fields (KindRest.visibleTo: the same object, or its wire names), for the API's documentation.
 */
export type Audience = "signed-in" | "admin" | "author or admin";

/** Whether the actor is in the audience; `isAuthor`: the record is the actor's own. */
export function mayRead(actor: Actor, audience: Audience, isAuthor = false): boolean {
  if (actor.kind !== "user") return false;
  if (actor.isAdmin) return true;
  return audience === "signed-in" || (audience === "author or admin" && isAuthor);
}

/**
 * The record as the actor may see it: each field whose audience does not include the actor is
 * left out (not emptied). Every adapter shows records through this, so none can show a
 * person's contact details by mistake.
 */
export function shownTo<T extends object, K extends keyof T & string>(
  actor: Actor,
  record: T,
  audiences: Readonly<Record<K, Audience>>,
  isAuthor = false,
): Omit<T, K> & Partial<Pick<T, K>> {
  const shown: Partial<T> = { ...record };
  for (const [field, audience] of Object.entries(audiences) as [K, Audience][]) {
    if (!mayRead(actor, audience, isAuthor)) delete shown[field];
  }
  return shown as Omit<T, K> & Partial<Pick<T, K>>;
}
