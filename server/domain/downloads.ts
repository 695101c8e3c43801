// Downloads, the server's part (common/kinds/downloads.ts is the definition). The file is stored
// by the documents' store (server/files/documents.ts) and goes with its record. On the wire: the
// list (category, q), one, add, change and delete (admins, with the file in a multipart body as
// `file`); the file itself is its own call (server/api/downloads.ts).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DownloadType, downloadCategories, downloadTypes } from "../../common/kinds/downloads";
import { wireDate } from "../api/kind-rest";
import { id, timestamp } from "../api/wire-schemas";
import { downloads } from "../db/schema";
import { documentContentTypes } from "../files/documents";
import { slugify } from "../files/uploads";
import { simplePdf } from "../sample-content/pdf";
import type { Actor } from "./actor";
import type { ContentContext } from "./content/collection";
import type { KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** Where a download's file is fetched (each GET counts). */
export const downloadFilePath = (id: string) => `/api/downloads/${id}/file`;

const dayMs = 24 * 60 * 60 * 1000;

/** A fresh installation's downloads: one-page PDFs written before the rows go in (seed.ts). */
const samples: KindSamples = {
  prepare: async (files, now, written) => {
    const rows = [];
    for (const [index, sample] of sampleDownloads.entries()) {
      const bytes = simplePdf(sample.title, sample.lines);
      const key = `downloads/sample-${slugify(sample.title)}-${randomUUID().slice(0, 8)}.pdf`;
      await files.put(key, Buffer.from(bytes), "application/pdf");
      written.push(key);
      const at = new Date(now - (index * 6 + 3) * dayMs);
      rows.push({
        title: sample.title,
        category: sample.category,
        description: sample.description,
        fileKey: key,
        fileName: sample.fileName,
        fileSize: bytes.length,
        fileType: "pdf" as const,
        createdAt: at,
        updatedAt: at,
      });
    }
    return rows;
  },
  insert: async ({ db, prepared }) => {
    const rows = await db
      .insert(downloads)
      .values(prepared as (typeof downloads.$inferInsert)[])
      .returning({ id: downloads.id, title: downloads.title, createdAt: downloads.createdAt });
    return { rows };
  },
};

export const downloadKind = serverKind({
  samples,
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

export type SampleDownload = {
  title: string;
  category: "form" | "syllabus" | "routine" | "notice" | "other";
  description: string;
  /** The file's name as readers save it (a Bangla one too). */
  fileName: string;
  /** The PDF's lines of text. */
  lines: string[];
};

/** The downloads' samples: small one-page PDFs made at start (server/sample-content/pdf.ts). */
export const sampleDownloads: SampleDownload[] = [
  {
    title: "Admission form",
    category: "form",
    description: "Fill in and bring to the office with two photos and the birth certificate.",
    fileName: "ভর্তি ফরম.pdf",
    lines: ["Student's name:", "Father's name:", "Mother's name:", "Date of birth:", "Class sought:"],
  },
  {
    title: "Class Nine syllabus",
    category: "syllabus",
    description: "Chapters for the half-yearly and the annual examinations, subject by subject.",
    fileName: "class-nine-syllabus.pdf",
    lines: ["Bangla: chapters 1 to 6", "English: units 1 to 5", "Mathematics: chapters 1 to 7"],
  },
  {
    title: "Class routine, morning shift",
    category: "routine",
    description: "Periods from Saturday to Thursday for Classes Six to Ten.",
    fileName: "routine-morning-shift.pdf",
    lines: ["Period 1: 8:00 to 8:45", "Period 2: 8:45 to 9:30", "Tiffin: 10:15 to 10:35"],
  },
  {
    title: "Winter holiday notice",
    category: "notice",
    description: "The institute is closed from 25 December to 1 January.",
    fileName: "winter-holiday-notice.pdf",
    lines: ["The institute is closed from 25 December to 1 January.", "Classes resume on 2 January."],
  },
];
