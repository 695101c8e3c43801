// Services: what the institute offers besides teaching (a library, transport). Admins add them;
// everyone sees them.
import { defineKind } from "./define";

export const services = defineKind({
  one: "service",
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
