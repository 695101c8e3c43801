// Admissions: what the institute offers to book and pay for (a class's admission, a programme),
// with its price. Admins add them; everyone sees them.
import { defineKind } from "./define";

export const admissions = defineKind({
  one: "admission",
  texts: {
    label: { en: "Admission", bn: "ভর্তি" },
    menu: { en: "Admissions", bn: "ভর্তি" },
    add: { en: "Add admission", bn: "ভর্তি যোগ করুন" },
    heading: { en: "ADD ADMISSION", bn: "ভর্তি যোগ করুন" },
    overview: { en: "Admissions", bn: "ভর্তি" },
    audit: { en: "Admission", bn: "ভর্তি" },
    deleteOne: { en: "admission", bn: "ভর্তি" },
    deleteOther: { en: "admissions", bn: "ভর্তি" },
  },
  addPath: "AddAdmition",
  publicPath: "/admitionAll",
  titleField: "title",
  image: "required",
  reviewed: false,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 100),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    { name: "priceMinor", rule: (r) => r.price, widget: "text", label: "forms.price", required: true },
    {
      name: "about",
      rule: (r) => r.optionalText("about", 5000, "many"),
      widget: "textarea",
      label: "forms.about",
    },
  ],
});
