// Teachers, the server's part (common/kinds/teachers.ts is the definition): its table and rules of its own.
import { and, desc, eq } from "drizzle-orm";
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

export const teacherKind = serverKind({
  kind: "teachers",
  table: teachers,
  hiddenFrom,
  // Signed-in readers see more of each teacher than visitors do (teacherFieldsSeen).
  views: adminsSignedInOrEveryone,
  // New teachers wait for review, whatever the request says; an admin's approval publishes them.
  onCreate: () => ({ status: "pending" }),
});

export const teacherCollection = teacherKind.collection;

/** A teacher's e-mail and phone are for signed-in users; the home address for admins only. */
export const teacherFieldsSeen = { email: "signed-in", phone: "signed-in", address: "admin" } as const;

/** A teacher as this actor may see them (fields they may not read are left out). */
export const teacherSeenBy = <T extends { email: string; phone: string; address: string }>(
  actor: Actor,
  teacher: T,
) => shownTo(actor, teacher, teacherFieldsSeen);

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
