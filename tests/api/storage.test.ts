// File storage on its two back ends: the local disk in a temporary folder, and S3 through a fake
// S3 server on loopback. Then the whole path of an upload, on a real database, on both.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { Disk } from "flydrive";
import { S3Driver } from "flydrive/drivers/s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { uploadedFiles } from "../../server/db/schema";
import { ImageError } from "../../server/files/images";
import {
  createFileStorage,
  FileKeyError,
  type FileStorage,
  immutableCacheControl,
  localFileStorage,
} from "../../server/files/storage";
import { deleteStoredImage, imageInfo, storeImage } from "../../server/files/uploads";
import { type FakeS3, startFakeS3 } from "../fixtures/fake-s3";
import { createTestApp } from "../fixtures/test-app";

const maxBytes = 5 * 1024 * 1024;
const temporaryFolders: string[] = [];
const temporaryFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-storage-"));
  temporaryFolders.push(dir);
  return dir;
};
const configFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: temporaryFolder(), ...env });
const key = () => `images/test-${randomBytes(4).toString("hex")}-320.webp`;

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of temporaryFolders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("local storage", () => {
  it("puts, finds, addresses and deletes files under DATA_DIR/files", async () => {
    const config = configFor({});
    const files = createFileStorage(config);
    expect(files.kind).toBe("local");
    const name = key();
    expect(await files.exists(name)).toBe(false);
    await files.put(name, Buffer.from("pixels"), "image/webp");
    expect(await files.exists(name)).toBe(true);
    expect(fs.readFileSync(path.join(config.dataDir, "files", name), "utf8")).toBe("pixels");
    expect(files.url(name)).toBe(`/files/${name}`);
    await files.delete(name);
    expect(await files.exists(name)).toBe(false);
    // Deleting what is not there is not an error.
    await files.delete(name);
  });

  it("refuses keys outside images/ and downloads/ or with a way out", async () => {
    const root = temporaryFolder();
    const files = localFileStorage(path.join(root, "files"));
    const bad = [
      "../x",
      "images/../x",
      "images/../../etc/passwd",
      "images/..",
      "x.webp",
      "/images/x.webp",
      "images/",
      "images/.hidden",
      "images/sub/x.webp",
      "images/x y.webp",
      "images/x%2f.webp",
      "images\\x.webp",
      "IMAGES/x.webp",
      "downloads/../x",
      "downloads/sub/x.pdf",
      "files/x.pdf",
    ];
    for (const name of bad) {
      await expect(files.put(name, Buffer.from("x"), "image/webp"), name).rejects.toBeInstanceOf(
        FileKeyError,
      );
      await expect(files.exists(name), name).rejects.toBeInstanceOf(FileKeyError);
      await expect(files.delete(name), name).rejects.toBeInstanceOf(FileKeyError);
      expect(() => files.url(name), name).toThrow(FileKeyError);
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("is served by the app at /files/ with long cache headers", async () => {
    const app = await createTestApp("pglite");
    try {
      const name = key();
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
        .webp()
        .toBuffer();
      await app.services.files.put(name, webp, "image/webp");
      const response = await app.request(app.services.files.url(name));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe(immutableCacheControl);
      expect(Buffer.from(await response.arrayBuffer()).equals(webp)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe("S3 storage", () => {
  it("puts, finds, serves and deletes objects in the bucket", async () => {
    const files = createFileStorage(configFor(s3.env));
    expect(files.kind).toBe("s3");
    const name = key();
    expect(await files.exists(name)).toBe(false);
    await files.put(name, Buffer.from("pixels"), "image/webp");
    expect(await files.exists(name)).toBe(true);
    // Path style on an S3-compatible endpoint, as FlyDrive's driver addresses it.
    expect(files.url(name)).toBe(`${s3.endpoint}/${s3.bucket}/${name}`);
    const response = await fetch(files.url(name));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(immutableCacheControl);
    expect(await response.text()).toBe("pixels");
    await files.delete(name);
    expect(await files.exists(name)).toBe(false);
    expect((await fetch(files.url(name))).status).toBe(404);
    await files.delete(name);
    await expect(files.put("../x", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(FileKeyError);
  });

  it("addresses objects through S3_PUBLIC_URL when set, and like FlyDrive otherwise", async () => {
    const name = key();
    const cdn = createFileStorage(configFor({ ...s3.env, S3_PUBLIC_URL: "https://images.school.example/" }));
    expect(cdn.url(name)).toBe(`https://images.school.example/${name}`);

    // AWS itself (no endpoint): the same address FlyDrive's driver gives, computed without a call.
    const aws = {
      S3_BUCKET: "school-images",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    const config = configFor(aws);
    const client = new S3Client({
      region: "us-east-1",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
    });
    const driver = new Disk(
      new S3Driver({ client, bucket: "school-images", visibility: "public", supportsACL: false }),
    );
    expect(createFileStorage(config).url(name)).toBe(await driver.getUrl(name));
    client.destroy();
  });
});

describe("S3 configuration", () => {
  it("is absent without S3_BUCKET and complete with it", () => {
    expect(configFor({}).s3).toBeUndefined();
    expect(configFor({}).uploadMaxBytes).toBe(5_242_880);
    expect(configFor({ ...s3.env, S3_PUBLIC_URL: "https://cdn.example/img/" }).s3).toEqual({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: "https://cdn.example/img",
      forcePathStyle: true,
    });
    const aws = { S3_BUCKET: "school-images", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(configFor({ ...aws, S3_REGION: "eu-west-1" }).s3).toMatchObject({
      region: "eu-west-1",
      forcePathStyle: false,
    });
    expect(configFor({ ...s3.env, S3_FORCE_PATH_STYLE: "off" }).s3?.forcePathStyle).toBe(false);
    expect(configFor({ ...aws, S3_FORCE_PATH_STYLE: "yes" }).s3?.forcePathStyle).toBe(true);
  });

  it("names what is missing or wrong", () => {
    const problems = (env: Record<string, string>) => {
      try {
        configFor(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ S3_BUCKET: "school-images" })).toEqual([
      "S3_ACCESS_KEY_ID must be set when S3_BUCKET is set",
      "S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set",
    ]);
    expect(problems({ UPLOAD_MAX_BYTES: "100" })).toEqual([
      'UPLOAD_MAX_BYTES must be at least 1024 bytes (got "100")',
    ]);
    expect(problems({ UPLOAD_MAX_BYTES: "5MB" })[0]).toMatch(
      /^UPLOAD_MAX_BYTES must be a whole number of bytes/,
    );
    expect(problems({ S3_ENDPOINT: "s3.example" })[0]).toMatch(/^S3_ENDPOINT must be an http or https URL/);
    expect(problems({ S3_FORCE_PATH_STYLE: "maybe" })[0]).toMatch(/^S3_FORCE_PATH_STYLE must be on or off/);
    expect(problems({ S3_BUCKET: "x", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" })).toEqual([
      'S3_BUCKET must be a bucket name (got "x")',
    ]);
  });
});

describe.each(["local", "s3"] as const)("stored images on %s storage", (kind) => {
  let handle: DatabaseHandle;
  let files: FileStorage;
  let written: string[];
  let readStored: (name: string) => Promise<Buffer>;

  beforeAll(async () => {
    handle = openDatabase({});
    await handle.migrate();
    const config = configFor(kind === "s3" ? s3.env : {});
    const inner = createFileStorage(config);
    // The stored bytes: from the folder for local storage, over HTTP for S3.
    readStored = async (name) => {
      if (kind === "local") return fs.readFileSync(path.join(config.dataDir, "files", name));
      const response = await fetch(inner.url(name));
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    written = [];
    // Notes every key written, to check that refusals and failures leave nothing behind.
    files = {
      ...inner,
      put: async (name, data, contentType) => {
        written.push(name);
        await inner.put(name, data, contentType);
      },
    };
  });
  afterAll(async () => {
    await handle?.close();
  });

  const photo = () =>
    sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#3a7" } })
      .withExif({ IFD0: { Make: "AcmeCam" } })
      .jpeg()
      .toBuffer();

  it("stores every variant, records them, and deletes them with the record", async () => {
    const deps = { db: handle.db, files };
    const row = await storeImage(deps, {
      bytes: await photo(),
      originalName: "Annual Sports Day (Final).JPG",
      uploadedBy: null,
      maxBytes,
    });
    expect(row.originalName).toBe("Annual Sports Day (Final).JPG");
    expect({ width: row.width, height: row.height }).toEqual({ width: 1280, height: 853 });
    expect(row.variants.map((variant) => `${variant.format} ${variant.width}x${variant.height}`)).toEqual([
      "webp 320x213",
      "webp 640x427",
      "webp 960x640",
      "webp 1280x853",
      "jpeg 640x427",
    ]);
    let total = 0;
    for (const variant of row.variants) {
      expect(variant.key).toMatch(/^images\/annual-sports-day-final-[0-9a-f]{8}-\d+\.(webp|jpg)$/);
      expect(variant.key.endsWith(`-${variant.width}.${variant.format === "jpeg" ? "jpg" : "webp"}`)).toBe(
        true,
      );
      expect(await files.exists(variant.key)).toBe(true);
      const bytes = await readStored(variant.key);
      total += bytes.length;
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
        format: variant.format,
        width: variant.width,
        height: variant.height,
        exif: undefined,
      });
    }
    expect(row.byteSize).toBe(total);
    expect(await handle.db.$count(uploadedFiles, eq(uploadedFiles.id, row.id))).toBe(1);

    const info = imageInfo(row, files);
    const keyOf = (width: number, ext: string) =>
      row.variants.find((v) => v.key.endsWith(`-${width}.${ext}`))!.key;
    expect(info).toEqual({
      url: files.url(keyOf(640, "webp")),
      width: 640,
      height: 427,
      srcset: [320, 640, 960, 1280].map((width) => `${files.url(keyOf(width, "webp"))} ${width}w`).join(", "),
      fallbackUrl: files.url(keyOf(640, "jpg")),
    });

    expect(await deleteStoredImage(deps, row.id)).toBe(true);
    for (const variant of row.variants) expect(await files.exists(variant.key)).toBe(false);
    expect(await handle.db.$count(uploadedFiles, eq(uploadedFiles.id, row.id))).toBe(0);
    expect(await deleteStoredImage(deps, row.id)).toBe(false);
    expect(await deleteStoredImage(deps, "not-a-uuid")).toBe(false);
  });

  it("deletes the record even when some objects are already gone", async () => {
    const deps = { db: handle.db, files };
    const row = await storeImage(deps, {
      bytes: await photo(),
      originalName: "x.jpg",
      uploadedBy: null,
      maxBytes,
    });
    await files.delete(row.variants[0]!.key);
    const warnings: object[] = [];
    expect(await deleteStoredImage({ ...deps, logger: { warn: (obj) => warnings.push(obj) } }, row.id)).toBe(
      true,
    );
    expect(warnings).toEqual([]);
    for (const variant of row.variants) expect(await files.exists(variant.key)).toBe(false);
  });

  it("writes nothing for a refused file, and removes what it wrote when the record fails", async () => {
    const deps = { db: handle.db, files };
    const before = await handle.db.$count(uploadedFiles);
    written.length = 0;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(
      storeImage(deps, { bytes: gif, originalName: "a.gif", uploadedBy: null, maxBytes }),
    ).rejects.toMatchObject({ code: "unsupported_type", status: 415 });
    await expect(
      storeImage(deps, { bytes: await photo(), originalName: "a.jpg", uploadedBy: null, maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(ImageError);
    expect(written).toEqual([]);

    // No such user: the foreign key refuses the row after the variants were written.
    await expect(
      storeImage(deps, { bytes: await photo(), originalName: "a.jpg", uploadedBy: "no-such-user", maxBytes }),
    ).rejects.toThrow();
    expect(written.length).toBe(5);
    for (const name of written) expect(await files.exists(name), name).toBe(false);
    expect(await handle.db.$count(uploadedFiles)).toBe(before);
  });

  it("names files after the upload, plainly", async () => {
    const deps = { db: handle.db, files };
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const names: [string, RegExp][] = [
      ["../../etc/passwd.png", /^images\/passwd-[0-9a-f]{8}-200\.webp$/],
      ["ছবি.png", /^images\/image-[0-9a-f]{8}-200\.webp$/],
      [
        `${"very long name ".repeat(10)}.png`,
        /^images\/very-long-name-very-long-name-very-long-[0-9a-f]{8}-200\.webp$/,
      ],
      ["Café Déjà Vu.PNG", /^images\/cafe-deja-vu-[0-9a-f]{8}-200\.webp$/],
    ];
    for (const [originalName, pattern] of names) {
      const row = await storeImage(deps, { bytes: small, originalName, uploadedBy: null, maxBytes });
      expect(row.variants.find((variant) => variant.format === "webp")!.key).toMatch(pattern);
      expect(row.originalName).not.toContain("/");
      await deleteStoredImage(deps, row.id);
    }
  });
});
