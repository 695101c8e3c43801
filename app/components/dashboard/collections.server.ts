// The content collections by the name pages use in their addresses (common/kinds).
import { type KindName, kindNames } from "../../../common/kinds";
import type { ContentCollection } from "../../../server/domain/content/collection";
import { serverKinds } from "../../../server/domain/kinds";

export const collectionsByKind = Object.fromEntries(
  kindNames.map((kind) => [kind, serverKinds[kind].collection]),
) as Record<KindName, ContentCollection<unknown>>;

/** The collection an address names exactly, or undefined. */
export const collectionNamed = (name: string | undefined): ContentCollection<unknown> | undefined =>
  kindNames.includes(name as KindName) ? collectionsByKind[name as KindName] : undefined;
