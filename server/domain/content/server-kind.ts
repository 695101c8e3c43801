// A kind of content as the server holds it: its collection (common/kinds/<kind>.ts's definition
// bound to its table, with the hooks of server/domain/<kind>.ts), its REST names, and what the
// rest of the server reads of it: its table, the rows visitors see (the overview counts them),
// and its other tables whose rows show an uploaded image (the file-in-use check).
// server/domain/kinds.ts lists them.
import { eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type KindName, kinds } from "../../../common/kinds";
import type { KindRest } from "../../api/kind-rest";
import {
  type CollectionDefinition,
  type ContentCollection,
  type ContentRecord,
  collection,
} from "./collection";
import type { KindSamples } from "./samples";

type ContentTable = PgTable & { id: PgColumn; createdAt: PgColumn };
type ImageTable = PgTable & { id: PgColumn; imageFileId: PgColumn };

export type ServerKindPart<K extends KindName, Table extends ContentTable> = CollectionDefinition<
  K,
  Table
> & {
  /** The kind's other tables whose rows show an uploaded image (an album's photos). */
  imageTables?: ImageTable[];
  /**
   * Its REST calls: the specification's paths and field names (server/api/kind-rest.ts); none,
   * the plain ones made from the definition and the table; "own": a module of server/api makes
   * them (the gallery's, whose reads carry the photos).
   */
  rest?: KindRest<ContentRecord<Table>> | "own";
  /** Its sample records, which a fresh installation starts with (server/sample-content/seed.ts). */
  samples: KindSamples;
};

export type ServerKind<K extends KindName = KindName, Item = unknown> = {
  kind: K;
  table: ContentTable & { imageFileId?: PgColumn };
  collection: ContentCollection<Item>;
  /** The rows visitors see, which the overview counts (the approved ones of a reviewed kind). */
  shown?: SQL;
  imageTables: ImageTable[];
  rest?: KindRest<Item> | "own";
  samples: KindSamples;
};

export function serverKind<K extends KindName, Table extends ContentTable>(
  part: ServerKindPart<K, Table>,
): ServerKind<K, ContentRecord<Table>> {
  const { imageTables = [], rest, samples, ...definition } = part;
  const status = (getTableColumns(part.table) as Record<string, PgColumn>).status;
  return {
    kind: part.kind,
    table: part.table,
    collection: collection(definition as CollectionDefinition<K, Table>),
    shown: kinds[part.kind].reviewed && status ? eq(status, "approved") : undefined,
    imageTables,
    rest,
    samples,
  };
}
