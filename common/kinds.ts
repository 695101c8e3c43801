// The kinds of content, one definition each: the part the browser may see (the server's part,
// with its table and rules, is server/domain/kinds.ts). The dashboard's menu, add and edit forms
// and lists, the overview's counts, the audit trail's subjects, the delete question and the
// sitemap are made from this list; a kind's texts are found by the names below (see
// app/lib/kind-texts.ts), so a kind without them fails the type check.
// docs/adding-a-kind-of-content.md lists what a new kind needs.
import type { z } from "zod";
import type { MessageKey } from "../i18n/en";
import { classOptions } from "./classes";

/** The form widget a field is entered with. */
export type FieldWidget =
  | "text"
  | "textarea"
  | "email"
  | "select"
  | "number"
  | "url"
  | "datetime-local"
  | "checkbox"
  /** A document (the downloads' file): sent as a file, stored by the server's documents' store. */
  | "file"
  /** A record of another kind (`references`), chosen from a list of them; empty for none. */
  | "reference";

/** The kinds whose records another kind's field may point at. */
export type ReferencedKind = "downloads";

export type KindField = {
  /** The domain's plain English name of the field (the schema's key). */
  name: string;
  label: MessageKey;
  widget: FieldWidget;
  required?: boolean;
  /** For selects: stored values and their labels. */
  options?: readonly { value: string; label: MessageKey }[];
  /** For references: the kind whose records are offered, by their titles. */
  references?: ReferencedKind;
};

export type KindDefinition = {
  /** One record's name, in lower case: the audit trail's subject, the add form's kind. */
  one: string;
  /** The dashboard's add page (the specification's spelling), or null: the kind has none (comments). */
  addPath: string | null;
  /** The public list page, for the sitemap and the menu, or null. */
  publicPath: string | null;
  /** The field a record is called by in lists, the audit trail and questions. */
  titleField: string;
  /** The date the dashboard's list shows beside the title: when the record was added, unless said. */
  listDate?: string;
  /** Whether records carry an image, and whether one is required. */
  image: "none" | "optional" | "required";
  /** Records wait for an admin's review (status pending, approved, rejected). */
  reviewed: boolean;
  /** The add and edit form's fields, in order. */
  fields: readonly KindField[];
  /** The rules both sides check with (common/schemas), loaded on first use in the browser. */
  schema: () => Promise<z.ZodType>;
};

const schemas = () => import("./schemas/content");

const classKeys: Record<(typeof classOptions)[number], MessageKey> = {
  "Class One": "lists.class.one",
  "Class Two": "lists.class.two",
  "Class Three": "lists.class.three",
  "Class Four": "lists.class.four",
  "Class Five": "lists.class.five",
  "Class Six": "lists.class.six",
  "Class Seven": "lists.class.seven",
  "Class Eight": "lists.class.eight",
  "Class Nine": "lists.class.nine",
  "Class Ten": "lists.class.ten",
  Alim: "lists.class.alim",
};

