// Results: announcements of exam results (a post with a title, text and an image), not the
// marks themselves (server/results/). Admins add them; everyone sees them.
import { defineKind } from "./define";

export const results = defineKind({
  one: "result",
  texts: {
    label: { en: "Result", bn: "ফলাফল" },
    menu: { en: "Results", bn: "ফলাফল" },
    add: { en: "Add result", bn: "ফলাফল যোগ করুন" },
    heading: { en: "ADD RESULT", bn: "ফলাফল যোগ করুন" },
    overview: { en: "Results", bn: "ফলাফল" },
    audit: { en: "Result", bn: "ফলাফল" },
    deleteOne: { en: "result", bn: "ফলাফল" },
    deleteOther: { en: "results", bn: "ফলাফল" },
  },
  addPath: "AddResult",
  publicPath: "/resultAll",
  titleField: "title",
  image: "optional",
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
      name: "information",
      rule: (r) => r.optionalText("information", 10000, "many"),
      widget: "textarea",
      label: "forms.information",
    },
  ],
});
