// In app/lib, not beside a route: nearly every loader and action uses it.
// Server helpers for loaders and actions: the request's context and the login guards.
import { type RouterContextProvider, redirect } from "react-router";
import type { SignedInActor } from "../../server/domain/actor";
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

/** Admins only: anyone else goes to /login with this page as the origin. */
export function requireAdminPage(context: Readonly<RouterContextProvider>, request: Request): SignedInActor {
  const actor = requireUserPage(context, request);
  if (!actor.isAdmin) throw redirect(loginPath(here(request)));
  return actor;
}
