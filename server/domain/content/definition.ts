// What the content engine is made of (collection.ts writes, queries.ts reads): a kind's
// collection as the server defines it (its table and hooks), what it offers its adapters, and
// the stores and context it works with.
import type { InferSelectModel, SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { ImageView } from "../../../common/image-view";
import type { KindName } from "../../../common/kinds";
import type { DownloadType } from "../../../common/kinds/downloads";
import type { InputOf } from "../../../common/kinds/inputs";
import type { ContentReads } from "../../cache/content-reads";
import type { Database } from "../../db/client";
import type { uploadedFiles } from "../../db/schema";
import type { Actor, SignedInActor } from "../actor";

export type { ImageView };

export type UploadedFile = typeof uploadedFiles.$inferSelect;

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

export type ContentTable = PgTable & {
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
   * The column of the account that wrote a record (a teacher's notice, a user's blog): its
   * author lists their own records whatever their review (ContentCollection.listOwn).
   */
  authorColumn?: PgColumn;
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
  access: { create: "admin" | "teacher" | "user"; change: "admin" | "authorOrAdmin" };
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
  /** Whether records know their author, so that listOwn lists them. */
  ownLists: boolean;
  /**
   * The records the actor wrote, newest first, whatever their review (a teacher's notice waiting
   * for approval), for those who may add them; nobody else's. Public lists never show a record
   * that waits: only this one does, to its author.
   */
  listOwn(ctx: ContentContext, actor: Actor, query: ListQuery): Promise<{ items: Item[]; total: number }>;
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
