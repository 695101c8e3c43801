// The eight kinds of content share one engine: list newest first, or oldest first on request
// (search, page, visibility), get one, create, update, delete, each after the kind's access
// rule, with an image that is a link or an upload. A kind is a definition (see admissions.ts and
// its siblings); this file is the only place the shared behaviour is written.

import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  type InferSelectModel,
  ilike,
  inArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { AuditSubject } from "../../../common/audit";
import { problem, problemOfIssue } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import { type KindDefinition, type KindName, type KindOne, kinds } from "../../../common/kinds";
import type { DownloadType } from "../../../common/kinds/downloads";
import { type InputOf, kindInputs } from "../../../common/kinds/inputs";
import { imageLink, ruleKit } from "../../../common/schemas/content";
import { fieldProblemsOf } from "../../../common/schemas/field-errors";
import type { ContentReads } from "../../cache/content-reads";
import type { Database } from "../../db/client";
import { likePattern } from "../../db/like";
import { rowsOf } from "../../db/rows";
import { uploadedFiles } from "../../db/schema";
import { type Actor, requireAdmin, requireUser, type SignedInActor } from "../actor";
import { type AuditInput, recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";

type UploadedFile = typeof uploadedFiles.$inferSelect;

/** How a stored image is shown: a URL, and for uploads its size and other widths. */
export type ImageView = {
  url: string;
  width?: number;
  height?: number;
  srcset?: string;
  fallbackUrl?: string;
};

/** What the engine needs from the image pipeline. */
export type ImageStore = {
  store(input: { bytes: Uint8Array; name: string; uploadedBy: string | null }): Promise<UploadedFile>;
  remove(fileId: string): Promise<void>;
  view(file: UploadedFile): ImageView;
};

/** A document as stored: its key in the file storage, its name, size in bytes and type. */
export type StoredDocument = { key: string; name: string; size: number; type: DownloadType };

/** What the engine needs from the documents' store (server/files/documents.ts). */
export type DocumentStore = {
  /** Checks the size and the type (from the bytes) and stores it; DomainError naming `file` if refused. */
  store(file: { bytes: Uint8Array; name: string }): Promise<StoredDocument>;
  remove(key: string): Promise<void>;
  read(key: string): Promise<Uint8Array>;
};

export type ContentContext = {
  db: Database;
  images: ImageStore;
  /** For the kinds whose records are a file (downloads). */
  documents?: DocumentStore;
  /** Reads kept for the request's content generation (a page's GET); none: read the database. */
  reads?: ContentReads;
};

/** A document sent with a create or an update of a kind whose records are a file. */
export type DocumentInput = { bytes: Uint8Array; name: string };

/** An image sent with a create or an update: a file, a link, or "" to remove it. */
export type ImageInput = { file?: { bytes: Uint8Array; name: string }; link?: string };

type ContentTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
};

export type ListQuery = {
  limit: number;
  offset: number;
  q?: string;
  filters?: Record<string, string>;
  /** Newest first unless told "oldest". */
  order?: "newest" | "oldest";
};

export const pageSizes = { default: 50, max: 100 };

/**
 * A kind's collection: the server's part of its definition. Its fields and their rules, its
 * search (its title field), its filters and who may create and change records are its
 * definition's (common/kinds/<kind>.ts); here are its table and the hooks named for when they run.
 */
export type CollectionDefinition<
  K extends KindName,
  Table extends ContentTable,
  Input = z.output<InputOf<K>>,
