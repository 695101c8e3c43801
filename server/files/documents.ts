// The downloads' documents: PDF, DOCX, XLSX and ODT, their type decided from their bytes (never
// from the name or the browser's word), kept as they were sent under downloads/<name>-<random>.<ext>
// in the same file storage as the images, and read back only through /api/downloads/{id}/file.

import { randomBytes } from "node:crypto";
import path from "node:path";
import { unzipSync } from "fflate";
import { type Problem, problem } from "../../common/errors/problem";
import type { DownloadType } from "../../common/kinds/downloads";
import type { DocumentStore } from "../domain/content/collection";
import { DomainError } from "../domain/errors";
import type { FileStorage } from "./storage";
import { slugify } from "./uploads";

/** The Content-Type each accepted type is stored and served with. */
export const documentContentTypes: Record<DownloadType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
};

const odtMimetype = "application/vnd.oasis.opendocument.text";

/**
 * The document type the bytes are, or undefined. A ZIP is opened only to read its entries'
 * names and the small `mimetype` entry: nothing else is inflated, so a ZIP bomb costs nothing.
 */
export function sniffDocument(bytes: Uint8Array): DownloadType | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (ascii(0, 5) === "%PDF-") return "pdf";
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) return undefined;
  const names = new Set<string>();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        return file.name === "mimetype" && file.originalSize <= 100;
      },
    });
  } catch {
    return undefined;
  }
  const mimetype = entries.mimetype ? new TextDecoder().decode(entries.mimetype).trim() : undefined;
  if (mimetype === odtMimetype) return "odt";
  if (names.has("[Content_Types].xml") && names.has("word/document.xml")) return "docx";
  if (names.has("[Content_Types].xml") && names.has("xl/workbook.xml")) return "xlsx";
  return undefined;
}

/** A size in plain words for messages: 20 MB, 512 KB. */
function sizeInWords(bytes: number): string {
  const trim = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A file name fit to keep and send back: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string, type: DownloadType): string {
  const shown = [...path.basename(name.replace(/\\/g, "/"))]
    .filter((char) => char.charCodeAt(0) > 0x1f && char !== "\u007f" && char !== '"')
    .join("");
  const base = shown.trim();
  const kept = base.slice(0, 200) || `download.${type}`;
  // The name carries the type's extension, so the reader's computer opens it with the right program.
  return kept.toLowerCase().endsWith(`.${type}`) ? kept : `${kept}.${type}`;
}

const refused = (found: Problem) => new DomainError("invalid", found, { file: found });

export function createDocumentStore(deps: {
  files: FileStorage;
  maxBytes: number;
  logger?: { warn(obj: object, msg?: string): void };
}): DocumentStore {
  return {
    async store({ bytes, name }) {
      if (bytes.length === 0) throw refused(problem("upload.chooseFile"));
      if (bytes.length > deps.maxBytes) {
        throw refused(problem("upload.fileTooLarge", { size: sizeInWords(deps.maxBytes) }));
      }
      const type = sniffDocument(bytes);
      if (!type) throw refused(problem("upload.documentType"));
      const fileName = cleanFileName(name, type);
      const stem = slugify(path.parse(fileName).name).replace(/^image$/, "file");
      const key = `downloads/${stem}-${randomBytes(6).toString("hex")}.${type}`;
      await deps.files.put(key, Buffer.from(bytes), documentContentTypes[type]);
      return { key, name: fileName, size: bytes.length, type };
    },
    // The record is gone either way: a file that cannot be deleted is logged, not thrown.
    async remove(key) {
      try {
        await deps.files.delete(key);
      } catch (error) {
        deps.logger?.warn({ err: error, key }, "stored document could not be deleted");
      }
    },
    read: (key) => deps.files.read(key),
  };
}
