import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classOptions } from "../../common/classes";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import {
  admissions,
  blogs,
  comments,
  notices,
  results,
  services,
  students,
  teacherPositions,
  teachers,
  uploadedFiles,
} from "../../server/db/schema";
import { seedSampleContent } from "../../server/sample-content/seed";

const imageTables = { admissions, blogs, results, notices, services, students, teachers };
const allTables = { ...imageTables, comments, uploadedFiles };

describe("sample content", () => {
  let handle: DatabaseHandle;
  let filesDir: string;
  let first: Awaited<ReturnType<typeof seedSampleContent>>;
  const logged: { obj: object; msg?: string }[] = [];

  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(allTables)) counts[name] = await handle.db.$count(table);
    return counts;
  };

  beforeAll(async () => {
    handle = openDatabase({});
    await handle.migrate();
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-seed-"));
    const started = performance.now();
    first = await seedSampleContent({
      db: handle.db,
      filesDir,
      logger: { info: (obj, msg) => logged.push({ obj, msg }) },
    });
    console.info(`sample content seeded in ${Math.round(performance.now() - started)} ms`);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it("fills every content table and logs one line", async () => {
    expect(first.seeded).toBe(true);
    const counts = await rowCounts();
    for (const name of Object.keys(allTables)) expect(counts[name], name).toBeGreaterThan(0);
    expect(first.counts).toEqual(counts);
    expect(counts.uploadedFiles).toBe(
      Object.keys(imageTables).reduce((sum, name) => sum + (counts[name] ?? 0), 0),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe("sample content seeded");
  });

  it("links every record to a WebP image on disk with the recorded width", async () => {
    const files = await handle.db.select().from(uploadedFiles);
    const filesById = new Map(files.map((file) => [file.id, file]));
    for (const [name, table] of Object.entries(imageTables)) {
      const rows = await handle.db
        .select({ imageUrl: table.imageUrl, imageFileId: table.imageFileId })
        .from(table);
      for (const row of rows) {
        expect(row.imageUrl, name).toMatch(/^\/files\/images\/[a-z0-9-]+-[0-9a-f]{8}-640\.webp$/);
        const file = filesById.get(row.imageFileId ?? "");
        expect(file, name).toBeDefined();
        const key = row.imageUrl!.slice("/files/".length);
        const variant = file!.variants.find((v) => v.key === key);
        expect(variant, key).toMatchObject({ width: 640, format: "webp" });
        const onDisk = path.join(filesDir, key);
        expect(fs.existsSync(onDisk), onDisk).toBe(true);
        const meta = await sharp(onDisk).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(variant!.width);
        expect(meta.height).toBe(variant!.height);
      }
    }
  });

  it("records all four variants of every image, without metadata", async () => {
    const files = await handle.db.select().from(uploadedFiles);
    const onDisk = fs.readdirSync(path.join(filesDir, "images"));
    expect(onDisk).toHaveLength(files.length * 4);
    for (const file of files) {
      expect(file.originalName).toMatch(/^[a-z0-9-]+\.svg$/);
      expect(file.width).toBe(960);
      expect([600, 960]).toContain(file.height);
      expect(file.variants.map((v) => `${v.width} ${v.format}`).sort()).toEqual([
        "320 webp",
        "640 jpeg",
        "640 webp",
        "960 webp",
      ]);
      let total = 0;
      for (const variant of file.variants) {
        const full = path.join(filesDir, variant.key);
        total += fs.statSync(full).size;
        const meta = await sharp(full).metadata();
        expect(meta.format).toBe(variant.format);
        expect(meta.width).toBe(variant.width);
        expect(meta.height).toBe(variant.height);
        expect(meta.exif, variant.key).toBeUndefined();
      }
      expect(file.byteSize).toBe(total);
    }
  });

  it("keeps names short and values within the allowed options", async () => {
    const studentRows = await handle.db.select().from(students);
    const teacherRows = await handle.db.select().from(teachers);
    for (const row of [...studentRows, ...teacherRows]) expect(row.name.length).toBeLessThanOrEqual(20);
    for (const row of studentRows) expect(classOptions).toContain(row.className);
    expect(new Set(studentRows.map((row) => row.status))).toEqual(new Set(["approved", "pending"]));
    for (const row of teacherRows) expect(teacherPositions).toContain(row.position);
    expect(teacherRows.filter((row) => row.isFeatured).length).toBeGreaterThanOrEqual(3);
    const serviceRows = await handle.db.select().from(services);
    for (const row of serviceRows) expect(row.name.length).toBeLessThanOrEqual(20);
    const commentRows = await handle.db.select().from(comments);
    for (const row of commentRows) expect(row.authorId).toBeNull();
  });

  it("gives records distinct creation times in the past", async () => {
    const now = Date.now();
    for (const [name, table] of Object.entries(imageTables)) {
      const rows = await handle.db.select({ createdAt: table.createdAt }).from(table);
      const times = rows.map((row) => row.createdAt.getTime());
      expect(new Set(times).size, name).toBe(times.length);
      for (const time of times) expect(time, name).toBeLessThan(now);
    }
  });

  it("does nothing on a second call", async () => {
    const before = await rowCounts();
    const filesBefore = fs.readdirSync(path.join(filesDir, "images")).length;
    const second = await seedSampleContent({ db: handle.db, filesDir });
    expect(second).toEqual({ seeded: false, counts: {} });
    expect(await rowCounts()).toEqual(before);
    expect(fs.readdirSync(path.join(filesDir, "images"))).toHaveLength(filesBefore);
  });
});

describe("sample content on a database in use", () => {
  it("adds nothing when one content table already has a row", async () => {
    const handle = openDatabase({});
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-seed-"));
    try {
      await handle.migrate();
      await handle.db.insert(notices).values({ title: "Our own notice", about: "Written by the institute." });
      const answer = await seedSampleContent({ db: handle.db, filesDir });
      expect(answer).toEqual({ seeded: false, counts: {} });
      expect(await handle.db.$count(notices)).toBe(1);
      expect(await handle.db.$count(uploadedFiles)).toBe(0);
      expect(fs.existsSync(path.join(filesDir, "images"))).toBe(false);
    } finally {
      await handle.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  }, 60_000);
});