> = {
  /**
   * The kind (common/kinds): its one record's name names it in messages ("Admission not
   * found") and is the record's subject in the audit trail; its image rule says whether records
   * carry an image (imageUrl, imageFileId columns), and whether one is required.
   */
  kind: K;
  table: Table;
  /** The author's user id, for a kind whose records their author may change ("authorOrAdmin"). */
  authorOf?: (record: InferSelectModel<Table>) => string | null;
  /**
   * Records are a file (downloads): its columns fileKey, fileName, fileSize and fileType are set
   * from the document stored by ctx.documents, required on create, and the stored file goes with
   * the record (on a replace or a delete). A table without those columns cannot say it.
   */
  document?: Table extends { fileKey: PgColumn; fileName: PgColumn; fileSize: PgColumn; fileType: PgColumn }
    ? true
    : never;
  /** Rows this actor may not see (rejected students for non-admins, say). */
  hiddenFrom?: (actor: Actor) => SQL | undefined;
  /**
   * Who sees the same rows as this actor, named (admins, everyone), or null when what they see
   * is their own. Answers are shared between the actors of one view (server/cache/page-cache.ts),
   * so with hiddenFrom and no views nothing is shared.
   */
  views?: (actor: Actor) => string | null;
  /**
   * The list's total without a search or a filter, from a query cheaper than counting the rows
   * (comments: a sum of each blog's count); its one row's `n`.
   */
  total?: (actor: Actor) => SQL;
  /** Fields set on create that an update may not change (the blog a comment belongs to). */
  fixed?: (keyof Input & string)[];
  /** Values filled in before a create is validated, whatever the client sent (a user's blog carries their e-mail). */
  prefill?: (actor: SignedInActor) => Record<string, unknown>;
  /** Values set by the server on create, whatever the client sent (status pending, author). */
  onCreate?: (input: Input, actor: SignedInActor) => Record<string, unknown>;
  /** Fields that only an admin may change (a blog's status); others get 403 for a new value. */
  adminOnly?: (keyof Input & string)[];
  /** Values set by the server when an update changes something (an author's edit goes back to review). */
  onUpdate?: (record: InferSelectModel<Table>, actor: SignedInActor) => Record<string, unknown>;
  /** Runs before a create is stored: a limit on how many a user may add (429 past it). */
  beforeCreate?: (ctx: ContentContext, actor: SignedInActor) => Promise<void>;
  /**
   * Runs before a create or an update is stored, for checks that need the database (the blog a
   * comment is for exists) or the record as it was (`before`, on an update only).
   */
  check?: (
    ctx: ContentContext,
    input: Partial<Input>,
    actor: SignedInActor,
    before?: InferSelectModel<Table>,
  ) => Promise<void>;
  /**
   * Records are what people write as themselves (comments): an admin's own are not admin work
   * for the audit trail, an admin's change to someone else's is.
   */
  personal?: boolean;
  /**
   * Records of other kinds that a record points at, read for a page of records at once (a
   * notice's download: its title and file), set on each record under the name given.
   */
  attach?: (ctx: ContentContext, records: InferSelectModel<Table>[]) => Promise<Record<string, unknown>[]>;
  /** The record's label in the audit trail; its title or name unless said. */
  label?: (record: InferSelectModel<Table>) => string;
  /**
   * Runs before records are deleted: the uploaded images of their other rows (an album's
   * photos), which the database deletes with them; the files go once the delete commits.
   */
  imagesOwnedBy?: (db: Database, ids: string[]) => Promise<string[]>;
};

export type ContentRecord<Table extends ContentTable> = InferSelectModel<Table> & { image: ImageView | null };

