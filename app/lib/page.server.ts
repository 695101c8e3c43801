// In app/lib, not beside a route: nearly every loader and action uses it.
// Server helpers for loaders and actions: the request's context and the login guards.
import { data, type RouterContextProvider, redirect } from "react-router";
import { problem } from "../../common/errors/problem";
import type { Role } from "../../common/people";
import { holdsRole, type SignedInActor } from "../../server/domain/actor";
import { pageContext } from "../../server/page-context";
import { loginPath } from "./safe-redirect";

export const pageOf = (context: Readonly<RouterContextProvider>) => context.get(pageContext);

const here = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** Signed-in users only: others go to /login and come back here afterwards. */
export function requireUserPage(context: Readonly<RouterContextProvider>, request: Request): SignedInActor {
  const { actor } = pageOf(context);
  if (actor.kind !== "user") throw redirect(loginPath(here(request)));
  return actor;
}

/**
 * Holders of one of these roles (an admin holds them all): a visitor goes to /login and comes
 * back; a signed-in account without the role gets the 403 page (the domain checks again).
 */
export function requireRolePage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  ...roles: Role[]
): SignedInActor {
  const actor = requireUserPage(context, request);
  if (!roles.some((role) => holdsRole(actor, role))) {
    throw data({ error: problem("auth.roleOnly") }, { status: 403 });
  }
  return actor;
}

/** Admins only: a visitor goes to /login with this page as the origin; anyone else gets the 403 page. */
export const requireAdminPage = (context: Readonly<RouterContextProvider>, request: Request): SignedInActor =>
  requireRolePage(context, request, "admin");
