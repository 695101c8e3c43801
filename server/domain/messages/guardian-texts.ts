// The texts the school sends guardians by itself (absence texts, fee reminders), in the guardian's
// language: the register keeps no language per guardian, so a guardian's text is in Bangla (an
// account's language, once accounts keep one, goes here), the child named as that language writes it.
import { bn } from "../../../i18n/bn";
import { en } from "../../../i18n/en";
import { type Locale, type MessageKey, translate } from "../../../i18n/translate";

const dictionary = { en, bn };

/** The language of a guardian's texts: Bangla unless their account says otherwise. */
export const guardianLanguage = (accountLanguage: string | null | undefined): Locale =>
  accountLanguage === "en" ? "en" : "bn";

/** The child's name as the language writes it (the Bangla name when the register has one). */
export const childName = (locale: Locale, child: { name: string; nameBn: string | null }) =>
  locale === "bn" && child.nameBn?.trim() ? child.nameBn.trim() : child.name;

export const guardianText = (locale: Locale, key: MessageKey, vars: Record<string, string | number>) =>
  translate(dictionary[locale], key, vars);
