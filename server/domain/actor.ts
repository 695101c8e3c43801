// Who is asking. Every domain function takes an actor and decides from it; the adapters only
// find out who the actor is.
import { problem } from "../../common/errors/problem";
import { shownLink } from "../../common/text-rules";
import { DomainError } from "./errors";

export type SignedInActor = {
  kind: "user";
  id: string;
  email: string;
  name: string;
  image: string | null;
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
    isAdmin: isAdminRole(user.role),
  };
}

/** Better Auth stores roles as a comma separated list. */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((r) => r.trim() === "admin");
}
