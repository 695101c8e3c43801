// The kinds the dashboard's lists and edit forms serve, by the plural names in their addresses
// (common/kinds), with their menu label.
import { type FormKindName, formKindNames } from "../../../common/kinds";
import type { Phrase } from "../../../i18n";
import { formKindTexts } from "./kind-texts";

export const listKinds: readonly FormKindName[] = formKindNames;

export type ListKind = FormKindName;

export const listMenuLabels = Object.fromEntries(
  listKinds.map((kind) => [kind, formKindTexts(kind).menu]),
) as Record<ListKind, Phrase>;
