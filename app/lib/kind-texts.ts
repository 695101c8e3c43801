// Each kind's texts that public pages show, found by its name in the registry (common/kinds);
// the dashboard's are in app/components/dashboard/kind-texts.ts. The return types say
// MessageKey: a kind whose texts are missing from i18n/ fails the type check here.
import type { KindName } from "../../common/kinds";
import type { MessageKey } from "../../i18n";

/** A kind's name in the delete question, for one record and for several. */
export function deleteTexts(kind: KindName): { one: MessageKey; other: MessageKey } {
  return { one: `delete.kind.${kind}.one`, other: `delete.kind.${kind}.other` };
}
