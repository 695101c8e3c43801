// The one pipeline every uploaded image goes through: size limit, type decided from the bytes,
// decoded and re-encoded by sharp (which drops EXIF, GPS, XMP, ICC and comments, and whatever a
// polyglot file hid after the pixels), turned upright, and cut into the widths pages ask for.

import type { Channels, Metadata } from "sharp";
import { englishOf } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";

/** sharp's native library costs about 23 MB of memory: it is loaded with the first image, not at start. */
export const loadSharp = () => import("sharp").then((module) => module.default);

export type ImageFormat = "webp" | "jpeg";

export type EncodedVariant = { data: Buffer; width: number; height: number; format: ImageFormat };

export type ProcessedImage = {
  /** Of the largest variant. */
  width: number;
  height: number;
  variants: EncodedVariant[];
};

export type ImageErrorCode = "too_large" | "unsupported_type" | "invalid_image";

const statusOf = { too_large: 413, unsupported_type: 415, invalid_image: 400 } as const;

/** A refused upload, with the HTTP status and a message fit to show the person uploading. */
export class ImageError extends Error {
  readonly status: 413 | 415 | 400;
  constructor(
    readonly code: ImageErrorCode,
    readonly problem: Problem,
    /** The field that carried the file, when the caller names it in the answer (an album's photo). */
    readonly field?: string,
  ) {
    super(englishOf(problem));
    this.name = "ImageError";
    this.status = statusOf[code];
  }
}

export const defaultMaxPixels = 40_000_000;
export const variantWidths = [320, 640, 960, 1280] as const;
export const fallbackWidth = 640;
// WebP cannot hold a side longer than this; a very tall image is scaled down to fit.
const maxSide = 16_383;
// A pathological file must not hold a thread of the pool for long.
const timeoutSeconds = 30;

const webpOptions = { quality: 80, effort: 4 } as const;
const jpegOptions = { quality: 80, mozjpeg: true } as const;
// For drawings of flat colours made at start (the sample content): effort 2 and plain libjpeg
// encode about twice as fast; the files come out about a tenth larger.
const quickWebpOptions = { quality: 80, effort: 2 } as const;
const quickJpegOptions = { quality: 80, mozjpeg: false } as const;

const unsupported = () => new ImageError("unsupported_type", problem("upload.imageType"));
const damaged = () => new ImageError("invalid_image", problem("upload.imageDamaged"));

/**
 * Checks and re-encodes an uploaded image. Rejects with ImageError: too_large (413) over
 * `maxBytes` or `maxPixels`, unsupported_type (415) for anything but JPEG, PNG, WebP and AVIF,
 * invalid_image (400) for a file that does not decode.
 */
export async function processImage(
  bytes: Uint8Array,
  options: { maxBytes: number; maxPixels?: number },
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  if (bytes.length > options.maxBytes) {
    throw new ImageError(
      "too_large",
      problem("upload.imageTooLarge", { size: formatBytes(options.maxBytes) }),
    );
  }
  // Look at the first bytes before sharp does: its SVG, PDF, TIFF, GIF and other loaders never
  // see an upload.
  const claimed = sniffFormat(bytes);
  if (!claimed) throw unsupported();

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with a clearer message.
    metadata = await (await loadSharp())(input, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const actual =
    metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
  if (actual !== claimed) throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw damaged();
  if (width * height > maxPixels) {
    throw new ImageError(
      "too_large",
      problem("upload.tooManyPixels", {
        size: `${width} × ${height}`,
        max: Number(formatMegapixels(maxPixels)),
      }),
    );
  }

  // Decode once: upright (EXIF orientation), sRGB, at the largest width any variant needs.
  const turned = (metadata.orientation ?? 1) >= 5;
  const upright = turned ? { width: height, height: width } : { width, height };
  const fitWidth = Math.min(upright.width, Math.floor((upright.width * maxSide) / upright.height));
  const widths = chooseWidths(Math.max(1, fitWidth));
  const decodeWidth = Math.max(widths.webp[widths.webp.length - 1] ?? 0, widths.jpeg);
  let pixels: Pixels;
  try {
    // failOn "error" refuses truncated files but lets through the harmless warnings many
    // cameras' files raise ("extraneous bytes before marker").
    const sharp = await loadSharp();
    const { data, info } = await sharp(input, { failOn: "error", limitInputPixels: maxPixels })
      .timeout({ seconds: timeoutSeconds })
      .rotate()
      .resize({ width: decodeWidth, height: maxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw damaged();
  }
  return encodeVariants(pixels);
}

export type Pixels = { data: Buffer; width: number; height: number; channels: number };

/**
 * Encodes already decoded, trusted pixels (8-bit sRGB, 1 to 4 channels) into every variant.
 * processImage ends here; the sample content, which draws its own pictures, starts here.
 */
export async function encodeVariants(
  pixels: Pixels,
  options: { quick?: boolean } = {},
): Promise<ProcessedImage> {
  const channels = pixels.channels;
  if (!isChannels(channels)) throw new Error(`Unexpected number of channels: ${channels}`);
  const raw = { raw: { width: pixels.width, height: pixels.height, channels } };
  const sharp = await loadSharp();
  const widths = chooseWidths(pixels.width);
  const resized = (width: number) => {
    const pipeline = sharp(pixels.data, raw).timeout({ seconds: timeoutSeconds });
    return width === pixels.width ? pipeline : pipeline.resize({ width });
  };
  const encode = async (format: ImageFormat, width: number): Promise<EncodedVariant> => {
    const pipeline =
      format === "webp"
        ? resized(width).webp(options.quick ? quickWebpOptions : webpOptions)
        : // JPEG has no transparency: transparent parts turn white rather than black.
          resized(width)
            .flatten({ background: "#ffffff" })
            .jpeg(options.quick ? quickJpegOptions : jpegOptions);
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format };
  };
  const variants = await Promise.all([
    ...widths.webp.map((width) => encode("webp", width)),
    encode("jpeg", widths.jpeg),
  ]);
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  return { width: largest.width, height: largest.height, variants };
}

function isChannels(value: number): value is Channels {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** The standard widths up to the original, or the original alone when it is narrower than all. */
function chooseWidths(originalWidth: number): { webp: number[]; jpeg: number } {
  const webp = variantWidths.filter((width) => width <= originalWidth);
  return {
    webp: webp.length > 0 ? webp : [originalWidth],
    jpeg: Math.min(fallbackWidth, originalWidth),
  };
}

type SniffedFormat = "jpeg" | "png" | "webp" | "avif";

/** The format the file's signature claims, among the accepted ones; undefined for any other. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // ISO BMFF: a "ftyp" box whose major or compatible brands name AVIF (still or sequence).
  if (bytes.length >= 16 && ascii(4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0));
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${trimNumber(bytes / mb)} MB`;
  if (bytes >= 1024) return `${trimNumber(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function formatMegapixels(pixels: number): string {
  return trimNumber(pixels / 1_000_000);
}

function trimNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}
