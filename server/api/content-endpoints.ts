// One REST adapter for every kind of content. A kind's wire description (server/api/kind-rest.ts)
// says its paths, how the specification's field names map to the domain's, which fields carry
// its image, and how a record looks on the wire; this turns it into list, get, create, update and
// delete calls.

import { z } from "zod";
import { englishFields } from "../../common/errors/english";
import { problem, problemOfIssue } from "../../common/errors/problem";
import { imageLink } from "../../common/schemas/content";
import type { Services } from "../container";
import {
  type Audience,
  type ContentCollection,
  type ContentContext,
  type DocumentInput,
  type ImageInput,
  listQuery,
} from "../domain/content/collection";
import { DomainError } from "../domain/errors";
import { Answer, type AnyEndpoint, endpoint, type JsonSchema, type UploadedFile } from "./endpoint";
import type { KindRest } from "./kind-rest";
import { toJsonSchema } from "./openapi";
import { changed, deleted, inserted } from "./wire-schemas";

const audienceText: Record<Audience, string> = {
  "signed-in": "signed-in users",
  admin: "admins",
  "author or admin": "its author and admins",
};

/** A kind's answer: its record, with each field of visibleTo optional and saying who sees it. */
function answerOf(kind: { tag: string; wire: z.ZodObject; visibleTo?: Readonly<Record<string, Audience>> }) {
  const limited = Object.entries(kind.visibleTo ?? {}).map(([field, audience]) => {
    const schema = kind.wire.shape[field];
    if (!schema) throw new Error(`${kind.tag}: visibleTo names "${field}", which its answer does not have`);
    const description = `Only for ${audienceText[audience]}; left out for everyone else`;
    return [field, schema.optional().meta({ description })] as const;
  });
  return kind.wire.extend(Object.fromEntries(limited));
}

/** A wire record without the fields its asker may not see (they are undefined, not null). */
const withoutUnseen = (wire: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(wire).filter(([, value]) => value !== undefined));

const jsonObject = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });
const idParams = z.object({ id: z.string() });

/** The wire's read-only fields that clients echo back in a body: accepted and ignored. */
const echoedFields = {
  _id: "The record's id (read-only: sent back, it is ignored)",
  date: "When the record was created (read-only: sent back, it is ignored)",
};

