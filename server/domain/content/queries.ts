// The content engine's reads (collection.ts makes a kind's collection with them): a page of a
// kind's records (search, filters, order, visibility) with their images and what they point
// at, one record, and reads kept for the request's content generation. Also the list query
// every list takes.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  type InferSelectModel,
  ilike,
  type SQL,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { uuidPattern } from "../../../common/ids";
import { type KindDefinition, type KindName, type KindOne, kindLabel, kinds } from "../../../common/kinds";
import { ruleKit } from "../../../common/schemas/content";
import { likePattern } from "../../db/like";
import { rowsOf } from "../../db/rows";
import { uploadedFiles } from "../../db/schema";
import type { Actor, SignedInActor } from "../actor";
import { notFound } from "../errors";
import {
  type CollectionDefinition,
  type ContentContext,
  type ContentRecord,
  type ContentTable,
  type ListQuery,
  pageSizes,
  type UploadedFile,
} from "./definition";

/** A kind's reads, and the facts of its definition the writes share. */
export function contentQueries<K extends KindName, Table extends ContentTable>(
  definition: CollectionDefinition<K, Table>,
) {
  const { table } = definition;
  const kind: KindDefinition = kinds[definition.kind];
  /** One record's name: the audit trail's subject, and a label messages name the kind by. */
  const one = kind.one as KindOne;
  /** Its label code, for messages that name it ("Admission not found"). */
  const label = kindLabel(definition.kind);
  /** The kind as messages name it ("Admission"). */
  const name = one.charAt(0).toUpperCase() + one.slice(1);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const columnOf = (field: string) => {
    const column = columns[field];
    if (!column) throw new Error(`${definition.kind}: its table has no column ${field}`);
    return column;
  };
  /** The title field's column, searched by `q` (case-insensitive contains). */
  const searchColumn = columnOf(kind.titleField);
  /**
   * List filters beyond `q`, by field name: ?blogId= on comments. A value its rule refuses lists
   * nothing (an unknown blog), unless the filter is `closed` (a fixed list of values: a
   * download's category), where the adapters refuse it, naming it.
   */
  const filters = Object.entries(kind.filters?.(ruleKit) ?? {}).map(([field, filter]) => ({
    field,
    column: columnOf(field),
    schema: filter.rule,
    closed: filter.closed === true,
  }));
  const imageFileId = columns.imageFileId;
  const hasImage = kind.image !== "none" && imageFileId !== undefined;

  function visibleTo(actor: Actor): SQL | undefined {
    return definition.hiddenFrom?.(actor);
  }

  async function select(
    ctx: ContentContext,
    where: SQL | undefined,
    page?: { limit: number; offset: number },
    order: "newest" | "oldest" = "newest",
  ) {
    const base = hasImage
      ? ctx.db
          .select({ row: table, file: uploadedFiles })
          .from(table as PgTable)
          .leftJoin(uploadedFiles, eq(imageFileId as PgColumn, uploadedFiles.id))
      : ctx.db.select({ row: table }).from(table as PgTable);
    const ordered =
      order === "oldest"
        ? base.where(where).orderBy(asc(table.createdAt), asc(table.id))
        : base.where(where).orderBy(desc(table.createdAt), desc(table.id));
    const rows = (page ? await ordered.limit(page.limit).offset(page.offset) : await ordered) as {
      row: InferSelectModel<Table>;
      file?: UploadedFile | null;
    }[];
    const records = rows.map(({ row, file }) => withImage(ctx, row, file ?? null));
    if (!definition.attach || records.length === 0) return records;
    const attached = await definition.attach(ctx, records);
    return records.map((record, index) => ({ ...record, ...attached[index] }));
  }

  function withImage(ctx: ContentContext, row: InferSelectModel<Table>, file: UploadedFile | null) {
    const link = (row as { imageUrl?: string | null }).imageUrl;
    const image = file ? ctx.images.view(file) : link ? { url: link } : null;
    return { ...row, image } as ContentRecord<Table>;
  }

  function viewOf(actor: Actor): string | null {
    if (definition.views) return definition.views(actor);
    return definition.hiddenFrom ? null : "everyone";
  }

  /** A read kept for the actor's view when the request keeps reads and the view is shared. */
  function remembered<T>(ctx: ContentContext, actor: Actor, what: string, load: () => Promise<T>) {
    const view = ctx.reads ? viewOf(actor) : null;
    return ctx.reads && view !== null ? ctx.reads.remember(`${name} ${view} ${what}`, load) : load();
  }

  async function listVisible(ctx: ContentContext, actor: Actor, query: ListQuery) {
    const conditions: (SQL | undefined)[] = [visibleTo(actor)];
    if (query.q) {
      conditions.push(ilike(searchColumn, likePattern(query.q)));
    }
    for (const [key, value] of Object.entries(query.filters ?? {})) {
      const filter = filters.find((known) => known.field === key);
      if (filter) conditions.push(eq(filter.column, value));
    }
    const where = and(...conditions);
    const whole = conditions.length === 1 && definition.total;
    return pageOf(
      ctx,
      where,
      query,
      whole ? () => rowsOf<{ n: number | string }>(ctx.db, whole(actor)) : undefined,
    );
  }

  /** A page of the records `where` picks and how many it picks in all (counted, unless `counted` says). */
  async function pageOf(
    ctx: ContentContext,
    where: SQL | undefined,
    query: ListQuery,
    counted?: () => Promise<{ n: number | string }[]>,
  ) {
    const [items, [total]] = await Promise.all([
      select(ctx, where, { limit: query.limit, offset: query.offset }, query.order),
      counted
        ? counted()
        : ctx.db
            .select({ n: count() })
            .from(table as PgTable)
            .where(where),
    ]);
    return { items, total: Number(total?.n ?? 0) };
  }

  /** The author's own records, any review status, with the list's search (collection.listOwn). */
  async function listOwnRecords(ctx: ContentContext, author: SignedInActor, query: ListQuery) {
    const { authorColumn } = definition;
    if (!authorColumn) throw notFound(label);
    const where = and(
      eq(authorColumn, author.id),
      query.q ? ilike(searchColumn, likePattern(query.q)) : undefined,
    );
    return pageOf(ctx, where, query);
  }

  async function findVisible(ctx: ContentContext, actor: Actor, id: string) {
    if (!uuidPattern.test(id)) throw notFound(label);
    const [record] = await select(ctx, and(eq(table.id, id), visibleTo(actor)));
    if (!record) throw notFound(label);
    return record;
  }

  return {
    kind,
    one,
    label,
    name,
    hasImage,
    filters,
    viewOf,
    remembered,
    listVisible,
    listOwnRecords,
    findVisible,
  };
}

/** The query every list takes: page and search. */
export const listQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(pageSizes.max, { error: `limit must be at most ${pageSizes.max}` })
    .default(pageSizes.default),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int({ error: "offset must be a whole number" })
    .min(0, { error: "offset must be 0 or more" })
    .max(1_000_000, { error: "offset is too large" })
    .default(0),
  q: z.string().trim().max(100, { error: "q must be at most 100 characters" }).optional(),
});
