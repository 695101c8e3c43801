// Each kind's texts that public pages show, from its definition (common/kinds/<kind>.ts); the
// dashboard's are in app/components/dashboard/kind-texts.ts. A definition without its texts in
// English and Bangla fails the type check there.
import { type KindName, kinds } from "../../common/kinds";
import type { Phrase } from "../../i18n";

/** A kind's name in the delete question, for one record and for several. */
export function deleteTexts(kind: KindName): { one: Phrase; other: Phrase } {
  const { deleteOne, deleteOther } = kinds[kind].texts;
  return { one: deleteOne, other: deleteOther };
}
