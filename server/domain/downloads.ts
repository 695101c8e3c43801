// Downloads, the server's part (common/kinds/downloads.ts is the definition). The file is stored
// by the documents' store (server/files/documents.ts) and goes with its record.
import { eq, sql } from "drizzle-orm";
import type { DownloadType } from "../../common/kinds/downloads";
import { downloads } from "../db/schema";
import type { Actor } from "./actor";
import type { ContentContext } from "./content/collection";
import { serverKind } from "./content/server-kind";

export const downloadKind = serverKind({
  kind: "downloads",
  table: downloads,
  document: true,
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