export function contentEndpoints<Item>(
  collection: ContentCollection<Item>,
  kind: KindRest<Item>,
): AnyEndpoint[] {
  const { tag, paths } = kind;
  const answer = answerOf(kind);
  const label = collection.name.toLowerCase();
  const aLabel = `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
  const wireNameOf = new Map<string, string>();
  for (const [wire, domain] of Object.entries(kind.fields))
    if (!wireNameOf.has(domain)) wireNameOf.set(domain, wire);
  const imageWireName = kind.imageFields?.[0] ?? "image";
  const ownPath = (id: string) => (paths.one[0] ?? "").replace(":id", encodeURIComponent(id));

  const context = (services: Services): ContentContext => ({
    db: services.db,
    images: services.images,
    documents: services.documents,
  });
  const fileFields = [...(kind.imageFields ?? []), ...(kind.documentField ? [kind.documentField] : [])];
  const acceptsFiles = fileFields.length > 0;

  /**
   * The specification's field names to the domain's. The router has refused fields the body's
   * documentation does not list; the read-only ones clients echo back (_id, date) are dropped.
   */
  function toDomain(body: Record<string, unknown>) {
    const input: Record<string, unknown> = {};
    for (const [wire, value] of Object.entries(body)) {
      const domain = kind.fields[wire];
      if (domain === undefined || value === undefined) continue;
      input[domain] = kind.convert?.[wire] ? kind.convert[wire](value) : value;
    }
    return input;
  }

  function imageOf(
    body: Record<string, unknown>,
    files: Record<string, UploadedFile>,
  ): ImageInput | undefined {
    for (const field of kind.imageFields ?? []) {
      const file = files[field];
      if (file) return { file };
    }
    for (const field of kind.imageFields ?? []) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      const link = imageLink.safeParse(value);
      if (!link.success) {
        const found = problemOfIssue(link.error.issues[0]?.message ?? "");
        throw new DomainError("invalid", found, { [field]: found });
      }
      return { link: link.data ?? "" };
    }
    return undefined;
  }

  /** The document sent as a file; a document field sent as text is refused, naming it. */
  function documentOf(
    body: Record<string, unknown>,
    files: Record<string, UploadedFile>,
  ): DocumentInput | undefined {
    const field = kind.documentField;
    if (!field) return undefined;
    if (files[field]) return files[field];
    if (body[field] !== undefined) {
      const found = problem("upload.multipart");
      throw new DomainError("invalid", found, { [field]: found });
    }
    return undefined;
  }

  /** Domain errors name domain fields; a client knows the wire's names. */
  async function inWireTerms<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError && error.fieldProblems) {
        const fields = Object.fromEntries(
          Object.entries(error.fieldProblems).map(([field, found]) => [
            field === "image"
              ? imageWireName
              : field === "file"
                ? (kind.documentField ?? field)
                : (wireNameOf.get(field) ?? field),
            found,
          ]),
        );
        const list = Object.entries(englishFields(fields))
          .map(([field, message]) => `${field}: ${message}`)
          .join("; ");
        throw new DomainError(error.code, error.problem, fields, `Invalid ${label}: ${list}`);
      }
      throw error;
    }
  }

  // The documented body: the domain's fields under their wire names, and the image fields.
  const domainSchema = toJsonSchema(collection.input);
  const bodyDoc: JsonSchema = { type: "object", properties: {}, required: [] };
  for (const [wire, domain] of Object.entries(kind.fields)) {
    const property = domainSchema.properties?.[domain] ?? {};
    const first = wireNameOf.get(domain);
    // A second wire name of a field (notices' title for Title) is taken too, so it is listed.
    (bodyDoc.properties as Record<string, JsonSchema>)[wire] =
      first === wire ? property : { ...property, description: `Another name for ${first}` };
    if (first === wire && domainSchema.required?.includes(domain)) bodyDoc.required?.push(wire);
  }
  Object.assign(bodyDoc.properties as Record<string, JsonSchema>, kind.fieldDocs);
  for (const field of kind.imageFields ?? []) {
    (bodyDoc.properties as Record<string, JsonSchema>)[field] = {
      type: "string",
      maxLength: 2048,
      pattern: "^(https?://\\S+|/files/\\S+)?$",
      description: "An image file (multipart), or a link (http or https); an empty string removes the image",
    };
  }
  if (kind.documentField) {
    (bodyDoc.properties as Record<string, JsonSchema>)[kind.documentField] = {
      type: "string",
      format: "binary",
      description:
        "The file, in a multipart/form-data body: PDF, DOCX, XLSX or ODT (read from its bytes), at most DOWNLOAD_MAX_BYTES",
    };
    bodyDoc.required?.push(kind.documentField);
  }
  // A record read and sent back whole carries these: accepted, never changed by a client.
  for (const [field, description] of Object.entries(echoedFields)) {
    (bodyDoc.properties as Record<string, JsonSchema>)[field] = { readOnly: true, description };
  }
  if (collection.image === "required")
    bodyDoc.description = `One of ${kind.imageFields?.join(", ")} is required`;

  const filterSchema = z.object(
    Object.fromEntries((kind.filters ?? []).map((name) => [name, z.string().optional()])),
  );
  const rules = Object.fromEntries(
    (kind.filters ?? []).flatMap((name) => {
      const filter = collection.filters[name];
      return filter?.closed ? [[name, filter.schema.optional()]] : [];
    }),
  );
  const query = listQuery.extend({ ...filterSchema.shape, ...rules });

  return [
    endpoint({
      method: "GET",
      paths: paths.list,
      summary: `List ${tag.toLowerCase()}, newest first (limit, offset, q${kind.filters?.length ? `, ${kind.filters.join(", ")}` : ""})`,
      tag,
      access: "anyone",
      sharedView: collection.viewOf,
      visibleTo: kind.visibleTo,
      query,
      response: z.array(answer),
      responseHeaders: ["X-Total-Count"],
      handle: async ({ services, actor, query }) => {
        const { limit, offset, q, ...rest } = query as z.output<typeof listQuery> &
          Record<string, string | undefined>;
        const filters = Object.fromEntries(
          Object.entries(rest).filter(([, value]) => value !== undefined),
        ) as Record<string, string>;
        for (const [name, value] of Object.entries(filters)) {
          const schema = collection.filters[name]?.schema;
          // An unknown blog id filters to nothing rather than failing.
          if (schema && !schema.safeParse(value).success) return new Answer([], { "X-Total-Count": "0" });
        }
        const { items, total } = await collection.list(context(services), actor, {
          limit,
          offset,
          q,
          filters,
        });
        return new Answer(
          items.map((item) => withoutUnseen(kind.toWire(item, actor))),
          { "X-Total-Count": String(total) },
        );
      },
    }),
    ...(paths.mine && collection.ownLists
      ? [
          endpoint({
            method: "GET",
            paths: paths.mine,
            summary:
              `The ${tag.toLowerCase()} the asker wrote, newest first, whatever their review ` +
              "(pending: waiting for an admin's approval, on no public list until approved)",
            tag,
            access: collection.access.create === "teacher" ? "teacher or admin" : "signed-in user",
            visibleTo: kind.visibleTo,
            query: listQuery,
            response: z.array(answer),
            responseHeaders: ["X-Total-Count"],
            handle: async ({ services, actor, query }) => {
              const { items, total } = await collection.listOwn(context(services), actor, query);
              return new Answer(
                items.map((item) => withoutUnseen(kind.toWire(item, actor))),
                { "X-Total-Count": String(total) },
              );
            },
          }),
        ]
      : []),
    endpoint({
      method: "GET",
      paths: paths.one,
      summary: `One ${label}`,
      tag,
      access: "anyone",
      sharedView: collection.viewOf,
      visibleTo: kind.visibleTo,
      params: idParams,
      response: answer,
      handle: async ({ services, actor, params }) =>
        withoutUnseen(kind.toWire(await collection.get(context(services), actor, params.id), actor)),
    }),
    endpoint({
      method: "POST",
      paths: paths.create,
      summary: `Add ${aLabel}`,
      tag,
      access:
        collection.access.create === "admin"
          ? "admin"
          : collection.access.create === "teacher"
            ? "teacher or admin"
            : "signed-in user",
      body: jsonObject,
      bodyDoc,
      acceptsFiles,
      fileFields,
      status: 201,
      response: inserted,
      responseHeaders: ["Location"],
      rateLimited: collection.access.create === "user",
      handle: async ({ services, actor, body, files }) => {
        const answer = await inWireTerms(() =>
          collection.create(
            context(services),
            actor,
            toDomain(body),
            imageOf(body, files),
            documentOf(body, files),
          ),
        );
        // The new record's own path.
        return new Answer(answer, { Location: `/api${ownPath(answer.insertedId)}` });
      },
    }),
    ...(["PUT", "PATCH"] as const).map((method) =>
      endpoint({
        method,
        paths: paths.one,
        summary: `Change ${aLabel} (only the fields sent)`,
        tag,
        access: collection.access.change === "admin" ? "admin" : "author or admin",
        params: idParams,
        body: jsonObject,
        bodyDoc: { ...bodyDoc, required: [] },
        acceptsFiles,
        fileFields,
        response: changed,
        handle: ({ services, actor, params, body, files }) =>
          inWireTerms(() =>
            collection.update(
              context(services),
              actor,
              params.id,
              toDomain(body),
              imageOf(body, files),
              documentOf(body, files),
            ),
          ),
      }),
    ),
    endpoint({
      method: "DELETE",
      paths: [...paths.one, ...(paths.delete ?? [])],
      summary: `Delete ${aLabel} and its stored ${kind.documentField ? "file" : "image"}`,
      tag,
      access: collection.access.change === "admin" ? "admin" : "author or admin",
      params: idParams,
      response: deleted,
      handle: ({ services, actor, params }) => collection.remove(context(services), actor, params.id),
    }),
  ];
}
