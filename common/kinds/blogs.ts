// Blogs: admins write them from the dashboard (published at once); any signed-in user writes
// one from the profile, and it waits as pending until an admin approves it. Its author or an
// admin changes or deletes it (docs/decisions/0012-user-blogs-and-profile.md).
import { defineKind } from "./define";

export const blogs = defineKind({
  one: "blog",
  texts: {
    label: { en: "Blog", bn: "ব্লগ" },
    menu: { en: "Blogs", bn: "ব্লগ" },
    add: { en: "Add blog", bn: "ব্লগ যোগ করুন" },
    heading: { en: "ADD BOLG", bn: "ব্লগ যোগ করুন" },
    overview: { en: "Blogs", bn: "ব্লগ" },
    audit: { en: "Blog", bn: "ব্লগ" },
    deleteOne: { en: "blog", bn: "ব্লগ" },
    deleteOther: { en: "blogs", bn: "ব্লগ" },
  },
  addPath: "blogAdd",
  publicPath: "/blogs",
  titleField: "title",
  image: "optional",
  reviewed: true,
  access: { create: "user", change: "authorOrAdmin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 200),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    {
      name: "authorEmail",
      rule: (r) => r.email(),
      widget: "email",
      label: "forms.authorEmail",
      required: true,
    },
    {
      name: "category",
      rule: (r) => r.optionalText("category", 50),
      widget: "text",
      label: "forms.category",
    },
    {
      name: "body",
      rule: (r) => r.optionalText("body", 50000, "many"),
      widget: "textarea",
      label: "forms.body",
    },
    { name: "status", rule: (r) => r.reviewStatus.optional() },
  ],
  filters: (r) => ({
    status: { rule: r.reviewStatus },
    authorId: { rule: r.z.string().min(1).max(100) },
  }),
});
