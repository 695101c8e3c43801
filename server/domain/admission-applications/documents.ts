// An application's documents (the photo, the birth certificate, the last marksheet): a photo goes
// through the image pipeline (checked, re-encoded, metadata dropped); a certificate or marksheet is
// a PDF, told by its bytes (never its name or the browser's word), refused when larger than
// maxDocumentBytes or when HTML hides inside it, and kept privately under admissions/ (only the
// applicant and the staff read it back); a certificate may also be a photo of the paper.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import {
  type DocumentKind,
  documentKinds,
  maxDocumentBytes,
} from "../../../common/schemas/admission-applications";
import type { Database } from "../../db/client";
import { admissionDocuments, uploadedFiles } from "../../db/schema";
import { ImageError, sniffFormat } from "../../files/images";
import type { FileStorage } from "../../files/storage";
import type { Actor } from "../actor";
import type { ImageStore } from "../content/collection";
import { DomainError, notFound } from "../errors";
import { type ApplicationView, applicationFor, readApplication } from "./applications";
import { requireOpen, roundById } from "./rounds";

export type DocumentContext = { db: Database; images: ImageStore; files: FileStorage };

const pdfType = "application/pdf";

/** Markup that makes a "PDF" a page a browser would run: refused wherever it sits in the file. */
const markup = /<\s*(!doctype\s+html|html|script|body|iframe|svg|object|embed)\b/i;

/** Whether these bytes are a PDF and nothing else: the signature first, no HTML anywhere, an end. */
export function isCleanPdf(bytes: Uint8Array): "pdf" | "notPdf" | "html" {
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  if (head !== "%PDF-") return "notPdf";
  const text = Buffer.from(bytes).toString("latin1");
  if (markup.test(text)) return "html";
  if (!text.slice(-1024).includes("%%EOF")) return "notPdf";
  return "pdf";
}

const sizeText = `${maxDocumentBytes / (1024 * 1024)} MB`;

export const isDocumentKind = (kind: string): kind is DocumentKind =>
  (documentKinds as readonly string[]).includes(kind);

/** The applicant uploads a document of their draft; one of each kind, a new one replaces the old. */
export async function uploadDocument(
  ctx: DocumentContext,
  actor: Actor,
  id: string,
  kind: string,
  file: { bytes: Uint8Array; name: string } | undefined,
): Promise<ApplicationView> {
  const { user, application } = await applicationFor(ctx.db, actor, id, true);
  if (!isDocumentKind(kind)) throw notFound("document");
  if (application.status !== "draft") throw new DomainError("conflict", problem("admission.notDraft"));
  const round = await roundById(ctx.db, application.roundId);
  requireOpen(round);
  if (!round.documents.includes(kind)) {
    throw DomainError.ofField("invalid", "kind", problem("admission.documentNotAsked"));
  }
  if (!file || file.bytes.length === 0) {
    throw DomainError.ofField("invalid", "file", problem("upload.chooseFile"));
  }
  const image = sniffFormat(file.bytes) !== undefined;
  let stored: { imageFileId: string | null; fileKey: string | null; size: number; contentType: string };
  if (image) {
    try {
      const saved = await ctx.images.store({ ...file, uploadedBy: user.id });
      stored = { imageFileId: saved.id, fileKey: null, size: file.bytes.length, contentType: "image/webp" };
    } catch (error) {
      if (error instanceof ImageError) throw new ImageError(error.code, error.problem, "file");
      throw error;
    }
  } else {
    if (kind === "photo") throw new ImageError("unsupported_type", problem("upload.imageType"), "file");
    if (file.bytes.length > maxDocumentBytes) {
      throw new ImageError("too_large", problem("upload.fileTooLarge", { size: sizeText }), "file");
    }
    const verdict = isCleanPdf(file.bytes);
    if (verdict !== "pdf") {
      throw new ImageError(
        "unsupported_type",
        verdict === "html" ? problem("admission.notPdf") : problem("admission.pdfOrPhoto"),
        "file",
      );
    }
    const key = `admissions/${application.id}-${kind}-${randomBytes(8).toString("hex")}.pdf`;
    await ctx.files.put(key, Buffer.from(file.bytes), pdfType);
    stored = { imageFileId: null, fileKey: key, size: file.bytes.length, contentType: pdfType };
  }
  const name =
    [...file.name]
      .filter((char) => char.charCodeAt(0) > 0x1f && char !== "\u007f" && !'"\\/'.includes(char))
      .slice(0, 120)
      .join("") || kind;
  const [previous] = await ctx.db
    .select()
    .from(admissionDocuments)
    .where(and(eq(admissionDocuments.applicationId, id), eq(admissionDocuments.kind, kind)));
  await ctx.db
    .insert(admissionDocuments)
    .values({ applicationId: id, kind, name, ...stored })
    .onConflictDoUpdate({
      target: [admissionDocuments.applicationId, admissionDocuments.kind],
      set: { name, ...stored, createdAt: new Date() },
    });
  if (previous?.imageFileId) await ctx.images.remove(previous.imageFileId);
  if (previous?.fileKey) await ctx.files.delete(previous.fileKey).catch(() => undefined);
  return readApplication(ctx.db, actor, id);
}

/** A document's bytes for its applicant and the staff: a PDF as kept, a photo's stored image. */
export async function readDocument(
  ctx: DocumentContext,
  actor: Actor,
  id: string,
  kind: string,
): Promise<{ bytes: Uint8Array; contentType: string; name: string }> {
  await applicationFor(ctx.db, actor, id);
  if (!isDocumentKind(kind)) throw notFound("document");
  const [document] = await ctx.db
    .select()
    .from(admissionDocuments)
    .where(and(eq(admissionDocuments.applicationId, id), eq(admissionDocuments.kind, kind)));
  if (!document) throw notFound("document");
  if (document.fileKey) {
    return { bytes: await ctx.files.read(document.fileKey), contentType: pdfType, name: document.name };
  }
  const [image] = document.imageFileId
    ? await ctx.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, document.imageFileId))
    : [];
  const jpeg = image?.variants.find((variant) => variant.format === "jpeg");
  if (!jpeg) throw notFound("document");
  return { bytes: await ctx.files.read(jpeg.key), contentType: "image/jpeg", name: `${kind}.jpg` };
}
