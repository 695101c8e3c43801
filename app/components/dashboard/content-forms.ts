// The dashboard's add and edit forms, made from the kinds' definitions (common/kinds): the
// fields (in the domain's plain English names), the schema the browser checks with (the
// server's own, loaded on first use), whether the record needs an image, and the heading.
import type { z } from "zod";
import {
  type FormField,
  type FormKindName,
  formFields,
  formKindNames,
  kinds,
  schemaOf,
} from "../../../common/kinds";
import type { TextRef } from "../../../i18n";
import { formKindTexts } from "./kind-texts";

export type { FormField };

/** A kind with an add form, by the plural name in its addresses. */
export type ContentKind = FormKindName;

export type ContentForm = {
  kind: ContentKind;
  heading: TextRef;
  fields: readonly FormField[];
  schema: () => Promise<z.ZodType>;
  image: "required" | "optional" | "none";
};

export const contentForms = Object.fromEntries(
  formKindNames.map((kind) => {
    const form: ContentForm = {
      kind,
      heading: formKindTexts(kind).heading,
      fields: formFields(kind),
      schema: () => schemaOf(kind),
      image: kinds[kind].image,
    };
    return [kind, form];
  }),
) as Record<ContentKind, ContentForm>;

export { kindOfAddPath as kindOfPath } from "../../../common/kinds";
