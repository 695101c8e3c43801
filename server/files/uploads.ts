// Stored images: every upload goes through processImage, its variants are written to the file
// storage, and one uploaded_files row records them. Deleting the row deletes the objects.

import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { uuidPattern } from "../../common/ids";
import type { Database } from "../db/client";
import { type ImageVariant, uploadedFiles } from "../db/schema";
import { type ProcessedImage, processImage } from "./images";
import type { FileStorage } from "./storage";

export type UploadedFile = typeof uploadedFiles.$inferSelect;

export type FileDeps = { db: Database; files: FileStorage };

export type ImageInfo = {
  /** The 640 px WebP (or the largest up to 960 px): a sensible `src`. */
  url: string;
  width: number;
  height: number;
  /** Every WebP variant, as "<url> <width>w". */
  srcset: string;
  /** The JPEG, for browsers without WebP. */
  fallbackUrl: string;
};

/** The columns of an uploaded_files row that writing the variants decides. */
export type StoredImageValues = Pick<
  UploadedFile,
  "id" | "originalName" | "width" | "height" | "byteSize"
> & {
  variants: ImageVariant[];
};

const contentTypes = { webp: "image/webp", jpeg: "image/jpeg" } as const;
const extensions = { webp: "webp", jpeg: "jpg" } as const;

/**
 * Checks, re-encodes and stores an uploaded image, and records it. Rejects with ImageError
 * (too_large, unsupported_type, invalid_image) before anything is written; if the row cannot be
 * inserted, the written objects are deleted again.
 */
export async function storeImage(
  deps: FileDeps,
  input: { bytes: Uint8Array; originalName: string; uploadedBy: string | null; maxBytes: number },
): Promise<UploadedFile> {
  const image = await processImage(input.bytes, { maxBytes: input.maxBytes });
  const values = await writeImageVariants(deps.files, image, input.originalName);
  try {
    const [row] = await deps.db
      .insert(uploadedFiles)
      .values({ ...values, uploadedBy: input.uploadedBy })
      .returning();
    if (!row) throw new Error("The uploaded file was not recorded");
    return row;
  } catch (error) {
    await removeImageVariants(deps.files, values.variants);
    throw error;
  }
}

/**
 * Writes every variant under images/<slug>-<random>-<width>.<ext> and answers the row's values
 * (not inserted). If one write fails, the others are deleted and the error is thrown.
 */
export async function writeImageVariants(
  files: FileStorage,
  image: ProcessedImage,
  originalName: string,
): Promise<StoredImageValues> {
  const name = cleanName(originalName);
  const stem = `images/${slugify(path.parse(name).name)}-${randomBytes(4).toString("hex")}`;
  const variants: ImageVariant[] = image.variants.map((variant) => ({
    key: `${stem}-${variant.width}.${extensions[variant.format]}`,
    width: variant.width,
    height: variant.height,
    format: variant.format,
  }));
  const writes = await Promise.allSettled(
    image.variants.map((variant, i) =>
      files.put(variants[i]!.key, variant.data, contentTypes[variant.format]),
    ),
  );
  const failed = writes.find((write) => write.status === "rejected");
  if (failed) {
    await removeImageVariants(files, variants);
    throw failed.reason;
  }
  return {
    id: randomUUID(),
    originalName: name,
    width: image.width,
    height: image.height,
    // The space the image takes in storage, all variants together.
    byteSize: image.variants.reduce((sum, variant) => sum + variant.data.length, 0),
    variants,
  };
}

/** Deletes the variants' objects; missing ones are fine. Answers the keys that failed. */
export async function removeImageVariants(
  files: FileStorage,
  variants: readonly ImageVariant[],
): Promise<string[]> {
  const outcomes = await Promise.allSettled(variants.map((variant) => files.delete(variant.key)));
  return variants.filter((_, i) => outcomes[i]?.status === "rejected").map((variant) => variant.key);
}

/**
 * Deletes the row and then its objects (so no page ever shows a missing image). Answers false
 * when there was no such file. Objects that cannot be deleted are logged, not thrown: the record
 * is gone either way.
 */
export async function deleteStoredImage(
  deps: FileDeps & { logger?: { warn(obj: object, msg?: string): void } },
  fileId: string,
): Promise<boolean> {
  if (!uuidPattern.test(fileId)) return false;
  const [row] = await deps.db.delete(uploadedFiles).where(eq(uploadedFiles.id, fileId)).returning();
  if (!row) return false;
  const leftovers = await removeImageVariants(deps.files, row.variants);
  if (leftovers.length > 0) {
    deps.logger?.warn({ fileId, keys: leftovers }, "stored image objects could not be deleted");
  }
  return true;
}

/** What a page needs to show a stored image: src, srcset, size to reserve, and a JPEG fallback. */
export function imageInfo(file: Pick<UploadedFile, "id" | "variants">, storage: FileStorage): ImageInfo {
  const webp = file.variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
  const jpeg = file.variants.find((variant) => variant.format === "jpeg");
  const main =
    webp.find((variant) => variant.width === 640) ??
    webp.filter((variant) => variant.width <= 960).pop() ??
    webp[0] ??
    jpeg;
  if (!main) throw new Error(`Uploaded file ${file.id} has no variants`);
  return {
    url: storage.url(main.key),
    width: main.width,
    height: main.height,
    srcset: webp.map((variant) => `${storage.url(variant.key)} ${variant.width}w`).join(", "),
    fallbackUrl: storage.url((jpeg ?? main).key),
  };
}

/** A file name fit to keep and show: no folders, no control characters, at most 200 characters. */
function cleanName(originalName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const name = path.basename(originalName.replace(/\\/g, "/")).replace(/[\u0000-\u001f\u007f]/g, "");
  return name.trim().slice(0, 200) || "image";
}

/** Lowercase ASCII letters, digits and single dashes, at most 40 characters; "image" when empty. */
export function slugify(value: string): string {
  const slug = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "image";
}
