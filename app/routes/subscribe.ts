// POST /subscribe: the subscribe box, with the same domain call as POST /api/subscribe. A
// fetcher gets JSON: {ok: true, alreadySubscribed}, or {ok: false, error, fields?} with the
// status (400 with the fields, 429 with a message when the sender's address is over its limit).
// A plain form sent here goes back to the home page with a banner (the home page's own box posts
// to the home page without script, which shows a refused address beside the field).
import { href, redirect } from "react-router";
import { subscribeAction } from "../components/home/home-forms.server";
import type { Route } from "./+types/subscribe";

export const action = ({ request, context }: Route.ActionArgs) => subscribeAction(request, context);

export const loader = () => redirect(href("/"));
