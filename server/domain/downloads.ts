// Files for visitors to download: forms, syllabuses, routines and notices as PDF, DOCX, XLSX or
// ODT. Everyone sees and downloads them; admins add, change and delete them. The file is stored
// by the documents' store (server/files/documents.ts) and goes with its record.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DownloadType, downloadCategories, downloadInput } from "../../common/schemas/content";
import { downloads } from "../db/schema";
import type { Actor } from "./actor";
import { type ContentContext, collection } from "./content/collection";

export const downloadCollection = collection({
  kind: "downloads",
  table: downloads,
  input: downloadInput,
  searchColumn: downloads.title,
  create: "admin",
  change: "admin",
  document: true,
  filters: {
    category: {
      column: downloads.category,
      schema: z.enum(downloadCategories, {
        error: "category must be form, syllabus, routine, notice or other",
      }),
      closed: true,
    },
  },
});

export type Download = typeof downloads.$inferSelect;

/**
 * A download's file for the reader: its bytes, name and type. Counts the download with one
 * UPDATE (download_count + 1), so two at once both count; only once the bytes were read.
 */
export async function downloadFile(
  ctx: ContentContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Uint8Array; name: string; type: DownloadType }> {
  const record = await downloadCollection.get(ctx, actor, id);
  if (!ctx.documents) throw new Error("Downloads: the context has no document store");
  const bytes = await ctx.documents.read(record.fileKey);
  await ctx.db
    .update(downloads)
    // updatedAt stays: it says when an admin last changed the record.
    .set({ downloadCount: sql`${downloads.downloadCount} + 1`, updatedAt: sql`${downloads.updatedAt}` })
    .where(eq(downloads.id, record.id));
  return { bytes, name: record.fileName, type: record.fileType };
}
