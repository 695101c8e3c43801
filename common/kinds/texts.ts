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

/** The problems' words the root loader sends to every page (i18n's), with the kinds' names. */
export const everyPageProblemTexts: Record<Locale, ErrorTexts> = {
  en: withKindLabels(everyPageErrorTexts.en, "en"),
  bn: withKindLabels(everyPageErrorTexts.bn, "bn"),
};
