// Teachers: each waits for an admin's review before the public sees them; the featured ones (the
// specification's roll = "head") show on the home page. A teacher's e-mail and phone are for
// signed-in users, the home address for admins only.
import { defineKind } from "./define";

export const teacherPositions = ["principal", "vice-principal", "Teacher"] as const;

export const teachers = defineKind({
  one: "teacher",
  texts: {
    label: { en: "Teacher", bn: "শিক্ষক" },
    menu: { en: "Teachers", bn: "শিক্ষক" },
    add: { en: "Add teacher", bn: "শিক্ষক যোগ করুন" },
    heading: { en: "ADD TEACHER", bn: "শিক্ষক যোগ করুন" },
    overview: { en: "Teachers", bn: "শিক্ষক" },
    audit: { en: "Teacher", bn: "শিক্ষক" },
    deleteOne: { en: "teacher", bn: "শিক্ষক" },
    deleteOther: { en: "teachers", bn: "শিক্ষক" },
  },
  addPath: "teacherADD",
  publicPath: "/teacher",
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
      name: "phone",
      rule: (r) => r.requiredText("phone", 30),
      widget: "text",
      label: "forms.phone",
      required: true,
    },
    {
      name: "address",
      rule: (r) => r.requiredText("address", 300, "many"),
      widget: "text",
      label: "forms.address",
      required: true,
    },
    {
      name: "position",
      rule: ({ z, issue }) =>
        z
          .union([z.enum(teacherPositions, { error: issue("content.position") }), z.literal("")], {
            error: issue("content.position"),
          })
          .transform((value) => value || null)
          .optional(),
      widget: "select",
      label: "forms.position",
      options: [
        { value: "principal", label: "lists.position.principal" },
        { value: "vice-principal", label: "lists.position.vicePrincipal" },
        { value: "Teacher", label: "lists.position.teacher" },
      ],
    },
    {
      name: "category",
      rule: (r) => r.optionalText("category", 50),
      widget: "text",
      label: "forms.category",
    },
    {
      name: "about",
      rule: (r) => r.optionalText("about", 5000, "many"),
      widget: "textarea",
      label: "forms.about",
    },
    { name: "status", rule: (r) => r.reviewStatus.optional() },
    {
      name: "isFeatured",
      rule: ({ z, issue }) =>
        z.boolean({ error: issue("field.notBoolean", { label: "featured" }) }).optional(),
    },
  ],
});