export const kinds = {
  admissions: {
    one: "admission",
    addPath: "AddAdmition",
    publicPath: "/admitionAll",
    titleField: "title",
    image: "required",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "priceMinor", label: "forms.price", widget: "text", required: true },
      { name: "about", label: "forms.about", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.admissionInput),
  },
  results: {
    one: "result",
    addPath: "AddResult",
    publicPath: "/resultAll",
    titleField: "title",
    image: "optional",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "information", label: "forms.information", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.resultInput),
  },
  blogs: {
    one: "blog",
    addPath: "blogAdd",
    publicPath: "/blogs",
    titleField: "title",
    image: "optional",
    reviewed: true,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "authorEmail", label: "forms.authorEmail", widget: "email", required: true },
      { name: "category", label: "forms.category", widget: "text" },
      { name: "body", label: "forms.body", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.blogInput),
  },
  comments: {
    one: "comment",
    addPath: null,
    publicPath: null,
    titleField: "message",
    image: "none",
    reviewed: false,
    fields: [],
    schema: () => schemas().then((m) => m.commentInput),
  },
  notices: {
    one: "notice",
    addPath: "noticeADD",
    publicPath: "/notices",
    titleField: "title",
    image: "optional",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "about", label: "forms.about", widget: "textarea" },
      { name: "downloadId", label: "forms.noticeDownload", widget: "reference", references: "downloads" },
    ],
    schema: () => schemas().then((m) => m.noticeInput),
  },
  services: {
    one: "service",
    addPath: "servicesAdd",
    publicPath: "/services",
    titleField: "name",
    image: "optional",
    reviewed: false,
    fields: [
      { name: "name", label: "forms.serviceName", widget: "text", required: true },
      { name: "about", label: "forms.about", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.serviceInput),
  },
  students: {
    one: "student",
    addPath: "StudentAdd",
    publicPath: "/AllStudent",
    titleField: "name",
    image: "optional",
    reviewed: true,
    fields: [
      { name: "name", label: "forms.name", widget: "text", required: true },
      { name: "email", label: "forms.email", widget: "email", required: true },
      {
        name: "className",
        label: "forms.class",
        widget: "select",
        options: classOptions.map((value) => ({ value, label: classKeys[value] })),
      },
      { name: "description", label: "forms.description", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.studentInput),
  },
  teachers: {
    one: "teacher",
    addPath: "teacherADD",
    publicPath: "/teacher",
    titleField: "name",
    image: "optional",
    reviewed: true,
    fields: [
      { name: "name", label: "forms.name", widget: "text", required: true },
      { name: "email", label: "forms.email", widget: "email", required: true },
      { name: "phone", label: "forms.phone", widget: "text", required: true },
      { name: "address", label: "forms.address", widget: "text", required: true },
      {
        name: "position",
        label: "forms.position",
        widget: "select",
        options: [
          { value: "principal", label: "lists.position.principal" },
          { value: "vice-principal", label: "lists.position.vicePrincipal" },
          { value: "Teacher", label: "lists.position.teacher" },
        ],
      },
      { name: "category", label: "forms.category", widget: "text" },
      { name: "about", label: "forms.about", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.teacherInput),
  },
  events: {
    one: "event",
    addPath: "eventAdd",
    publicPath: "/events",
    titleField: "title",
    listDate: "startsAt",
    image: "optional",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "startsAt", label: "forms.startsAt", widget: "datetime-local", required: true },
      { name: "endsAt", label: "forms.endsAt", widget: "datetime-local" },
      { name: "allDay", label: "forms.allDay", widget: "checkbox" },
      { name: "place", label: "forms.place", widget: "text" },
      {
        name: "category",
        label: "forms.eventCategory",
        widget: "select",
        options: [
          { value: "holiday", label: "events.category.holiday" },
          { value: "exam", label: "events.category.exam" },
          { value: "meeting", label: "events.category.meeting" },
          { value: "event", label: "events.category.event" },
        ],
      },
      { name: "description", label: "forms.description", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.eventInput),
  },
  downloads: {
    one: "download",
    addPath: "downloadAdd",
    publicPath: "/downloads",
    titleField: "title",
    image: "none",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      {
        name: "category",
        label: "forms.downloadCategory",
        widget: "select",
        options: [
          { value: "form", label: "downloads.category.form" },
          { value: "syllabus", label: "downloads.category.syllabus" },
          { value: "routine", label: "downloads.category.routine" },
          { value: "notice", label: "downloads.category.notice" },
          { value: "other", label: "downloads.category.other" },
        ],
      },
      { name: "description", label: "forms.description", widget: "textarea" },
      { name: "file", label: "forms.file", widget: "file", required: true },
    ],
    schema: () => schemas().then((m) => m.downloadInput),
  },
  albums: {
    one: "album",
    addPath: "albumAdd",
    publicPath: "/gallery",
    titleField: "title",
    listDate: "heldOn",
    // The album's pictures are its photos (album_photos), added on its photos page.
    image: "none",
    reviewed: false,
    fields: [
      { name: "title", label: "forms.title", widget: "text", required: true },
      { name: "heldOn", label: "forms.albumDate", widget: "datetime-local" },
      { name: "description", label: "forms.description", widget: "textarea" },
    ],
    schema: () => schemas().then((m) => m.albumInput),
  },
} as const satisfies Record<string, KindDefinition>;

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
