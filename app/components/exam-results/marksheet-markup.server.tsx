// A found marksheet with its actions as markup of its own, rendered apart from its page: the
// /results page is then one template for every student of an exam, the marksheet its own part
// (app/routes/results-lookup.server.ts, decision 0040).
import { renderToStaticMarkup } from "react-dom/server";
import { type DateSettings, defaultDateSettings, extraDates } from "../../../common/dates";
import type { Marksheet } from "../../../common/schemas/results";
import { everyPageTexts, textsOfAreas } from "../../../i18n";
import { intlLocale, type Locale, type Messages, translator } from "../../../i18n/translate";
import { classesOf } from "../../styles/page-css.server";
import resultsCss from "../../styles/results.css?inline";
import { MarksheetActionsView, MarksheetView, type MarksheetWords } from "./marksheet";

/**
 * The classes a marksheet can show (its stylesheet's): a page it is filled into later carries
 * their rules whoever's marksheet it is (a failed subject, a withheld one).
 */
export const marksheetClasses = classesOf(resultsCss);

// The words of the page that shows it (/results, whose handle names the results' texts), as its
// own render would find them.
const pageWords: Record<Locale, Partial<Messages>> = {
  en: { ...everyPageTexts.en, ...textsOfAreas("en", ["results"]) },
  bn: { ...everyPageTexts.bn, ...textsOfAreas("bn", ["results"]) },
};

export function marksheetMarkup(
  sheet: Marksheet,
  locale: Locale,
  dates: DateSettings = defaultDateSettings,
): string {
  const messages = pageWords[locale];
  const words: MarksheetWords = {
    t: translator(locale, messages),
    intl: intlLocale[locale],
    dates: (value) => extraDates(value, locale, dates).join(" · "),
  };
  return renderToStaticMarkup(
    <>
      <MarksheetView sheet={sheet} words={words} />
      <MarksheetActionsView sheet={sheet} words={words} />
    </>,
  );
}
