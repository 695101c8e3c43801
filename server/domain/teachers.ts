import { and, desc, eq } from "drizzle-orm";
import { teacherInput } from "../../common/schemas/content";
import { teachers, uploadedFiles } from "../db/schema";
import type { Actor } from "./actor";
import {
  adminsOrEveryone,
  type ContentContext,
  collection,
  rejectedHiddenFromNonAdmins,
} from "./content/collection";

const hiddenFrom = rejectedHiddenFromNonAdmins(teachers.status);

export const teacherCollection = collection({
  name: "Teacher",
  table: teachers,
  input: teacherInput,
  searchColumn: teachers.name,
  create: "admin",
  change: "admin",
  image: "optional",
  hiddenFrom,
  views: adminsOrEveryone,
  // New teachers wait for review, whatever the request says.
  onCreate: () => ({ status: "pending" }),
});

/**
 * The featured teachers (the specification's roll = "head") for the home page: newest first,
 * at most `limit`, with the collection's visibility (rejected ones only for admins), kept for
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
