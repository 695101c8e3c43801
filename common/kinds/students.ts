// Students: the institute's students, each waiting for an admin's review before the public sees
// them. Admins add them; a student's e-mail is for admins only.
import type { MessageKey } from "../../i18n/en";
import { classOptions } from "../classes";
import { defineKind } from "./define";

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

export const students = defineKind({
  one: "student",
  texts: {
    label: { en: "Student", bn: "শিক্ষার্থী" },
    menu: { en: "Students", bn: "শিক্ষার্থী" },
    add: { en: "Add student", bn: "শিক্ষার্থী যোগ করুন" },
    heading: { en: "ADD STUDENT", bn: "শিক্ষার্থী যোগ করুন" },
    overview: { en: "Students", bn: "শিক্ষার্থী" },
    audit: { en: "Student", bn: "শিক্ষার্থী" },
    deleteOne: { en: "student", bn: "শিক্ষার্থী" },
    deleteOther: { en: "students", bn: "শিক্ষার্থী" },
  },
  addPath: "StudentAdd",
  publicPath: "/AllStudent",
  titleField: "name",
  image: "optional",
  reviewed: true,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "name",
      rule: (r) => r.requiredText("name", 20),
      widget: "text",
      label: "forms.name",
      required: true,
    },
    { name: "email", rule: (r) => r.email(), widget: "email", label: "forms.email", required: true },
    {
      name: "className",
      rule: (r) => r.className,
      widget: "select",
      label: "forms.class",
      options: classOptions.map((value) => ({ value, label: classKeys[value] })),
    },
    {
      name: "description",
      rule: (r) => r.optionalText("description", 2000, "many"),
      widget: "textarea",
      label: "forms.description",
    },
    { name: "status", rule: (r) => r.reviewStatus.optional() },
  ],
});
