import { studentCollection } from "../domain/students";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { classNameDoc, studentWire } from "./wire-schemas";

export const studentEndpoints = contentEndpoints({
  collection: studentCollection,
  tag: "Students",
  paths: { list: ["/student/students"], one: ["/student/students/:id"], create: ["/student/addStudent"] },
  fields: {
    name: "name",
    email: "email",
    description: "description",
    position: "className",
    status: "status",
  },
  fieldDocs: { position: classNameDoc },
  imageFields: ["img", "image"],
  wire: studentWire,
  toWire: (student) => ({
    _id: student.id,
    name: student.name,
    email: student.email,
    description: student.description,
    position: student.className,
    img: student.image?.url ?? null,
    imageSet: student.image,
    status: student.status,
    date: wireDate(student),
  }),
});
