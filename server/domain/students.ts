// Students, the server's part (common/kinds/students.ts is the definition): its table, who sees
// what, and its REST names (the specification's `position` is the class, `img` the image).

import { z } from "zod";
import type { ClassName } from "../../common/classes";
import { classOptions } from "../../common/classes";
import type { ReviewStatus } from "../../common/schemas/content";
import { wireDate } from "../api/kind-rest";
import { classNameDoc, email, id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { students } from "../db/schema";
import type { Actor } from "./actor";
import { adminsOrEveryone, shownTo, unapprovedHiddenFromNonAdmins } from "./content/collection";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** A student's e-mail is for admins only. */
export const studentFieldsSeen = { email: "admin" } as const;

/** A student as this actor may see them (fields they may not read are left out). */
export const studentSeenBy = <T extends { email: string }>(actor: Actor, student: T) =>
  shownTo(actor, student, studentFieldsSeen);

/** A fresh installation's students, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 336,
    label: "Student",
    square: true,
    place: 5,
    titles: (year) => sampleStudents(year).map((item) => item.name),
  },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, students, sampleStudents(seeding.year), (item) => item.name),
  }),
};

export const studentKind = serverKind({
  samples,
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

export type SampleStudent = {
  name: string;
  email: string;
  description: string;
  className: ClassName;
  status: ReviewStatus;
};

/** The sample students: approved, but one waiting for review (the dashboard's queue). */
export function sampleStudents(_year: number): SampleStudent[] {
  return [
    {
      name: "Ayesha Siddiqua",
      email: "ayesha.siddiqua@student.maktab.example",
      description:
        "Ayesha enjoys Bangla literature and leads the class debating team. She hopes to become a teacher.",
      className: "Class Eight",
      status: "approved",
    },
    {
      name: "Tanvir Ahmed",
      email: "tanvir.ahmed@student.maktab.example",
      description: "Tanvir loves mathematics and built a solar lamp for the science fair.",
      className: "Class Nine",
      status: "approved",
    },
    {
      name: "Nusrat Jahan",
      email: "nusrat.jahan@student.maktab.example",
      description: "Nusrat completed the memorisation of the Quran this year. She also enjoys calligraphy.",
      className: "Alim",
      status: "approved",
    },
    {
      name: "Abdullah Al Mamun",
      email: "abdullah.mamun@student.maktab.example",
      description: "Abdullah is the captain of the football team and a keen reader of history books.",
      className: "Class Ten",
      status: "approved",
    },
    {
      name: "Fatema Akter",
      email: "fatema.akter@student.maktab.example",
      description:
        "Fatema joined this year and already has perfect attendance. Her favourite subject is English.",
      className: "Class Six",
      status: "approved",
    },
    {
      name: "Rafiul Islam",
      email: "rafiul.islam@student.maktab.example",
      description: "Rafiul likes drawing and gardening, and helped lead tree planting week.",
      className: "Class Five",
      status: "approved",
    },
    {
      name: "Sumaiya Rahman",
      email: "sumaiya.rahman@student.maktab.example",
      description: "Sumaiya is a member of the science club and wants to study medicine.",
      className: "Class Seven",
      status: "approved",
    },
    {
      name: "Mahmudul Hasan",
      email: "mahmudul.hasan@student.maktab.example",
      description: "Mahmudul recites the Quran beautifully and often leads the morning assembly.",
      className: "Class Three",
      status: "pending",
    },
  ];
}
