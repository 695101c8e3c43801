// Teachers, the server's part (common/kinds/teachers.ts is the definition): its table, who sees
// what, the featured teachers, and its REST names (roll "head" marks a featured teacher).

import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { teacherPositions } from "../../common/kinds/teachers";
import type { ReviewStatus } from "../../common/schemas/content";
import { wireDate } from "../api/kind-rest";
import { email, id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { teachers, uploadedFiles } from "../db/schema";
import type { Actor } from "./actor";
import {
  adminsSignedInOrEveryone,
  type ContentContext,
  shownTo,
  unapprovedHiddenFromNonAdmins,
} from "./content/collection";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

const hiddenFrom = unapprovedHiddenFromNonAdmins(teachers.status);

/** A teacher's e-mail and phone are for signed-in users; the home address for admins only. */
export const teacherFieldsSeen = { email: "signed-in", phone: "signed-in", address: "admin" } as const;

/** A teacher as this actor may see them (fields they may not read are left out). */
export const teacherSeenBy = <T extends { email: string; phone: string; address: string }>(
  actor: Actor,
  teacher: T,
) => shownTo(actor, teacher, teacherFieldsSeen);

/** A fresh installation's teachers, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 42,
    label: "Teacher",
    square: true,
    place: 6,
    titles: (year) => sampleTeachers(year).map((item) => item.name),
  },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, teachers, sampleTeachers(seeding.year), (item) => item.name),
  }),
};

export const teacherKind = serverKind({
  samples,
  kind: "teachers",
  table: teachers,
  hiddenFrom,
  // Signed-in readers see more of each teacher than visitors do (teacherFieldsSeen).
  views: adminsSignedInOrEveryone,
  // New teachers wait for review, whatever the request says; an admin's approval publishes them.
  onCreate: () => ({ status: "pending" }),
  rest: {
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
    wire: z.strictObject({
      _id: id,
      name: z.string(),
      email,
      phone: z.string(),
      address: z.string(),
      about: z.string(),
      position: z.enum(teacherPositions).nullable(),
      cetagory: z.string(),
      ...imageFields("image"),
      status: reviewStatusWire,
      roll: z.enum(["head", ""]).meta({ description: '"head": featured on the home page' }),
      date: timestamp,
    }),
    visibleTo: teacherFieldsSeen,
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
  },
});

export const teacherCollection = teacherKind.collection;

/**
 * The featured teachers (the specification's roll = "head") for the home page: newest first,
 * at most `limit`, with the collection's visibility (approved ones, all for admins), kept for
 * the reader's view as the collection's own lists are.
 */
export function listFeaturedTeachers(ctx: ContentContext, actor: Actor, limit: number) {
  return teacherCollection.remembered(ctx, actor, `featured ${limit}`, async () => {
    const rows = await ctx.db
      .select({ row: teachers, file: uploadedFiles })
      .from(teachers)
      .leftJoin(uploadedFiles, eq(teachers.imageFileId, uploadedFiles.id))
      .where(and(eq(teachers.isFeatured, true), hiddenFrom(actor)))
      .orderBy(desc(teachers.createdAt), desc(teachers.id))
      .limit(limit);
    return rows.map(({ row, file }) => ({
      ...row,
      image: file ? ctx.images.view(file) : row.imageUrl ? { url: row.imageUrl } : null,
    }));
  });
}

export type SampleTeacher = {
  name: string;
  email: string;
  phone: string;
  address: string;
  about: string;
  position: (typeof teacherPositions)[number];
  category: string;
  status: ReviewStatus;
  isFeatured: boolean;
};

/** The sample teachers: approved, but one waiting for review (the dashboard's queue). */
export function sampleTeachers(_year: number): SampleTeacher[] {
  return [
    {
      name: "Mawlana Abdur Rahim",
      email: "abdur.rahim@maktab.example",
      phone: "+880 1711-000101",
      address: "House 12, Road 5, Mirpur 10, Dhaka 1216",
      about:
        "Principal of the institute for twelve years. He studied at Dhaka Alia Madrasah and teaches Tafsir and Hadith to the Alim classes.",
      position: "principal",
      category: "Arabic",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Farhana Yasmin",
      email: "farhana.yasmin@maktab.example",
      phone: "+880 1812-000202",
      address: "Agrabad Commercial Area, Chattogram 4100",
      about:
        "Vice-principal and head of English. She holds a master's degree in English literature and runs the school's debating club.",
      position: "vice-principal",
      category: "English",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Kamrul Hasan",
      email: "kamrul.hasan@maktab.example",
      phone: "+880 1911-000303",
      address: "Zindabazar, Sylhet 3100",
      about: "Teaches mathematics to Classes Six to Ten and coaches students for the mathematics olympiad.",
      position: "Teacher",
      category: "Mathematics",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Shamima Nasrin",
      email: "shamima.nasrin@maktab.example",
      phone: "+880 1712-000404",
      address: "Shaheb Bazar, Rajshahi 6100",
      about: "Teaches Bangla language and literature and organises the annual cultural programme.",
      position: "Teacher",
      category: "Bangla",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Hafez Nurul Amin",
      email: "nurul.amin@maktab.example",
      phone: "+880 1713-000505",
      address: "Kotwali, Cumilla 3500",
      about:
        "Leads the Hifz section. He has guided more than eighty students to complete the memorisation of the Quran.",
      position: "Teacher",
      category: "Quran",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Rezaul Karim",
      email: "rezaul.karim@maktab.example",
      phone: "+880 1714-000606",
      address: "Khalishpur, Khulna 9000",
      about:
        "Teaches physics and chemistry and looks after the science lab. He mentors the science fair teams.",
      position: "Teacher",
      category: "Science",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Taslima Begum",
      email: "taslima.begum@maktab.example",
      phone: "+880 1715-000707",
      address: "Ganginarpar, Mymensingh 2200",
      about:
        "Teaches biology and general science to the junior classes, with a love for field trips and nature walks.",
      position: "Teacher",
      category: "Science",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Imran Hossain",
      email: "imran.hossain@maktab.example",
      phone: "+880 1716-000808",
      address: "Band Road, Barishal 8200",
      about:
        "Joining this session to teach ICT and run the computer lab. He has worked as a software developer.",
      position: "Teacher",
      category: "ICT",
      status: "pending",
      isFeatured: false,
    },
  ];
}
