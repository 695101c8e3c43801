// Notices, the server's part (common/kinds/notices.ts is the definition): the download a notice
// carries (it must exist; a page of notices reads theirs in one query), and its REST names (the
// specification spells the title `Title`; `title` is taken too).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { downloads, notices } from "../db/schema";
import { serverKind } from "./content/server-kind";
import { downloadFilePath } from "./downloads";
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
  rest: {
    tag: "Notices",
    paths: { list: ["/Notice/notices"], one: ["/Notice/notices/:id"], create: ["/Notice/notices"] },
    fields: { Title: "title", title: "title", about: "about", downloadId: "downloadId" },
    imageFields: ["image"],
    wire: z.strictObject({
      _id: id,
      Title: z.string(),
      about: z.string(),
      ...imageFields("image"),
      download: z
        .strictObject({
          _id: id,
          title: z.string(),
          fileName: z.string().meta({ description: "The file's name, as the download saves it" }),
          fileSize: z.number().int().meta({ description: "In bytes" }),
          file: z.string().meta({ description: "The file's address (GET it to download; each counts)" }),
        })
        .nullable()
        .meta({ description: "A file of the downloads the notice carries, or null" }),
      date: timestamp,
    }),
    toWire: (notice) => {
      const download = (notice as { download?: NoticeDownload | null }).download ?? null;
      return {
        _id: notice.id,
        Title: notice.title,
        about: notice.about,
        image: notice.image?.url ?? null,
        imageSet: notice.image,
        download: download && {
          _id: download.id,
          title: download.title,
          fileName: download.fileName,
          fileSize: download.fileSize,
          file: downloadFilePath(download.id),
        },
        date: wireDate(notice),
      };
    },
  },
});

export const noticeCollection = noticeKind.collection;
