// The active language in components: its texts come with the root loader's data, and those of
// the dashboard and the profile area with their layout's (as `sectionMessages`).
import { useMatches } from "react-router";
import { type ErrorTexts, type Problem, renderProblem } from "../../i18n/errors/render-problem";
import { formatNumber } from "../../i18n/format";
import { intlLocale, type Locale, type MessageKey, type Messages, translate } from "../../i18n/translate";

/** Keys whose message has a singular and a plural form (`key.one`, `key.other`). */
export type CountKey = {
  [K in MessageKey]: K extends `${infer Base}.other`
    ? `${Base}.one` extends MessageKey
      ? Base
      : never
    : never;
}[MessageKey];

type RootI18n = { locale: Locale; messages: Partial<Messages>; errorTexts?: ErrorTexts };
type SectionI18n = { sectionMessages?: Partial<Messages>; sectionErrorTexts?: Partial<ErrorTexts["texts"]> };

export function useI18n() {
  const matches = useMatches();
  const data = matches.find((match) => match.id === "root")?.loaderData as RootI18n | undefined;
  const section = matches.find((match) => (match.loaderData as SectionI18n | undefined)?.sectionMessages)
    ?.loaderData as SectionI18n | undefined;
  const locale = data?.locale ?? "en";
  const messages = data?.messages ?? {};
  const sectionMessages = section?.sectionMessages ?? {};
  const t = (key: MessageKey, vars?: Record<string, string | number>) =>
    translate(key in sectionMessages ? sectionMessages : messages, key, vars);
  const intl = intlLocale[locale];
  return {
    locale,
    intl,
    t,
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
      const more = section?.sectionErrorTexts;
      return renderProblem(more ? { ...texts, texts: { ...texts.texts, ...more } } : texts, found);
    },
  };
}
