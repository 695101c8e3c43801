// Students, the server's part (common/kinds/students.ts is the definition): its table, who sees
// what, and its REST names (the specification's `position` is the class, `img` the image).
import { z } from "zod";
import { classOptions } from "../../common/classes";
import { wireDate } from "../api/kind-rest";
import { classNameDoc, email, id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { students } from "../db/schema";
import type { Actor } from "./actor";
import { adminsOrEveryone, shownTo, unapprovedHiddenFromNonAdmins } from "./content/collection";
import { serverKind } from "./content/server-kind";

/** A student's e-mail is for admins only. */
export const studentFieldsSeen = { email: "admin" } as const;

/** A student as this actor may see them (fields they may not read are left out). */
export const studentSeenBy = <T extends { email: string }>(actor: Actor, student: T) =>
  shownTo(actor, student, studentFieldsSeen);

export const studentKind = serverKind({
  kind: "students",
  table: students,
  hiddenFrom: unapprovedHiddenFromNonAdmins(students.status),
  views: adminsOrEveryone,
  // New students wait for review, whatever the request says; an admin's approval publishes them.
  onCreate: () => ({ status: "pending" }),
  rest: {
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
    wire: z.strictObject({
      _id: id,
      name: z.string(),
      email,
      description: z.string(),
      position: z.enum(classOptions).nullable().meta({ description: "The class" }),
      ...imageFields("img"),
      status: reviewStatusWire,
      date: timestamp,
    }),
    visibleTo: studentFieldsSeen,
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
  },
});

export const studentCollection = studentKind.collection;
