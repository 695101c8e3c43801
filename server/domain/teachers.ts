// Teachers, the server's part (common/kinds/teachers.ts is the definition): its table, who sees
// what, the featured teachers, and its REST names (roll "head" marks a featured teacher).
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { teacherPositions } from "../../common/kinds/teachers";
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
import { serverKind } from "./content/server-kind";

const hiddenFrom = unapprovedHiddenFromNonAdmins(teachers.status);

/** A teacher's e-mail and phone are for signed-in users; the home address for admins only. */
export const teacherFieldsSeen = { email: "signed-in", phone: "signed-in", address: "admin" } as const;

/** A teacher as this actor may see them (fields they may not read are left out). */
export const teacherSeenBy = <T extends { email: string; phone: string; address: string }>(
  actor: Actor,
  teacher: T,
) => shownTo(actor, teacher, teacherFieldsSeen);

export const teacherKind = serverKind({
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
