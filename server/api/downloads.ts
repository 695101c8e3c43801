// The downloads on the wire: list (category, q), one, add, change and delete (admins, with the
// file in a multipart body as `file`), and the file itself at /downloads/{id}/file.
import { z } from "zod";
import { downloadCollection, downloadFile } from "../domain/downloads";
import { documentContentTypes } from "../files/documents";
import { attachment } from "./content-disposition";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { endpoint, FileAnswer } from "./endpoint";
import { downloadWire } from "./wire-schemas";

/** Where a download's file is fetched (each GET counts). */
export const downloadFilePath = (id: string) => `/api/downloads/${id}/file`;

const downloadRecords = contentEndpoints({
  collection: downloadCollection,
  tag: "Downloads",
  paths: { list: ["/downloads"], one: ["/downloads/:id"], create: ["/downloads"] },
  fields: { title: "title", category: "category", description: "description" },
  documentField: "file",
  filters: ["category"],
  wire: downloadWire,
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
});

const fileEndpoint = endpoint({
  method: "GET",
  paths: ["/downloads/:id/file"],
  summary: "The download's file, to save: its name, its real type; each answer counts one download",
  tag: "Downloads",
  access: "anyone",
  params: z.object({ id: z.string() }),
  // Never kept by a cache: every download reaches the server and is counted.
  noStore: true,
  response: z.never(),
  fileTypes: Object.values(documentContentTypes),
  responseHeaders: ["Content-Disposition", "X-Content-Type-Options"],
  handle: async ({ services, actor, params }) => {
    const ctx = { db: services.db, images: services.images, documents: services.documents };
    const file = await downloadFile(ctx, actor, params.id);
    return new FileAnswer(file.bytes, documentContentTypes[file.type], {
      "Content-Disposition": attachment(file.name, `download.${file.type}`),
      "X-Content-Type-Options": "nosniff",
    });
  },
});

export const downloadEndpoints = [...downloadRecords, fileEndpoint];
