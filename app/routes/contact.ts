// POST /contact: the contact section's form, with the same domain call and rate limit as
// POST /api/contact. A fetcher gets JSON: {ok: true}, or {ok: false, error, fields?} with the
// status (400 with the fields, 429 with a message when the sender's address is over its limit).
// A plain form sent here goes back to the home page with a banner (the home page's own form
// posts to the home page without script, which shows a refused field beside it).
import { href, redirect } from "react-router";
import { contactAction } from "../components/home/home-forms.server";
import type { Route } from "./+types/contact";

export const action = ({ request, context }: Route.ActionArgs) => contactAction(request, context);

export const loader = () => redirect(href("/"));
