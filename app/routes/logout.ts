import { href, redirect } from "react-router";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  // The answer's cookies are the ones that end the session.
  const answer = redirectWithAuthCookies(request, await callAuth(context, "/sign-out", {}), href("/"));
  // Nothing of the account's stays in the browser's HTTP cache; the offline copies of its pages
  // are dropped by the service worker when the next page says nobody is signed in (public/sw.js).
  answer.headers.set("Clear-Site-Data", '"cache"');
  return answer;
}

export const loader = () => redirect(href("/"));
