// The content engine: every kind of content (common/kinds) is a collection made here from its
// definition and its server part (server/domain/<kind>.ts): list newest first, or oldest first
// on request (search, page, visibility: queries.ts), get one, create, update, delete, each after
// the kind's access rule, with an image that is a link or an upload, and an admin's changes in
// the audit trail. This file and its siblings are the only place the shared behaviour is written:
// definition.ts (the types), queries.ts (the reads), visibility.ts (who sees what).

import { eq, type InferSelectModel, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AuditSubject } from "../../../common/audit";
import { problem, problemOfIssue } from "../../../common/errors/problem";
import type { KindName } from "../../../common/kinds";
import { type InputOf, kindInputs } from "../../../common/kinds/inputs";
import { imageLink } from "../../../common/schemas/content";
import { fieldProblemsOf } from "../../../common/schemas/field-errors";
import type { Database } from "../../db/client";
import { type Actor, requireAdmin, requireRole, requireUser, type SignedInActor } from "../actor";
import { type AuditInput, recordAudit } from "../audit/record";
import { DomainError } from "../errors";
import type {
  CollectionDefinition,
  ContentCollection,
  ContentContext,
  ContentRecord,
  ContentTable,
  DocumentInput,
  DocumentStore,
  ImageInput,
  ListQuery,
} from "./definition";
import { contentQueries } from "./queries";

export type {
  CollectionDefinition,
  ContentCollection,
  ContentContext,
  ContentRecord,
  DocumentInput,
  DocumentStore,
  ImageInput,
  ImageStore,
  ImageView,
  ListQuery,
  StoredDocument,
} from "./definition";
export { pageSizes } from "./definition";
export { listQuery } from "./queries";
export {
  type Audience,
  adminsOrEveryone,
  adminsSignedInOrEveryone,
  mayRead,
  shownTo,
  unapprovedHiddenFromNonAdmins,
} from "./visibility";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function collection<K extends KindName, Table extends ContentTable>(
  definition: CollectionDefinition<K, Table>,
): ContentCollection<ContentRecord<Table>> {
  const { table } = definition;
  const {
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
  } = contentQueries(definition);
  const { image: imageRule, access } = kind;
  const input = kindInputs[definition.kind] as z.ZodObject;
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

  /** Who may add records: admins, teachers (an admin holds the role) or any signed-in user. */
  function mayCreate(actor: Actor): SignedInActor {
    return access.create === "admin"
      ? requireAdmin(actor)
      : access.create === "teacher"
        ? requireRole(actor, "teacher")
        : requireUser(actor);
  }

  function mayChange(actor: Actor, record: ContentRecord<Table>): SignedInActor {
    if (access.change === "admin") return requireAdmin(actor);
    const user = requireUser(actor);
    if (!user.isAdmin && definition.authorOf?.(record) !== user.id) {
      throw new DomainError("forbidden", problem("record.authorOnly", { what: label }));
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
      throw new DomainError("invalid", problem("record.invalid", { what: label }), fields);
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

    ownLists: definition.authorColumn !== undefined,
    // Only those who may add records have records of their own; each sees theirs alone.
    listOwn: (ctx: ContentContext, actor: Actor, query: ListQuery) =>
      listOwnRecords(ctx, mayCreate(actor), query),

    viewOf,
    remembered,

    async create(
      ctx: ContentContext,
      actor: Actor,
      sent: unknown,
      image?: ImageInput,
      document?: DocumentInput,
    ) {
      const user = mayCreate(actor);
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
        throw new DomainError("invalid", problem("record.invalid", { what: label }), fields);
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
          const found = problem("record.adminOnlyFields", { what: label, fields: refused.join(", ") });
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
