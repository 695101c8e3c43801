// The texts the school sends guardians by itself (absence texts, fee reminders), in the language
// each guardian chose on the register (register_guardians.texts_language: Bangla unless they
// asked for English), the child named as that language writes it.
import type { TextLanguage } from "../../../common/schemas/guardian-messages";
import { bn } from "../../../i18n/bn";
import { en } from "../../../i18n/en";
import { type Locale, type MessageKey, translate } from "../../../i18n/translate";

const dictionary = { en, bn };

/** The language of a guardian's texts, as the register keeps it. */
export const guardianLanguage = (chosen: TextLanguage): Locale => (chosen === "en" ? "en" : "bn");

/** The child's name as the language writes it (the Bangla name when the register has one). */
export const childName = (locale: Locale, child: { name: string; nameBn: string | null }) =>
  locale === "bn" && child.nameBn?.trim() ? child.nameBn.trim() : child.name;

export const guardianText = (locale: Locale, key: MessageKey, vars: Record<string, string | number>) =>
  translate(dictionary[locale], key, vars);
