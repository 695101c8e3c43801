import { href, redirect } from "react-router";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  // The answer's cookies are the ones that end the session.
  return redirectWithAuthCookies(request, await callAuth(context, "/sign-out", {}), href("/"));
}

export const loader = () => redirect(href("/"));
