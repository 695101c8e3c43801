// Who is asking. Every domain function takes an actor and decides from it; the adapters only
// find out who the actor is.
import { problem } from "../../common/errors/problem";
import { type Role, roles } from "../../common/people";
import { shownLink } from "../../common/text-rules";
import { DomainError } from "./errors";

export type SignedInActor = {
  kind: "user";
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** The roles the account holds (admin, teacher, accountant, guardian, student), maybe none. */
  roles: ReadonlySet<Role>;
  isAdmin: boolean;
};
export type Actor = { kind: "anonymous" } | SignedInActor;

export const anonymous: Actor = { kind: "anonymous" };

export function requireUser(actor: Actor): SignedInActor {
  if (actor.kind !== "user") throw new DomainError("unauthorized", problem("auth.signInFirst"));
  return actor;
}

export function requireAdmin(actor: Actor): SignedInActor {
  const user = requireUser(actor);
  if (!user.isAdmin) throw new DomainError("forbidden", problem("auth.adminOnly"));
  return user;
}

/**
 * The signed-in actor if they hold one of these roles. An admin holds every role's rights: the
 * domain checks the role a call needs, never "admin or ...".
 */
export function requireRole(actor: Actor, ...allowed: Role[]): SignedInActor {
  const user = requireUser(actor);
  if (user.isAdmin || allowed.some((role) => user.roles.has(role))) return user;
  throw new DomainError("forbidden", problem("auth.roleOnly"));
}

/** Whether a signed-in actor holds this role (an admin holds them all). */
export const holdsRole = (actor: Actor, role: Role): boolean =>
  actor.kind === "user" && (actor.isAdmin || actor.roles.has(role));

/** Builds the actor from a Better Auth session user. */
export function actorFromSession(
  user: { id: string; email: string; name: string; image?: string | null; role?: string | null } | undefined,
): Actor {
  if (!user) return anonymous;
  return {
    kind: "user",
    id: user.id,
    email: user.email,
    name: user.name,
    // A photo that breaks the rules (stored before them) is neither shown nor copied.
    image: shownLink(user.image),
    roles: rolesOf(user.role),
    isAdmin: isAdminRole(user.role),
  };
}

const isRole = (name: string): name is Role => (roles as readonly string[]).includes(name);

/** The roles in Better Auth's comma separated list; "user" and unknown names are no role. */
export function rolesOf(list: string | null | undefined): Set<Role> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(isRole),
  );
}

/** The list with this role added or taken away, in the order of `roles`; "user" when empty. */
export function roleListWith(list: string | null | undefined, role: Role, held = true): string {
  const now = rolesOf(list);
  if (held) now.add(role);
  else now.delete(role);
  const kept = roles.filter((name) => now.has(name));
  return kept.length > 0 ? kept.join(",") : "user";
}

/** Better Auth stores roles as a comma separated list. */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((r) => r.trim() === "admin");
}
