// Downloads, the server's part (common/kinds/downloads.ts is the definition). The file is stored
// by the documents' store (server/files/documents.ts) and goes with its record. On the wire: the
// list (category, q), one, add, change and delete (admins, with the file in a multipart body as
// `file`); the file itself is its own call (server/api/downloads.ts).
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DownloadType, downloadCategories, downloadTypes } from "../../common/kinds/downloads";
import { wireDate } from "../api/kind-rest";
import { id, timestamp } from "../api/wire-schemas";
import { downloads } from "../db/schema";
import { documentContentTypes } from "../files/documents";
import type { Actor } from "./actor";
import type { ContentContext } from "./content/collection";
import { serverKind } from "./content/server-kind";

/** Where a download's file is fetched (each GET counts). */
export const downloadFilePath = (id: string) => `/api/downloads/${id}/file`;

export const downloadKind = serverKind({
  kind: "downloads",
  table: downloads,
  document: true,
  rest: {
    tag: "Downloads",
    paths: { list: ["/downloads"], one: ["/downloads/:id"], create: ["/downloads"] },
    fields: { title: "title", category: "category", description: "description" },
    documentField: "file",
    filters: ["category"],
    wire: z.strictObject({
      _id: id,
      title: z.string(),
      category: z.enum(downloadCategories),
      description: z.string(),
      fileName: z.string().meta({ description: "The file's name, as the download saves it" }),
      fileSize: z.number().int().meta({ description: "In bytes" }),
      fileType: z.enum(downloadTypes).meta({ description: "Read from the file's bytes" }),
      contentType: z.string().meta({ description: "The Content-Type the file is sent with" }),
      downloadCount: z.number().int().meta({ description: "How many times the file was downloaded" }),
      file: z.string().meta({ description: "The file's address (GET it to download; each counts)" }),
      date: timestamp,
    }),
    toWire: (download) => ({
      _id: download.id,
      title: download.title,
      category: download.category,
      description: download.description,
      fileName: download.fileName,
      fileSize: download.fileSize,
      fileType: download.fileType,
      contentType: documentContentTypes[download.fileType],
      downloadCount: download.downloadCount,
      file: downloadFilePath(download.id),
      date: wireDate(download),
    }),
  },
});

export const downloadCollection = downloadKind.collection;

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
