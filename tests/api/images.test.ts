// The upload pipeline on real files made with sharp: what it accepts, what it refuses, and that
// nothing but re-encoded pixels comes out.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type EncodedVariant, ImageError, processImage, sniffFormat } from "../../server/files/images";
import { pngOfZeros } from "../fixtures/png-of-zeros";

const mb = 1024 * 1024;
const limits = { maxBytes: 5 * mb };

const solid = (width: number, height: number, background = "#2a7f62") =>
  sharp({ create: { width, height, channels: 3, background } });

/** A photo-like JPEG whose top-left corner is red, to see where it ends up. */
async function markedJpeg(width: number, height: number) {
  const corner = await solid(100, 100, "#ff0000").png().toBuffer();
  return solid(width, height, "#0000ff")
    .composite([{ input: corner, top: 0, left: 0 }])
    .jpeg();
}

/** The tag numbers of the first IFD of an EXIF block as sharp reports it ("Exif\0\0" + TIFF). */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const tags = { make: 0x010f, orientation: 0x0112, gps: 0x8825 };

async function expectRefused(
  bytes: Uint8Array,
  code: ImageError["code"],
  status: number,
  options: Parameters<typeof processImage>[1] = limits,
) {
  const error = await processImage(bytes, options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageError);
  expect(error).toMatchObject({ code, status });
  return error as ImageError;
}

async function expectClean(variant: EncodedVariant) {
  const meta = await sharp(variant.data).metadata();
  expect(meta.format).toBe(variant.format);
  expect({ width: meta.width, height: meta.height }).toEqual({
    width: variant.width,
    height: variant.height,
  });
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
}

const summary = (variants: EncodedVariant[]) =>
  variants.map((variant) => `${variant.format} ${variant.width}x${variant.height}`).sort();

