// The words and numbers of a PDF (the marksheet, the tabulation, the merit list, the attendance
// register) in one language: texts from the catalogue, digits, numbers and dates as the language
// writes them.
import { bn } from "../../i18n/bn";
import { en, type MessageKey } from "../../i18n/en";
import { errorTextsBn } from "../../i18n/errors/texts-bn";
import { formatDate } from "../../i18n/format";
import { intlLocale, type Locale, translate } from "../../i18n/translate";

export const dictionary = { en, bn };

export type Texts = {
  t: (key: MessageKey) => string;
  /** ASCII digits in the language's digits (roll, registration, codes, session). */
  digits: (text: string) => string;
  whole: (value: number) => string;
  twoDecimals: (value: number) => string;
  date: (value: string) => string;
};

export function textsFor(language: Locale): Texts {
  const intl = intlLocale[language];
  const whole = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    t: (key) => translate(dictionary[language], key),
    digits: (text) =>
      language === "bn"
        ? text.replace(/[0-9]/g, (digit) => errorTextsBn.digits?.[Number(digit)] ?? digit)
        : text,
    whole: (value) => whole.format(value),
    twoDecimals: (value) => twoDecimals.format(value),
    date: (value) => formatDate(value, intl),
  };
}
