// Each kind's texts in the dashboard, from its definition (common/kinds/<kind>.ts), where they
// are written in English and Bangla: a kind without one fails the type check there.
import { type FormKindName, type KindName, kinds } from "../../../common/kinds";
import type { Phrase } from "../../../i18n";

/** The texts of a kind with a dashboard list and add form. */
export function formKindTexts(kind: FormKindName): {
  menu: Phrase;
  add: Phrase;
  heading: Phrase;
} {
  const { menu, add, heading } = kinds[kind].texts;
  return {
    /** The dashboard menu's link to its list, and the list's heading. */
    menu,
    /** The dashboard menu's link to its add form. */
    add,
    /** The add form's heading. */
    heading,
  };
}

/** The dashboard's texts every kind has: its overview card and its audit trail subject. */
export function kindTexts(kind: KindName): { overview: Phrase; audit: Phrase } {
  const { overview, audit } = kinds[kind].texts;
  return { overview, audit };
}
