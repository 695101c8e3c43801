// The texts of our text messages, in the reader's language, from the site's dictionaries
// (i18n/): a Bangla text goes as UCS-2, which fits 70 characters in one message.
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { type Locale, translate } from "../../i18n/translate";

const dictionary = { en, bn };

/** The phone code message: the site's name, the code and how long it lasts. */
export const phoneCodeText = (locale: Locale, vars: { code: string; site: string }) =>
  translate(dictionary[locale], "phone.sms", vars);

/** The sign-in (or sign-up) code message: the same, and never to be shared. */
export const signInCodeText = (locale: Locale, vars: { code: string; site: string }) =>
  translate(dictionary[locale], "phone.smsSignIn", vars);

/** A guardian's link code: the site, the code, the child and the relation the code links as. */
export const guardianLinkText = (
  locale: Locale,
  vars: { code: string; site: string; child: string; relation: "father" | "mother" | "guardian" },
) => {
  const relation = translate(dictionary[locale], `family.relation.${vars.relation}`);
  return translate(dictionary[locale], "family.sms", {
    ...vars,
    relation: locale === "en" ? relation.toLowerCase() : relation,
  });
};
