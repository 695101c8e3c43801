// Each kind's texts in the dashboard, found by its names in the registry (common/kinds). The
// return types say MessageKey: a kind whose texts are missing from i18n/ fails the type check.
import { type FormKindName, type KindName, kinds } from "../../../common/kinds";
import type { MessageKey } from "../../../i18n";

const capitalised = <S extends string>(text: S) =>
  (text.charAt(0).toUpperCase() + text.slice(1)) as Capitalize<S>;

/** The texts of a kind with a dashboard list and add form. */
export function formKindTexts(kind: FormKindName): {
  menu: MessageKey;
  add: MessageKey;
  heading: MessageKey;
} {
  const one: (typeof kinds)[FormKindName]["one"] = kinds[kind].one;
  return {
    /** The dashboard menu's link to its list, and the list's heading. */
    menu: `contentLists.menu.${kind}`,
    /** The dashboard menu's link to its add form. */
    add: `dashboard.menu.add${capitalised(one)}`,
    /** The add form's heading. */
    heading: `forms.${one}.heading`,
  };
}

/** The dashboard's texts every kind has: its overview card and its audit trail subject. */
export function kindTexts(kind: KindName): { overview: MessageKey; audit: MessageKey } {
  const one: (typeof kinds)[KindName]["one"] = kinds[kind].one;
  return { overview: `overview.kind.${kind}`, audit: `audit.subject.${one}` };
}
