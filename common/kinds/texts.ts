// The kinds' names in messages ("Event not found", "Invalid event"): each definition's
// `texts.label` under its label code (its `one`), added to the labels of the problems' words
// the API and the pages use (common/errors/english.ts, the root loader).
import { everyPageErrorTexts } from "../../i18n";
import type { ErrorTexts } from "../../i18n/errors/render-problem";
import type { Locale } from "../../i18n/translate";
import { kindNames, kinds } from "./index";

/** A language's words for problems, with the kinds' names as labels. */
export function withKindLabels(texts: ErrorTexts, locale: Locale): ErrorTexts {
  const kindLabels = Object.fromEntries(
    kindNames.map((kind) => [kinds[kind].one, kinds[kind].texts.label[locale]]),
  );
  return { ...texts, labels: { ...texts.labels, ...kindLabels } };
}

const problemTexts = new Map<Locale, ErrorTexts>();

/**
 * The problems' words the root loader sends to every page (i18n's), with the kinds' names. Made
 * on first use, not on import: the root's module is also the browser's, and a value computed at
 * import would carry every kind's definition into every page's first-load script.
 */
export function everyPageProblemTexts(locale: Locale): ErrorTexts {
  let texts = problemTexts.get(locale);
  if (!texts) {
    texts = withKindLabels(everyPageErrorTexts[locale], locale);
    problemTexts.set(locale, texts);
  }
  return texts;
}
