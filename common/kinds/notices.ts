// Notices: the notice board's announcements, each may carry a file of the downloads (a form to
// fill in). Admins add them, published at once; a teacher's waits as pending, seen by no one but
// the admins, until an admin approves it (docs/decisions/0061).
import { defineKind } from "./define";

export const notices = defineKind({
  one: "notice",
  texts: {
    label: { en: "Notice", bn: "নোটিশ" },
    menu: { en: "Notices", bn: "নোটিশ" },
    add: { en: "Add notice", bn: "নোটিশ যোগ করুন" },
    heading: { en: "ADD NOTICE", bn: "নোটিশ যোগ করুন" },
    overview: { en: "Notices", bn: "নোটিশ" },
    audit: { en: "Notice", bn: "নোটিশ" },
    deleteOne: { en: "notice", bn: "নোটিশ" },
    deleteOther: { en: "notices", bn: "নোটিশ" },
  },
  addPath: "noticeADD",
  publicPath: "/notices",
  titleField: "title",
  image: "optional",
  reviewed: true,
  access: { create: "teacher", change: "admin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 200),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    {
      name: "about",
      rule: (r) => r.optionalText("about", 5000, "many"),
      widget: "textarea",
      label: "forms.about",
    },
    {
      name: "downloadId",
      // A file of the downloads the notice carries (a form to fill in), or "" for none.
      rule: ({ z, issue }) =>
        z
          .union([z.uuid({ error: issue("content.noticeDownload") }), z.literal("")], {
            error: issue("content.noticeDownload"),
          })
          .transform((value) => value || null)
          .optional(),
      widget: "reference",
      label: "forms.noticeDownload",
      references: "downloads",
    },
    { name: "status", rule: (r) => r.reviewStatus.optional() },
  ],
  filters: (r) => ({ status: { rule: r.reviewStatus } }),
});
