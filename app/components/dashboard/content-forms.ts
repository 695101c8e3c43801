// The dashboard's add forms, one short description per kind: the fields (in the domain's plain
// English names), the collection they go to, the schema the browser checks with (the server's
// own, loaded on first use) and whether the record needs an image.
import type { z } from "zod";
import { classOptions } from "../../../common/classes";
import type { MessageKey } from "../../i18n";

export type FieldType = "text" | "textarea" | "email" | "select" | "number" | "url";

export type FormField = {
  name: string;
  label: MessageKey;
  type: FieldType;
  required?: boolean;
  /** For selects: stored values and their labels. */
  options?: { value: string; label: MessageKey }[];
};

export type ContentKind = "admission" | "result" | "blog" | "notice" | "service" | "student" | "teacher";

export type ContentForm = {
  kind: ContentKind;
  heading: MessageKey;
  /** The key of the collection in app/lib/collections.server.ts. */
  collection: "admissions" | "results" | "blogs" | "notices" | "services" | "students" | "teachers";
  fields: FormField[];
  schema: () => Promise<z.ZodType>;
  image: "required" | "optional";
};

const schemas = () => import("../../../common/schemas/content");

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

export const contentForms: Record<ContentKind, ContentForm> = {
  admission: {
    kind: "admission",
    heading: "forms.admission.heading",
    collection: "admissions",
    fields: [
      { name: "title", label: "forms.title", type: "text", required: true },
      { name: "priceMinor", label: "forms.price", type: "text", required: true },
      { name: "about", label: "forms.about", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.admissionInput),
    image: "required",
  },
  result: {
    kind: "result",
    heading: "forms.result.heading",
    collection: "results",
    fields: [
      { name: "title", label: "forms.title", type: "text", required: true },
      { name: "information", label: "forms.information", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.resultInput),
    image: "optional",
  },
  blog: {
    kind: "blog",
    heading: "forms.blog.heading",
    collection: "blogs",
    fields: [
      { name: "title", label: "forms.title", type: "text", required: true },
      { name: "authorEmail", label: "forms.authorEmail", type: "email", required: true },
      { name: "category", label: "forms.category", type: "text" },
      { name: "body", label: "forms.body", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.blogInput),
    image: "optional",
  },
  notice: {
    kind: "notice",
    heading: "forms.notice.heading",
    collection: "notices",
    fields: [
      { name: "title", label: "forms.title", type: "text", required: true },
      { name: "about", label: "forms.about", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.noticeInput),
    image: "optional",
  },
  service: {
    kind: "service",
    heading: "forms.service.heading",
    collection: "services",
    fields: [
      { name: "name", label: "forms.serviceName", type: "text", required: true },
      { name: "about", label: "forms.about", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.serviceInput),
    image: "optional",
  },
  student: {
    kind: "student",
    heading: "forms.student.heading",
    collection: "students",
    fields: [
      { name: "name", label: "forms.name", type: "text", required: true },
      { name: "email", label: "forms.email", type: "email", required: true },
      {
        name: "className",
        label: "forms.class",
        type: "select",
        options: classOptions.map((value) => ({ value, label: classKeys[value] })),
      },
      { name: "description", label: "forms.description", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.studentInput),
    image: "optional",
  },
  teacher: {
    kind: "teacher",
    heading: "forms.teacher.heading",
    collection: "teachers",
    fields: [
      { name: "name", label: "forms.name", type: "text", required: true },
      { name: "email", label: "forms.email", type: "email", required: true },
      { name: "phone", label: "forms.phone", type: "text", required: true },
      { name: "address", label: "forms.address", type: "text", required: true },
      {
        name: "position",
        label: "forms.position",
        type: "select",
        options: [
          { value: "principal", label: "lists.position.principal" },
          { value: "vice-principal", label: "lists.position.vicePrincipal" },
          { value: "Teacher", label: "lists.position.teacher" },
        ],
      },
      { name: "category", label: "forms.category", type: "text" },
      { name: "about", label: "forms.about", type: "textarea" },
    ],
    schema: () => schemas().then((m) => m.teacherInput),
    image: "optional",
  },
};

/** The kind an add page serves, from the last part of its path (matched case-insensitively). */
export function kindOfPath(pathname: string): ContentKind | undefined {
  const last = pathname.replace(/\/+$/, "").split("/").pop()?.toLowerCase() ?? "";
  const byPath: Record<string, ContentKind> = {
    addadmition: "admission",
    addresult: "result",
    blogadd: "blog",
    noticeadd: "notice",
    servicesadd: "service",
    studentadd: "student",
    teacheradd: "teacher",
  };
  return byPath[last];
}
