// The active language in components: the texts every page shows come with the root loader's data,
// the others with the data of the routes whose handles name them (page-texts.ts).
import { useMatches } from "react-router";
import { type ErrorTexts, type Problem, renderProblem } from "../../i18n/errors/render-problem";
import { formatNumber } from "../../i18n/format";
import {
  filledIn,
  intlLocale,
  type Locale,
  type MessageKey,
  type Messages,
  type TextRef,
  translate,
} from "../../i18n/translate";
import { routeTextsOf } from "./page-texts";

/** Keys whose message has a singular and a plural form (`key.one`, `key.other`). */
export type CountKey = {
  [K in MessageKey]: K extends `${infer Base}.other`
    ? `${Base}.one` extends MessageKey
      ? Base
      : never
    : never;
}[MessageKey];

type RootI18n = { locale: Locale; messages: Partial<Messages>; errorTexts?: ErrorTexts };

export function useI18n() {
  const matches = useMatches();
  const data = matches.find((match) => match.id === "root")?.loaderData as RootI18n | undefined;
  const routeTexts = matches.flatMap((match) => routeTextsOf(match.loaderData) ?? []);
  const locale = data?.locale ?? "en";
  const messages = data?.messages ?? {};
  // A key's words come with the root's or a route's data; a phrase (a kind's name) is written in place.
  const t = (key: TextRef, vars?: Record<string, string | number>): string =>
    typeof key === "string"
      ? translate(routeTexts.find((texts) => key in texts.messages)?.messages ?? messages, key, vars)
      : filledIn(key[locale], vars);
  const intl = intlLocale[locale];
  return {
    locale,
    intl,
    // A method, so a translator of keys alone (a test's) still fits where a component's `t` is asked for.
    t(key: TextRef, vars?: Record<string, string | number>): string {
      return t(key, vars);
    },
    /** A count in words ("1 account", "2 accounts"): the form the language's plural rules pick. */
    tn: (key: CountKey, count: number) =>
      t(`${key}.${new Intl.PluralRules(intl).select(count) === "one" ? "one" : "other"}`, {
        count: formatNumber(count, intl),
      }),
    /**
     * A problem from the server or a schema (common/errors), in the reader's language: by its code,
     * never by its English words.
     */
    te: (found: Problem) => {
      const texts = data?.errorTexts;
      if (!texts) return found.key;
      const more = routeTexts.find((route) => found.key in route.problems)?.problems;
      return renderProblem(more ? { ...texts, texts: { ...texts.texts, ...more } } : texts, found);
    },
  };
}
