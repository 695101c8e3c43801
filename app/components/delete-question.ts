// The question a Delete asks first. One admission keeps the specification's own words; any other
// kind, and several records, are named, with their count, so nobody confirms the wrong thing.
import type { MessageKey } from "../i18n";

export const deleteKinds = [
  "admissions",
  "results",
  "blogs",
  "comments",
  "notices",
  "services",
  "students",
  "teachers",
] as const;

export type DeleteKind = (typeof deleteKinds)[number];

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function deleteQuestion(
  t: Translate,
  kind: DeleteKind,
  count: number,
  formattedCount = String(count),
) {
  if (kind === "admissions" && count === 1) return t("delete.confirm");
  const form = count === 1 ? "one" : "other";
  return t(`delete.confirm.${form}`, { kind: t(`delete.kind.${kind}.${form}`), count: formattedCount });
}
