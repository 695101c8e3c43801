// Answers to a small form (contact, subscribe) that a page posts with a fetcher (JSON) or, with
// script off, as a plain form (then the browser shows whatever we answer as the next page).
import { redirect } from "react-router";
import type { MessageKey } from "../i18n/translate";
import { type FlashTone, flashCookieHeader } from "./cookies.server";

/** A plain HTML form post, as opposed to a fetcher's. */
export const isNavigation = (request: Request) => request.headers.get("sec-fetch-mode") === "navigate";

/** Back to the home page with a one-time banner. */
export const backHome = (request: Request, banner: MessageKey, tone: FlashTone = "success") =>
  redirect("/", { headers: { "Set-Cookie": flashCookieHeader(request, banner, tone) } });
