// A found marksheet with its actions as markup of its own, rendered apart from its page: the
// /results page is then one template for every student of an exam, the marksheet its own part
// (app/routes/results-lookup.server.ts, decision 0040).
import { renderToStaticMarkup } from "react-dom/server";
import { href } from "react-router";
import type { Marksheet } from "../../../common/schemas/results";
import { pageDictionaryFor } from "../../i18n";
import { intlLocale, type Locale, translate } from "../../i18n/translate";
import { MarksheetActionsView, MarksheetView, type MarksheetWords } from "./marksheet";

export function marksheetMarkup(sheet: Marksheet, locale: Locale): string {
  // The words of the page that shows it, as its own render would find them.
  const messages = pageDictionaryFor(locale, href("/results"));
  const words: MarksheetWords = {
    t: (key, vars) => translate(messages, key, vars),
    intl: intlLocale[locale],
  };
  return renderToStaticMarkup(
    <>
      <MarksheetView sheet={sheet} words={words} />
      <MarksheetActionsView sheet={sheet} words={words} />
    </>,
  );
}
