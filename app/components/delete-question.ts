// The question a Delete asks first. One admission keeps the specification's own words; any other
// kind, and several records, are named, with their count, so nobody confirms the wrong thing.
import { type KindName, kindNames } from "../../common/kinds";
import type { MessageKey, TextRef } from "../../i18n";
import { deleteTexts } from "../lib/kind-texts";

/** Every kind of content (common/kinds). */
export const deleteKinds = kindNames;

export type DeleteKind = KindName;

type Translate = (text: TextRef, vars?: Record<string, string | number>) => string;

export function deleteQuestion(
  t: Translate,
  kind: DeleteKind,
  count: number,
  formattedCount = String(count),
) {
  if (kind === "admissions" && count === 1) return t("delete.confirm");
  const texts = deleteTexts(kind);
  const [question, name]: [MessageKey, TextRef] =
    count === 1 ? ["delete.confirm.one", texts.one] : ["delete.confirm.other", texts.other];
  return t(question, { kind: t(name), count: formattedCount });
}
