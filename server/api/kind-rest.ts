// A kind of content on the wire (REST): its paths, its fields' names on the wire, which fields
// carry its image, and how a record looks there. The kinds of the specification give theirs in
// their server part (server/domain/<kind>.ts: `rest`), with the specification's paths and
// spellings; a kind without one gets the plain one made here from its definition and table:
// /api/<kind> and /api/<kind>/{id}, its fields under their own names, its image as `image`.
// server/api/content-endpoints.ts turns either into the list, get, create, update and delete calls.
import { getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type KindDefinition, type KindName, kinds } from "../../common/kinds";
import { ruleKit } from "../../common/schemas/content";
import type { Actor } from "../domain/actor";
import type { Audience, ImageView } from "../domain/content/collection";
import type { JsonSchema } from "./endpoint";
import { id, imageFields, timestamp } from "./wire-schemas";

export type KindRest<Item> = {
  /** Heading in the API documentation. */
  tag: string;
  paths: {
    list: string[];
    /** A record's own path: GET it, PUT or PATCH it, DELETE it. */
    one: string[];
    create: string[];
    /** The asker's own records, whatever their review (a teacher's notices waiting for approval). */
    mine?: string[];
    /** Extra delete paths of the earlier contract (DELETE /Admition/deleteAdmition/{id}). */
    delete?: string[];
  };
  /** Wire field name to domain field name; the first wire name of a domain field is used in errors. */
  fields: Record<string, string>;
  /** Wire values that need converting before the domain sees them (roll "head" -> isFeatured). */
  convert?: Record<string, (value: unknown) => unknown>;
  /** Fields that carry the image: a file in multipart, or a link (http/https) as text. */
  imageFields?: string[];
  /** The multipart field that carries the record's document, for a kind whose records are a file. */
  documentField?: string;
  /** Documentation of wire fields whose rule the domain schema cannot show (a class list checked by a function). */
  fieldDocs?: Record<string, JsonSchema>;
  /**
   * Query parameters beyond limit, offset and q (comments' blogId): the collection's filters of
   * these names. One whose values are a closed list (a download's category) refuses another
   * value with 400 naming it, where an unknown id (a blog's) lists nothing.
   */
  filters?: string[];
  /**
   * Fields of the answer that not everyone sees, by wire name: "signed-in", "admin" or "author
   * or admin" (the record's writer). Any other field is shown to everyone. An answer leaves out
   * what its asker may not see; this says so as data (for the API's documentation).
   */
  visibleTo?: Readonly<Record<string, Audience>>;
  /** A record as the actor may see it: built from the domain's rule of the kind (teacherSeenBy...). */
  toWire(record: Item, actor: Actor): Record<string, unknown>;
  /**
   * How toWire's record looks to an admin, for the documentation and the answer checks
   * (server/api/wire-schemas.ts); the fields of visibleTo are made optional for the others.
   */
  wire: z.ZodObject;
};

/** Creation time as the wire's `date`: an ISO timestamp. */
export const wireDate = (record: { createdAt: Date }) => record.createdAt.toISOString();

/** A column's value on the wire: its type, an enum's values, null where the column allows it. */
function columnWire(column: PgColumn): z.ZodType {
  const values = (column as { enumValues?: string[] }).enumValues;
  const type =
    column.dataType === "boolean"
      ? z.boolean()
      : column.dataType === "date"
        ? timestamp
        : column.dataType === "number"
          ? z.number()
          : values && values.length > 0
            ? z.enum(values as [string, ...string[]])
            : column.dataType === "string"
              ? z.string()
              : z.unknown();
  return column.notNull ? type : type.nullable();
}

type PlainRecord = Record<string, unknown> & { id: string; createdAt: Date; image?: ImageView | null };

/**
 * The plain REST of a kind without its own: /<kind>, /<kind>/{id}; its fields with a rule (its
 * input) under their own names; `image` and `imageSet` when records carry an image; its filters.
 */
export function plainRest(kind: KindName, table: PgTable): KindRest<PlainRecord> {
  const definition: KindDefinition = kinds[kind];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = definition.fields.flatMap((field) => (field.rule ? [field.name] : []));
  const hasImage = definition.image !== "none";
  const fieldWire = Object.fromEntries(
    names.map((name) => {
      const column = columns[name];
      if (!column) throw new Error(`${kind}: its table has no column ${name}`);
      return [name, columnWire(column)];
    }),
  );
  return {
    tag: kind.charAt(0).toUpperCase() + kind.slice(1),
    paths: { list: [`/${kind}`], one: [`/${kind}/:id`], create: [`/${kind}`] },
    fields: Object.fromEntries(names.map((name) => [name, name])),
    imageFields: hasImage ? ["image"] : undefined,
    filters: Object.keys(definition.filters?.(ruleKit) ?? {}),
    wire: z.strictObject({
      _id: id,
      ...fieldWire,
      ...(hasImage ? imageFields("image") : {}),
      date: timestamp,
    }),
    toWire: (record) => ({
      _id: record.id,
      ...Object.fromEntries(
        names.map((name) => {
          const value = record[name];
          return [name, value instanceof Date ? value.toISOString() : value];
        }),
      ),
      ...(hasImage ? { image: record.image?.url ?? null, imageSet: record.image ?? null } : {}),
      date: wireDate(record),
    }),
  };
}
