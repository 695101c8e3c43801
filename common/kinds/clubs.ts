// Clubs: the institute's clubs (debate, science, football), each a title, a text and an image.
// Admins add them; everyone sees them.
import { defineKind } from "./define";

export const clubs = defineKind({
  one: "club",
  texts: {
    label: { en: "Club", bn: "ক্লাব" },
    menu: { en: "Clubs", bn: "ক্লাব" },
    add: { en: "Add club", bn: "ক্লাব যোগ করুন" },
    heading: { en: "ADD CLUB", bn: "ক্লাব যোগ করুন" },
    overview: { en: "Clubs", bn: "ক্লাব" },
    audit: { en: "Club", bn: "ক্লাব" },
    deleteOne: { en: "club", bn: "ক্লাব" },
    deleteOther: { en: "clubs", bn: "ক্লাব" },
  },
  addPath: "clubAdd",
  publicPath: null,
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
      name: "body",
      rule: (r) => r.optionalText("body", 5000, "many"),
      widget: "textarea",
      label: { en: "What the club does", bn: "ক্লাবের কাজ" },
    },
  ],
});