/** What a kind of content offers its adapters (REST, pages). */
export type ContentCollection<Item> = {
  name: string;
  /** Who may create, and who may change or delete (the domain checks; adapters document it). */
  access: { create: "admin" | "user"; change: "admin" | "authorOrAdmin" };
  /** List filters beyond `q`, with the rule for their values and whether they are a closed list. */
  filters: Record<string, { schema: z.ZodType<string>; closed: boolean }>;
  /** The fields a create takes (for documentation and forms). */
  input: z.ZodObject;
  image: "none" | "optional" | "required";
  /** Records are a file, sent beside the fields (multipart) as `file`. */
  document: boolean;
  /** Records carry a review status (pending, approved, rejected) that admins set. */
  reviewed: boolean;
  list(ctx: ContentContext, actor: Actor, query: ListQuery): Promise<{ items: Item[]; total: number }>;
  get(ctx: ContentContext, actor: Actor, id: string): Promise<Item>;
  /** The view this actor's lists and records belong to (see CollectionDefinition.views). */
  viewOf(actor: Actor): string | null;
  /**
   * A read of this kind made outside list and get (the home page's featured teachers), kept as
   * theirs are: for the actor's view, until the next change. `what` names the read.
   */
  remembered<T>(ctx: ContentContext, actor: Actor, what: string, load: () => Promise<T>): Promise<T>;
  create(
    ctx: ContentContext,
    actor: Actor,
    input: unknown,
    image?: ImageInput,
    document?: DocumentInput,
  ): Promise<{ acknowledged: true; insertedId: string }>;
  update(
    ctx: ContentContext,
    actor: Actor,
    id: string,
    input: unknown,
    image?: ImageInput,
    document?: DocumentInput,
  ): Promise<{ acknowledged: true; matchedCount: number; modifiedCount: number }>;
  remove(
    ctx: ContentContext,
    actor: Actor,
    id: string,
  ): Promise<{ acknowledged: true; deletedCount: number }>;
  /**
   * Deletes several records, all or none: each is looked up and checked first, then all are
   * deleted with their audit entries in one transaction. Their stored images go once it commits.
   */
  removeMany(
    ctx: ContentContext,
    actor: Actor,
    ids: readonly string[],
  ): Promise<{ acknowledged: true; deletedCount: number }>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function collection<K extends KindName, Table extends ContentTable>(
  definition: CollectionDefinition<K, Table>,
): ContentCollection<ContentRecord<Table>> {
  const { table } = definition;
  const kind: KindDefinition = kinds[definition.kind];
  const { image: imageRule, access } = kind;
  /** One record's name: the audit trail's subject, and a label messages name the kind by. */
  const one = kind.one as KindOne;
  const input = kindInputs[definition.kind] as z.ZodObject;
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
  const hasImage = imageRule !== "none" && imageFileId !== undefined;
  const updateInput = input.partial();
  const subject: AuditSubject = one;
  const labelOf =
    definition.label ??
    ((record: InferSelectModel<Table>) => {
      const { title, name } = record as { title?: unknown; name?: unknown };
      return String(title ?? name ?? "");
    });

  /** Whether a change is an admin's work, kept in the audit trail (docs/decisions/0010). */
  function isAdminWork(user: SignedInActor, record: InferSelectModel<Table>): boolean {
    if (!user.isAdmin) return false;
    return !(definition.personal && definition.authorOf?.(record) === user.id);
  }

  /** Makes the change and, for an admin's work, its audit entry, in one transaction. */
  async function changeAndRecord<T>(
    ctx: ContentContext,
    user: SignedInActor,
    change: (db: Database) => Promise<T>,
    entry: (result: T) => { record: InferSelectModel<Table>; audit: AuditInput } | null,
  ): Promise<T> {
    if (!user.isAdmin) return change(ctx.db);
    return ctx.db.transaction(async (tx) => {
      const result = await change(tx);
      const recorded = entry(result);
      if (recorded && isAdminWork(user, recorded.record)) await recordAudit(tx, user, recorded.audit);
      return result;
    });
  }

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
    const [items, [total]] = await Promise.all([
      select(ctx, where, { limit: query.limit, offset: query.offset }, query.order),
      whole
        ? rowsOf<{ n: number | string }>(ctx.db, whole(actor))
        : ctx.db
            .select({ n: count() })
            .from(table as PgTable)
            .where(where),
    ]);
    return { items, total: Number(total?.n ?? 0) };
  }

  async function findVisible(ctx: ContentContext, actor: Actor, id: string) {
    if (!uuidPattern.test(id)) throw notFound(one);
    const [record] = await select(ctx, and(eq(table.id, id), visibleTo(actor)));
    if (!record) throw notFound(one);
    return record;
  }

  function mayChange(actor: Actor, record: ContentRecord<Table>): SignedInActor {
    if (access.change === "admin") return requireAdmin(actor);
    const user = requireUser(actor);
    if (!user.isAdmin && definition.authorOf?.(record) !== user.id) {
      throw new DomainError("forbidden", problem("record.authorOnly", { what: one }));
    }
    return user;
  }

  /** Admins' kinds refuse anyone else first, whether or not they may see the record (a pending one). */
  function refuseNonAdmins(actor: Actor) {
    if (access.change === "admin") requireAdmin(actor);
  }

  async function removeAll(ctx: ContentContext, actor: Actor, ids: readonly string[]) {
    refuseNonAdmins(actor);
    // Every record is found and may be deleted by this actor, or nothing is deleted.
    const checked: { record: ContentRecord<Table>; user: SignedInActor }[] = [];
    for (const id of new Set(ids)) {
      const record = await findVisible(ctx, actor, id);
      checked.push({ record, user: mayChange(actor, record) });
    }
    if (checked.length === 0) return { acknowledged: true as const, deletedCount: 0 };
    const ownedImages =
      (await definition.imagesOwnedBy?.(
        ctx.db,
        checked.map(({ record }) => String(record.id)),
      )) ?? [];
    const deleted = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(table)
        .where(
          inArray(
            table.id,
            checked.map(({ record }) => record.id),
          ),
        )
        .returning({ id: table.id });
      const gone = new Set(rows.map((row) => String(row.id)));
      const removed = checked.filter(({ record }) => gone.has(String(record.id)));
      for (const { record, user } of removed) {
        if (!isAdminWork(user, record)) continue;
        const subjectId = String(record.id);
        await recordAudit(tx, user, { action: "delete", subject, subjectId, label: labelOf(record) });
      }
      return removed;
    });
    // Only after the commit: a rolled-back delete keeps its records' images and documents.
    for (const { record } of deleted) {
      const file = (record as { imageFileId?: string | null }).imageFileId;
      if (file) await ctx.images.remove(file);
      const documentKey = (record as { fileKey?: string }).fileKey;
      if (definition.document && documentKey) await documentsOf(ctx).remove(documentKey);
    }
    if (deleted.length > 0) for (const file of ownedImages) await ctx.images.remove(file);
    return { acknowledged: true as const, deletedCount: deleted.length };
  }

  function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
    const result = schema.safeParse(input);
    if (!result.success) {
      const fields = fieldProblemsOf(result.error);
      throw new DomainError("invalid", problem("record.invalid", { what: one }), fields);
    }
    return result.data;
  }

  /** Stores an uploaded file, or takes a link; `undefined` when the request says nothing of it. */
  async function imageColumns(ctx: ContentContext, image: ImageInput | undefined, actor: SignedInActor) {
    if (!hasImage || !image) return undefined;
    if (image.file) {
      const stored = await ctx.images.store({ ...image.file, uploadedBy: actor.id });
      return { imageFileId: stored.id, imageUrl: null };
    }
    if (image.link !== undefined) {
      // Pages hand links over as typed; only http(s) and our own /files/ addresses are images.
      const link = imageLink.safeParse(image.link);
      if (!link.success) {
        const found = problemOfIssue(link.error.issues[0]?.message ?? "");
        throw new DomainError("invalid", found, { image: found });
      }
      return { imageFileId: null, imageUrl: link.data || null };
    }
    return undefined;
  }

  function documentsOf(ctx: ContentContext): DocumentStore {
    if (!ctx.documents) throw new Error(`${name}: the context has no document store`);
    return ctx.documents;
  }

  /** Stores a sent document; its columns, or `undefined` when none was sent or the kind has none. */
  async function documentColumns(ctx: ContentContext, document: DocumentInput | undefined) {
    if (!definition.document || !document) return undefined;
    const stored = await documentsOf(ctx).store(document);
    return { fileKey: stored.key, fileName: stored.name, fileSize: stored.size, fileType: stored.type };
  }

  return {
    name,
    access,
    input,
    image: imageRule,
    document: Boolean(definition.document),
    reviewed: kind.reviewed,
    filters: Object.fromEntries(
      filters.map((filter) => [filter.field, { schema: filter.schema, closed: filter.closed }]),
    ),

    list: (ctx: ContentContext, actor: Actor, query: ListQuery) =>
      remembered(ctx, actor, `list ${JSON.stringify(query)}`, () => listVisible(ctx, actor, query)),

    get: (ctx: ContentContext, actor: Actor, id: string) =>
      remembered(ctx, actor, `get ${id}`, () => findVisible(ctx, actor, id)),

    viewOf,
    remembered,

    async create(
      ctx: ContentContext,
      actor: Actor,
      sent: unknown,
      image?: ImageInput,
      document?: DocumentInput,
    ) {
      const user = access.create === "admin" ? requireAdmin(actor) : requireUser(actor);
      const prefilled =
        definition.prefill && isObject(sent) ? { ...sent, ...definition.prefill(user) } : sent;
      const values = parse(input, prefilled) as z.output<InputOf<K>>;
      if (imageRule === "required" && !image?.file && !image?.link) {
        throw new DomainError("invalid", problem("upload.choosePhoto"), {
          image: problem("upload.choosePhoto"),
        });
      }
      if (definition.document && !document) {
        throw new DomainError("invalid", problem("upload.chooseFile"), {
          file: problem("upload.chooseFile"),
        });
      }
      await definition.check?.(ctx, values, user);
      await definition.beforeCreate?.(ctx, user);
      const documentValues = await documentColumns(ctx, document);
      let imageValues: Awaited<ReturnType<typeof imageColumns>>;
      try {
        imageValues = await imageColumns(ctx, image, user);
      } catch (error) {
        if (documentValues) await documentsOf(ctx).remove(documentValues.fileKey);
        throw error;
      }
      try {
        const row = await changeAndRecord(
          ctx,
          user,
          async (db) => {
            const [inserted] = await db
              .insert(table)
              .values({
                ...values,
                ...definition.onCreate?.(values, user),
                ...imageValues,
                ...documentValues,
              } as never)
              .returning();
            return inserted as InferSelectModel<Table>;
          },
          (inserted) => ({
            record: inserted,
            audit: { action: "create", subject, subjectId: String(inserted.id), label: labelOf(inserted) },
          }),
        );
        return { acknowledged: true as const, insertedId: String(row.id) };
      } catch (error) {
        if (imageValues?.imageFileId) await ctx.images.remove(imageValues.imageFileId);
        if (documentValues) await documentsOf(ctx).remove(documentValues.fileKey);
        throw error;
      }
    },

    async update(
      ctx: ContentContext,
      actor: Actor,
      id: string,
      sent: unknown,
      image?: ImageInput,
      document?: DocumentInput,
    ) {
      refuseNonAdmins(actor);
      const before = await findVisible(ctx, actor, id);
      const user = mayChange(actor, before);
      const fixed = (definition.fixed ?? []).filter(
        (field) => (sent as Record<string, unknown>)[field] !== undefined,
      );
      if (fixed.length > 0) {
        const fields = Object.fromEntries(fixed.map((field) => [field, problem("record.fixedField")]));
        throw new DomainError("invalid", problem("record.invalid", { what: one }), fields);
      }
      const patch = parse(updateInput, sent) as Record<string, unknown>;
      if (!user.isAdmin) {
        const refused = (definition.adminOnly ?? []).filter(
          (field) =>
            patch[field] !== undefined && patch[field] !== (before as Record<string, unknown>)[field],
        );
        if (refused.length > 0) {
          const fields = Object.fromEntries(
            refused.map((field) => [field, problem("record.adminOnlyField")]),
          );
          const found = problem("record.adminOnlyFields", { what: one, fields: refused.join(", ") });
          throw new DomainError("forbidden", found, fields);
        }
      }
      if (imageRule === "required" && image?.link === "" && !image.file) {
        throw new DomainError("invalid", problem("upload.choosePhoto"), {
          image: problem("upload.choosePhoto"),
        });
      }
      await definition.check?.(ctx, patch as Partial<z.output<InputOf<K>>>, user, before);
      const imageValues = await imageColumns(ctx, image, user);
      const documentValues = await documentColumns(ctx, document);
      const changes = Object.fromEntries(
        Object.entries({ ...patch, ...imageValues, ...documentValues }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const modified = Object.entries(changes).some(
        ([key, value]) => (before as Record<string, unknown>)[key] !== value,
      );
      if (modified) {
        try {
          await changeAndRecord(
            ctx,
            user,
            async (db) => {
              const rows = (await db
                .update(table)
                .set({ ...changes, ...definition.onUpdate?.(before, user) } as never)
                .where(eq(table.id, id))
                .returning()) as unknown as InferSelectModel<Table>[];
              return rows[0];
            },
            (updated) =>
              updated
                ? {
                    record: before,
                    audit: { action: "update", subject, subjectId: id, label: labelOf(updated) },
                  }
                : null,
          );
        } catch (error) {
          if (documentValues) await documentsOf(ctx).remove(documentValues.fileKey);
          throw error;
        }
      }
      const oldFile = (before as { imageFileId?: string | null }).imageFileId;
      if (imageValues && oldFile && oldFile !== imageValues.imageFileId) await ctx.images.remove(oldFile);
      // A replaced document goes once the record names the new one.
      const oldDocument = (before as { fileKey?: string }).fileKey;
      if (documentValues && oldDocument) await documentsOf(ctx).remove(oldDocument);
      return { acknowledged: true as const, matchedCount: 1, modifiedCount: modified ? 1 : 0 };
    },

    remove: (ctx: ContentContext, actor: Actor, id: string) => removeAll(ctx, actor, [id]),

    removeMany: removeAll,
  };
}

const isAdmin = (actor: Actor) => actor.kind === "user" && actor.isAdmin;

/**
 * Shows only approved rows to everyone but admins: a record waiting for review (pending) or
 * rejected is the admins' until an admin approves it.
 */
export const unapprovedHiddenFromNonAdmins =
  (status: PgColumn) =>
  (actor: Actor): SQL | undefined =>
    isAdmin(actor) ? undefined : sql`${status} = 'approved'`;

/** The views that go with unapprovedHiddenFromNonAdmins: the admins', and everyone else's. */
export const adminsOrEveryone = (actor: Actor): string => (isAdmin(actor) ? "admins" : "everyone");

/**
 * The views of a kind whose records show more to signed-in readers (a teacher's e-mail and
 * phone): the admins', the signed-in users', and the visitors'.
 */
export const adminsSignedInOrEveryone = (actor: Actor): string =>
  actor.kind === "anonymous" ? "everyone" : actor.isAdmin ? "admins" : "signed-in";

/**
 * Who may read a field that not everyone sees: any signed-in user, admins only, or the record's
 * author and admins. A field without an audience is public. A kind's REST names say the same of
 * their fields (KindRest.visibleTo: the same object, or its wire names), for the API's documentation.
 */
export type Audience = "signed-in" | "admin" | "author or admin";

/** Whether the actor is in the audience; `isAuthor`: the record is the actor's own. */
export function mayRead(actor: Actor, audience: Audience, isAuthor = false): boolean {
  if (actor.kind !== "user") return false;
  if (actor.isAdmin) return true;
  return audience === "signed-in" || (audience === "author or admin" && isAuthor);
}

/**
 * The record as the actor may see it: each field whose audience does not include the actor is
 * left out (not emptied). Every adapter shows records through this, so none can show a
 * person's contact details by mistake.
 */
export function shownTo<T extends object, K extends keyof T & string>(
  actor: Actor,
  record: T,
  audiences: Readonly<Record<K, Audience>>,
  isAuthor = false,
): Omit<T, K> & Partial<Pick<T, K>> {
  const shown: Partial<T> = { ...record };
  for (const [field, audience] of Object.entries(audiences) as [K, Audience][]) {
    if (!mayRead(actor, audience, isAuthor)) delete shown[field];
  }
  return shown as Omit<T, K> & Partial<Pick<T, K>>;
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
