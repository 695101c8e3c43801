// Comments on blogs: any signed-in user writes one; only its author or an admin changes or
// deletes it (the earlier product let anyone delete any comment: docs/decisions/0005). No add
// form of their own: they are written under a blog.
import { defineKind } from "./define";

export const comments = defineKind({
  one: "comment",
  texts: {
    label: { en: "Comment", bn: "মন্তব্য" },
    overview: { en: "Comments", bn: "মন্তব্য" },
    audit: { en: "Comment", bn: "মন্তব্য" },
    deleteOne: { en: "comment", bn: "মন্তব্য" },
    deleteOther: { en: "comments", bn: "মন্তব্য" },
  },
  addPath: null,
  publicPath: null,
  titleField: "message",
  image: "none",
  reviewed: false,
  access: { create: "user", change: "authorOrAdmin" },
  fields: [
    { name: "blogId", rule: (r) => r.uuid("blog") },
    { name: "name", rule: (r) => r.requiredText("name", 100) },
    { name: "email", rule: (r) => r.email() },
    { name: "message", rule: (r) => r.requiredText("message", 5000, "many") },
    { name: "photoUrl", rule: (r) => r.optionalLink("photo") },
  ],
  filters: (r) => ({ blogId: { rule: r.z.uuid({ error: "blogId must be a blog's id" }) } }),
});
