// Notices, the server's part (common/kinds/notices.ts is the definition): its table and rules of its own.
import { eq, inArray } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { downloads, notices } from "../db/schema";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";

/** The download a notice carries, as its readers see it. */
export type NoticeDownload = { id: string; title: string; fileName: string; fileSize: number };

export const noticeKind = serverKind({
  kind: "notices",
  table: notices,
  check: async (ctx, input) => {
    if (!input.downloadId) return;
    const [found] = await ctx.db
      .select({ id: downloads.id })
      .from(downloads)
      .where(eq(downloads.id, input.downloadId));
    if (!found) {
      const noDownload = problem("content.noticeDownload");
      throw new DomainError("invalid", noDownload, { downloadId: noDownload });
    }
  },
  // One query for a page of notices: the downloads they carry.
  attach: async (ctx, records) => {
    const ids = [...new Set(records.map((notice) => notice.downloadId).filter((id) => id !== null))];
    const carried = ids.length
      ? await ctx.db
          .select({
            id: downloads.id,
            title: downloads.title,
            fileName: downloads.fileName,
            fileSize: downloads.fileSize,
          })
          .from(downloads)
          .where(inArray(downloads.id, ids))
      : [];
    const byId = new Map(carried.map((download) => [download.id, download]));
    return records.map((notice) => ({
      download: (notice.downloadId && byId.get(notice.downloadId)) || null,
    }));
  },
});

export const noticeCollection = noticeKind.collection;
