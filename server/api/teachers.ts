import { teacherCollection, teacherSeenBy } from "../domain/teachers";
import { contentEndpoints, type WireKind, wireDate } from "./content-endpoints";
import { teacherWire } from "./wire-schemas";

type Teacher = Awaited<ReturnType<typeof teacherCollection.get>>;

// roll "head" marks a featured teacher (shown on the home page).
export const teacherWireKind: WireKind<Teacher> = {
  collection: teacherCollection,
  tag: "Teachers",
  paths: {
    list: ["/teacher/teachers"],
    one: ["/teacher/teacher/:id", "/teacher/teachers/:id"],
    create: ["/teacher/addTeacher"],
  },
  fields: {
    name: "name",
    email: "email",
    phone: "phone",
    address: "address",
    about: "about",
    position: "position",
    cetagory: "category",
    status: "status",
    roll: "isFeatured",
  },
  convert: { roll: (roll) => (typeof roll === "string" ? roll.trim().toLowerCase() === "head" : roll) },
  fieldDocs: {
    roll: {
      anyOf: [{ type: "boolean" }, { type: "string" }],
      description: '"head" (or true) marks a featured teacher; anything else does not',
    },
  },
  imageFields: ["image", "img"],
  wire: teacherWire,
  visibleTo: { email: "signed-in", phone: "signed-in", address: "admin" },
  toWire: (record, actor) => {
    const teacher = teacherSeenBy(actor, record);
    return {
      _id: teacher.id,
      name: teacher.name,
      email: teacher.email,
      phone: teacher.phone,
      address: teacher.address,
      about: teacher.about,
      position: teacher.position,
      cetagory: teacher.category,
      image: teacher.image?.url ?? null,
      imageSet: teacher.image,
      status: teacher.status,
      roll: teacher.isFeatured ? "head" : "",
      date: wireDate(teacher),
    };
  },
};

export const teacherEndpoints = contentEndpoints(teacherWireKind);
