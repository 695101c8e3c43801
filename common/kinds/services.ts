// Services: what the institute offers besides teaching (a library, transport). Admins add them;
// everyone sees them.
import { defineKind } from "./define";

export const services = defineKind({
  one: "service",
  texts: {
    label: { en: "Service", bn: "সেবা" },
    menu: { en: "Services", bn: "সেবা" },
    add: { en: "Add service", bn: "সেবা যোগ করুন" },
    heading: { en: "ADD SERVICE", bn: "সেবা যোগ করুন" },
    overview: { en: "Services", bn: "সেবা" },
    audit: { en: "Service", bn: "সেবা" },
    deleteOne: { en: "service", bn: "সেবা" },
    deleteOther: { en: "services", bn: "সেবা" },
  },
  addPath: "servicesAdd",
  publicPath: "/services",
  titleField: "name",
  image: "optional",
  reviewed: false,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "name",
      rule: (r) => r.requiredText("serviceName", 20),
      widget: "text",
      label: "forms.serviceName",
      required: true,
    },
    {
      name: "about",
      rule: (r) => r.optionalText("about", 5000, "many"),
      widget: "textarea",
      label: "forms.about",
    },
  ],
});
