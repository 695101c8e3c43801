// The texts the message queue writes itself, in the reader's language (i18n/).
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { type Locale, translate } from "../../i18n/translate";

const dictionary = { en, bn };

/** The subject of a message to guardians by e-mail. */
export const mailSubject = (locale: Locale, site: string) =>
  translate(dictionary[locale], "messages.mailSubject", { site });
