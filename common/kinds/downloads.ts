// Files for visitors to download: forms, syllabuses, routines and notices as PDF, DOCX, XLSX or
// ODT. Everyone sees and downloads them; admins add, change and delete them. A record is its
// file (sent beside the fields, never as one: the `file` widget has no rule).
import { defineKind } from "./define";

/** What a download is: a form, a syllabus, a routine, a notice, or something else. */
export const downloadCategories = ["form", "syllabus", "routine", "notice", "other"] as const;
export type DownloadCategory = (typeof downloadCategories)[number];

/** The file types a download may be, decided from the file's bytes (server/files/documents.ts). */
export const downloadTypes = ["pdf", "docx", "xlsx", "odt"] as const;
export type DownloadType = (typeof downloadTypes)[number];

export const downloads = defineKind({
  one: "download",
  texts: {
    label: { en: "Download", bn: "ডাউনলোড" },
    menu: { en: "Downloads", bn: "ডাউনলোড" },
    add: { en: "Add download", bn: "ডাউনলোড যোগ করুন" },
    heading: { en: "ADD DOWNLOAD", bn: "ডাউনলোড যোগ করুন" },
    overview: { en: "Downloads", bn: "ডাউনলোড" },
    audit: { en: "Download", bn: "ডাউনলোড" },
    deleteOne: { en: "download", bn: "ডাউনলোড" },
    deleteOther: { en: "downloads", bn: "ডাউনলোড" },
  },
  addPath: "downloadAdd",
  publicPath: "/downloads",
  titleField: "title",
  image: "none",
  reviewed: false,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 200),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    {
      name: "category",
      rule: ({ z, issue }) =>
        z
          .union([z.enum(downloadCategories), z.literal("")], { error: issue("content.downloadCategory") })
          .transform((value) => value || "other")
          .optional(),
      widget: "select",
      label: "forms.downloadCategory",
      options: [
        { value: "form", label: "downloads.category.form" },
        { value: "syllabus", label: "downloads.category.syllabus" },
        { value: "routine", label: "downloads.category.routine" },
        { value: "notice", label: "downloads.category.notice" },
        { value: "other", label: "downloads.category.other" },
      ],
    },
    {
      name: "description",
      rule: (r) => r.optionalText("description", 5000, "many"),
      widget: "textarea",
      label: "forms.description",
    },
    { name: "file", widget: "file", label: "forms.file", required: true },
  ],
  filters: ({ z }) => ({
    category: {
      rule: z.enum(downloadCategories, {
        error: "category must be form, syllabus, routine, notice or other",
      }),
      closed: true,
    },
  }),
});
