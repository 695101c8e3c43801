// The kinds of content: each one definition (common/kinds/<kind>.ts: see define.ts), listed here
// once, with the server's part beside each (server/domain/<kind>.ts, listed in
// server/domain/kinds.ts). The dashboard's menu, add and edit forms and lists, the overview's
// counts, the audit trail's subjects, the delete question, the sitemap and the REST calls are
// made from this list. docs/adding-a-kind-of-content.md shows what a new kind needs.
import type { z } from "zod";
import type { LabelCode } from "../../i18n/errors/labels";
import { admissions } from "./admissions";
import { albums } from "./albums";
import { blogs } from "./blogs";
import { comments } from "./comments";
import { formFieldsOf, type KindDefinition } from "./define";
import { downloads } from "./downloads";
import { events } from "./events";
import { notices } from "./notices";
import { results } from "./results";
import { services } from "./services";
import { students } from "./students";
import { teachers } from "./teachers";

export type { FieldWidget, FormField, KindDefinition, KindField, ReferencedKind } from "./define";

export const kinds = {
  admissions,
  results,
  blogs,
  comments,
  notices,
  services,
  students,
  teachers,
  events,
  downloads,
  albums,
} satisfies Record<string, KindDefinition>;

/** A kind by the plural name in its addresses (/DeashBoard/list/notices). */
export type KindName = keyof typeof kinds;
/** A kind by one record's name: the audit subject. */
export type KindOne = (typeof kinds)[KindName]["one"];
/** The kinds with an add form, a dashboard list and an edit page. */
export type FormKindName = {
  [K in KindName]: (typeof kinds)[K]["addPath"] extends string ? K : never;
}[KindName];

export const kindNames = Object.keys(kinds) as KindName[];

export const formKindNames = kindNames.filter((name): name is FormKindName => kinds[name].addPath !== null);

/** The one-record names, in the registry's order (the audit trail's subjects). */
export const kindOnes = kindNames.map((name) => kinds[name].one) as KindOne[];

/** The kind an address names, by its plural (any capitalisation). */
export function kindNamed(value: string | undefined): KindName | undefined {
  const lower = value?.toLowerCase();
  return kindNames.find((name) => name === lower);
}

/** The kind whose add page is at the end of a path (matched case-insensitively). */
export function kindOfAddPath(pathname: string): FormKindName | undefined {
  const last = pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase() ?? "";
  return formKindNames.find((name) => kinds[name].addPath.toLowerCase() === last);
}

/** The fields a kind's add and edit forms show, in order. */
export const formFields = (kind: KindName) => formFieldsOf(kinds[kind]);

/** The rules both sides check a kind's records with, loaded on first use (the browser's forms). */
export const schemaOf = (kind: KindName): Promise<z.ZodType> =>
  import("./inputs").then((inputs) => inputs.kindInputs[kind]);

/**
 * A kind's label code, for messages that name it ("Event not found"): its `one`, whose words are
 * its definition's `texts.label` (common/kinds/texts.ts adds them to the catalogues' labels).
 */
export const kindLabel = (kind: KindName): LabelCode => kinds[kind].one as unknown as LabelCode;
