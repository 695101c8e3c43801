import { studentCollection, studentSeenBy } from "../domain/students";
import { contentEndpoints, type WireKind, wireDate } from "./content-endpoints";
import { classNameDoc, studentWire } from "./wire-schemas";

type Student = Awaited<ReturnType<typeof studentCollection.get>>;

export const studentWireKind: WireKind<Student> = {
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
  visibleTo: { email: "admin" },
  toWire: (record, actor) => {
    const student = studentSeenBy(actor, record);
    return {
      _id: student.id,
      name: student.name,
      email: student.email,
      description: student.description,
      position: student.className,
      img: student.image?.url ?? null,
      imageSet: student.image,
      status: student.status,
      date: wireDate(student),
    };
  },
};

export const studentEndpoints = contentEndpoints(studentWireKind);
