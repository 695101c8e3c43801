// A route's loader with the texts its handle names (page-texts.ts), in the reader's language.
import { data } from "react-router";
import { problemsOfAreas, textsOfAreas } from "../../i18n";
import { localeOf } from "../../server/cookies";
import type { RouteTexts, TextsHandle } from "./page-texts";

/**
 * The loader, its answer given `texts` too: the texts of the areas the handle names. A redirect
 * or another response goes as it is; an answer with a status (`data`) keeps it.
 */
export function withTexts<Args extends { request: Request }, Answer>(
  handle: TextsHandle,
  loader: (args: Args) => Answer,
): (args: Args) => Promise<Awaited<Answer>> {
  return async (args): Promise<Awaited<Answer>> => {
    const answer: Awaited<Answer> = await loader(args);
    if (answer instanceof Response) return answer;
    const locale = localeOf(args.request);
    const texts: RouteTexts = {
      messages: textsOfAreas(locale, handle.texts ?? []),
      problems: problemsOfAreas(locale, handle.problems ?? []),
    };
    if (isDataWithInit(answer))
      return data({ ...answer.data, texts }, answer.init ?? undefined) as Awaited<Answer>;
    return { ...(answer ?? {}), texts } as Awaited<Answer>;
  };
}

/** React Router's `data(value, init)`: a value with a status or headers. */
function isDataWithInit(value: unknown): value is { data: object; init: ResponseInit | null } {
  return (value as { type?: unknown } | null)?.type === "DataWithResponseInit";
}