describe("processImage", () => {
  it("strips EXIF and GPS and turns the picture upright", async () => {
    const input = await (await markedJpeg(1200, 800))
      .withExif({
        IFD0: { Make: "AcmeCam", Model: "Pocket 3" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "23/1 48/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "90/1 24/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(exifTags(before.exif!)).toEqual(expect.arrayContaining([tags.make, tags.orientation, tags.gps]));
    expect(input.includes("AcmeCam")).toBe(true);

    const image = await processImage(input, limits);
    // Orientation 6 is a quarter turn clockwise: 1200x800 as stored, 800x1200 as seen.
    expect({ width: image.width, height: image.height }).toEqual({ width: 640, height: 960 });
    expect(summary(image.variants)).toEqual(["jpeg 640x960", "webp 320x480", "webp 640x960"]);
    for (const variant of image.variants) {
      await expectClean(variant);
      expect(variant.data.includes("AcmeCam"), variant.format).toBe(false);
      expect(variant.data.includes("Exif"), variant.format).toBe(false);
    }
    // The red corner, top left as stored, is now top right.
    const webp = image.variants.find((variant) => variant.format === "webp" && variant.width === 640)!;
    const { data, info } = await sharp(webp.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    const [red, , blue] = pixel(info.width - 5, 5);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
    expect(pixel(5, 5)[2]).toBeGreaterThan(200);
  });

  it("accepts PNG (keeping transparency in WebP), WebP and AVIF", async () => {
    const transparent = await sharp({
      create: { width: 500, height: 400, channels: 4, background: { r: 10, g: 120, b: 90, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const png = await processImage(transparent, limits);
    expect(summary(png.variants)).toEqual(["jpeg 500x400", "webp 320x256"]);
    const webpOut = png.variants.find((variant) => variant.format === "webp")!;
    expect((await sharp(webpOut.data).metadata()).hasAlpha).toBe(true);
    const jpegOut = png.variants.find((variant) => variant.format === "jpeg")!;
    expect((await sharp(jpegOut.data).metadata()).hasAlpha).toBe(false);

    for (const bytes of [await solid(700, 350).webp().toBuffer(), await solid(700, 350).avif().toBuffer()]) {
      const image = await processImage(bytes, limits);
      expect(summary(image.variants)).toEqual(["jpeg 640x320", "webp 320x160", "webp 640x320"]);
      for (const variant of image.variants) await expectClean(variant);
    }
  });

  it("makes the standard widths up to the original, never wider", async () => {
    const cases: [number, number, string[]][] = [
      [200, 150, ["jpeg 200x150", "webp 200x150"]],
      [320, 100, ["jpeg 320x100", "webp 320x100"]],
      [1000, 500, ["jpeg 640x320", "webp 320x160", "webp 640x320", "webp 960x480"]],
      [3000, 1500, ["jpeg 640x320", "webp 1280x640", "webp 320x160", "webp 640x320", "webp 960x480"]],
    ];
    for (const [width, height, expected] of cases) {
      const image = await processImage(await solid(width, height).png().toBuffer(), limits);
      expect(summary(image.variants), `${width}x${height}`).toEqual(expected);
      const largest = Math.max(...image.variants.map((variant) => variant.width));
      expect(image.width).toBe(largest);
      expect(largest).toBeLessThanOrEqual(width);
    }
  });

  it("fits a very tall image within WebP's largest side", async () => {
    const image = await processImage(await solid(400, 20_000).png().toBuffer(), limits);
    for (const variant of image.variants) expect(variant.height).toBeLessThanOrEqual(16_383);
  });

  it("refuses other types by their bytes, whatever the file is called", async () => {
    const unsupported = [
      await solid(50, 50).gif().toBuffer(),
      await solid(50, 50).tiff().toBuffer(),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
      Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"),
      Buffer.from("just some text in a file called photo.jpg\n"),
      Buffer.alloc(0),
      // An ISO media file that is not AVIF (HEIC).
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")]),
    ];
    for (const bytes of unsupported) {
      const error = await expectRefused(bytes, "unsupported_type", 415);
      expect(error.message).toBe("Upload a JPEG, PNG, WebP or AVIF image");
    }
    // A PNG signature in front of JPEG data: the bytes must agree with what sharp finds.
    const jpeg = await solid(50, 50).jpeg().toBuffer();
    const mixed = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    await expect(processImage(mixed, limits)).rejects.toBeInstanceOf(ImageError);
  });

  it("refuses a truncated or damaged image", async () => {
    const noisy = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    });
    const jpeg = await noisy.clone().jpeg().toBuffer();
    const png = await noisy.clone().png().toBuffer();
    const webp = await noisy.clone().webp().toBuffer();
    for (const bytes of [jpeg, png, webp]) {
      await expectRefused(bytes.subarray(0, Math.floor(bytes.length / 2)), "invalid_image", 400);
    }
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const error = await expectRefused(garbage, "invalid_image", 400);
    expect(error.message).toMatch(/damaged or incomplete/);
  });

  it("re-encodes polyglots: no HTML survives, after the image or inside a comment", async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const script = "<script>alert(document.cookie)</script>";
    const appended = Buffer.concat([jpeg, Buffer.from(`<html><body>${script}</body></html>`)]);
    // A COM segment right after the start-of-image marker.
    const comment = Buffer.from(script);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const commented = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
    ]);
    for (const bytes of [appended, commented]) {
      expect(bytes.includes("<script")).toBe(true);
      const image = await processImage(bytes, limits);
      for (const variant of image.variants) expect(variant.data.includes("<script")).toBe(false);
    }
  });

  it("refuses a file over the byte limit before looking at it", async () => {
    const error = await expectRefused(Buffer.alloc(5 * mb + 1), "too_large", 413);
    expect(error.message).toBe("The image is larger than 5 MB");
    const jpeg = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(1024);
    expect((await expectRefused(jpeg, "too_large", 413, { maxBytes: 1024 })).message).toBe(
      "The image is larger than 1 KB",
    );
    await expect(processImage(jpeg, { maxBytes: jpeg.length })).resolves.toBeDefined();
  });

  it("refuses a decompression bomb: 20000x20000 pixels in a few kilobytes", async () => {
    const bomb = pngOfZeros(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    const error = await expectRefused(bomb, "too_large", 413);
    expect(error.message).toBe(
      "The image is 20000 × 20000 pixels; images of up to 40 megapixels are accepted",
    );
    expect(performance.now() - started).toBeLessThan(1000);
    // The limit is a parameter.
    const small = await solid(1000, 1000).png().toBuffer();
    await expectRefused(small, "too_large", 413, { ...limits, maxPixels: 500_000 });
  });
});

describe("sniffFormat", () => {
  it("names the four accepted formats and nothing else", async () => {
    const image = solid(16, 16);
    expect(sniffFormat(await image.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffFormat(await image.clone().png().toBuffer())).toBe("png");
    expect(sniffFormat(await image.clone().webp().toBuffer())).toBe("webp");
    expect(sniffFormat(await image.clone().avif().toBuffer())).toBe("avif");
    expect(sniffFormat(await image.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeUndefined();
    expect(sniffFormat(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});
