// A download's file at /downloads/{id}/file: the downloads' own call beside the records' (which
// are the registry's: server/domain/downloads.ts's `rest`).
import { z } from "zod";
import { downloadFile } from "../domain/downloads";
import { documentContentTypes } from "../files/documents";
import { attachment } from "./content-disposition";
import { endpoint, FileAnswer } from "./endpoint";

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

export const downloadFileEndpoints = [fileEndpoint];
