// The texts a route's pages need beyond every page's (i18n/index.ts): named by area in its handle
// (`texts`, `problems`), sent by its loader with its data (withTexts, page-texts.server.ts) and
// read by useI18n. A navigation then brings the texts of the routes it loads, and no other.
import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { PageArea, ProblemArea } from "../../i18n";
import type { ErrorTexts } from "../../i18n/errors/render-problem";
import type { Messages } from "../../i18n/translate";

/**
 * What a route's handle says of its texts; and `query`, the query parameters its page reads: the
 * page is rendered and kept without any other (server/tracking-parameters.ts).
 */
export type TextsHandle = {
  texts?: readonly PageArea[];
  problems?: readonly ProblemArea[];
  query?: readonly string[];
};

/** What its loader sends, as `texts`, in the reader's language. */
export type RouteTexts = { messages: Partial<Messages>; problems: Partial<ErrorTexts["texts"]> };

/** A route's texts among a page's matches' data, if it sent any. */
export const routeTextsOf = (loaderData: unknown): RouteTexts | undefined =>
  (loaderData as { texts?: RouteTexts } | null | undefined)?.texts;

/**
 * For a route whose data never needs reading again (the cart, the payment: pricing changes
 * nothing stored): its texts still do when the reader changes the language.
 */
export const onlyForTheLanguage = ({ formAction }: ShouldRevalidateFunctionArgs) =>
  formAction === href("/language");
