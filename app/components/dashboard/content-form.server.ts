// What the add and edit forms share on the server: reading the posted multipart form (the
// kind's fields, a document for a kind whose records are a file, and the image: a file, a link,
// or an edit's "remove the current image"),
// refusing an oversized body before reading it, and turning the domain's and the image
// pipeline's errors into the form's answer.

import type { RouterContextProvider } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { problem } from "../../../common/errors/problem";
import { kinds } from "../../../common/kinds";
import { formOverheadBytes } from "../../../server/api/router";
import type { SignedInActor } from "../../../server/domain/actor";
import { type DocumentInput, type ImageInput, pageSizes } from "../../../server/domain/content/collection";
import { DomainError, statusOf } from "../../../server/domain/errors";
import { ImageError } from "../../../server/files/images";
import { StorageFullError } from "../../../server/storage-full";
import { contentContext } from "../../lib/list-page.server";
import { pageOf } from "../../lib/page.server";
import type { FieldErrors } from "../../lib/use-schema-form";
import { collectionsByKind } from "./collections.server";
import type { ContentForm } from "./content-forms";

export type FormFailure = { ok: false; error: Problem | null; fields: FieldErrors };

/** A size as the image pipeline words it in its own too-large message. */
function sizeOf(bytes: number) {
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The posted fields, image and document, or the 413 answer when the body is too large. */
export async function readContentForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: ContentForm,
): Promise<
  | {
      input: Record<string, string>;
      image: ImageInput | undefined;
      document: DocumentInput | undefined;
      failure?: undefined;
    }
  | { failure: { body: FormFailure; status: number } }
> {
  const { services } = pageOf(context);
  const fileField = form.fields.find((field) => field.widget === "file")?.name;
  const [maxBytes, what, field] = fileField
    ? [services.config.downloadMaxBytes, "file", fileField]
    : [services.config.uploadMaxBytes, "image", "image"];
  const length = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(length) && length > maxBytes + formOverheadBytes) {
    const found = problem(what === "file" ? "upload.fileTooLarge" : "upload.imageTooLarge", {
      size: sizeOf(maxBytes),
    });
    return { failure: { body: { ok: false, error: found, fields: { [field]: found } }, status: 413 } };
  }
  const posted = await request.formData();
  const input: Record<string, string> = {};
  let document: DocumentInput | undefined;
  for (const field of form.fields) {
    const value = posted.get(field.name);
    if (field.widget === "file") {
      if (value instanceof File && value.size > 0)
        document = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
    } else if (typeof value === "string") input[field.name] = value;
    // An unticked box sends nothing: it says "no".
    else if (field.widget === "checkbox") input[field.name] = "";
  }
  const file = posted.get("image");
  const link = posted.get("imageLink");
  // A new file or link wins over the box that clears the current image; an empty link clears it.
  const image =
    file instanceof File && file.size > 0
      ? { file: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name } }
      : typeof link === "string" && link.trim()
        ? { link: link.trim() }
        : posted.get("removeImage") === "on"
          ? { link: "" }
          : undefined;
  return { input, image, document };
}

/** The form's answer to a domain, image or full-disk error; other errors are thrown again. */
export function failureOf(error: unknown): { body: FormFailure; status: number } {
  if (error instanceof StorageFullError)
    return { body: { ok: false, error: error.problem, fields: {} }, status: error.status };
  if (error instanceof ImageError)
    return {
      body: { ok: false, error: error.problem, fields: { image: error.problem } },
      status: error.status,
    };
  if (error instanceof DomainError)
    return {
      body: { ok: false, error: error.problem, fields: error.fieldProblems ?? {} },
      status: statusOf[error.code],
    };
  throw error;
}

/** A choice of a reference field: a record's id and its title. */
export type Choice = { value: string; label: string };

/**
 * The records each reference field of a form offers (a notice's download): the newest hundred of
 * the kind, by their titles, as the actor may see them, and the one an edit's record points at
 * (else saving the form would let go of it).
 */
export async function referenceChoices(
  context: Readonly<RouterContextProvider>,
  actor: SignedInActor,
  form: ContentForm,
  /** An edit's current values: a record it points at is offered even when older than those. */
  current: Record<string, string> = {},
): Promise<Record<string, Choice[]>> {
  const choices: Record<string, Choice[]> = {};
  for (const field of form.fields) {
    if (field.widget !== "reference" || !field.references) continue;
    const collection = collectionsByKind[field.references];
    const { titleField } = kinds[field.references];
    const { items } = await collection.list(contentContext(context), actor, {
      limit: pageSizes.max,
      offset: 0,
    });
    const records = [...items] as Record<string, unknown>[];
    const chosen = current[field.name];
    if (chosen && !records.some((record) => record.id === chosen)) {
      const kept = await collection.get(contentContext(context), actor, chosen).catch(() => null);
      if (kept) records.push(kept as Record<string, unknown>);
    }
    choices[field.name] = records.map((record) => ({
      value: String(record.id),
      label: String(record[titleField]),
    }));
  }
  return choices;
}
