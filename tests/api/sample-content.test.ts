import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classOptions } from "../../common/classes";
import { loadConfig } from "../../server/config";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import {
  admissions,
  albumPhotos,
  albums,
  blogs,
  comments,
  downloads,
  events,
  examResults,
  exams,
  notices,
  results,
  services,
  students,
  teacherPositions,
  teachers,
  uploadedFiles,
} from "../../server/db/schema";
import { anonymous } from "../../server/domain/actor";
import { listExams } from "../../server/domain/exams";
import { lookupResult } from "../../server/domain/result-lookup";
import { sniffDocument } from "../../server/files/documents";
import { createFileStorage, type FileStorage, localFileStorage } from "../../server/files/storage";
import { imageInfo } from "../../server/files/uploads";
import { seedSampleContent } from "../../server/sample-content/seed";
import { startFakeS3 } from "../fixtures/fake-s3";

const imageTables = { admissions, blogs, results, notices, services, students, teachers, albumPhotos };
// Calendar events come without images (drawing them would slow every start for little), and
// downloads are small PDFs. The sample exam is published with its students' results.
const allTables = { ...imageTables, albums, comments, events, downloads, exams, examResults, uploadedFiles };

describe("sample content", () => {
  let handle: DatabaseHandle;
  let filesDir: string;
  let files: FileStorage;
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
    files = localFileStorage(filesDir);
    const started = performance.now();
    first = await seedSampleContent({
      db: handle.db,
      files,
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

  it("publishes a sample exam whose marksheet the result lookup finds with the roll and registration its announcement gives", async () => {
    const published = await listExams(handle.db, anonymous);
    expect(published.map((exam) => [exam.class, exam.published])).toEqual([["Class Six", true]]);
    const exam = published[0]!;
    // The announcement of the exam's results says what to try.
    const told = (await handle.db.select().from(results))
      .map((row) => row.information.match(/roll (\d+) and registration (\d+)/))
      .find(Boolean);
    expect(told).toBeTruthy();
    const [, roll = "", registration = ""] = told ?? [];
    const sheet = await lookupResult(
      handle.db,
      anonymous,
      { exam: exam.id, roll, registration },
      { client: { ip: "192.0.2.1", limitMultiplier: 1 }, institute: "Maktab" },
    );
    expect(sheet).toMatchObject({ class: "Class Six", roll, registration, result: "pass", position: 1 });
    expect(sheet.student).not.toBe("");
    expect(sheet.subjects.map((subject) => subject.name)).toEqual(
      exam.subjects.map((subject) => subject.name),
    );
  });

  it("stores each sample download as a real PDF of the recorded size", async () => {
    const rows = await handle.db.select().from(downloads);
    expect(rows.map((row) => row.fileName)).toContain("ভর্তি ফরম.pdf");
    for (const row of rows) {
      const bytes = fs.readFileSync(path.join(filesDir, row.fileKey));
      expect(row.fileKey).toMatch(/^downloads\/sample-[a-z0-9-]+\.pdf$/);
      expect(sniffDocument(bytes), row.fileKey).toBe("pdf");
      expect(bytes.length).toBe(row.fileSize);
      expect(bytes.toString("latin1")).toContain(`(${row.title}) Tj`);
    }
  });

  it("links every record to a WebP image on disk with the recorded width", async () => {
    const fileRows = await handle.db.select().from(uploadedFiles);
    const filesById = new Map(fileRows.map((file) => [file.id, file]));
    for (const [name, table] of Object.entries(imageTables)) {
      const rows = await handle.db
        .select({ imageUrl: table.imageUrl, imageFileId: table.imageFileId })
        .from(table);
      for (const row of rows) {
        // An upload's address comes from its variants, not from the record.
        expect(row.imageUrl, name).toBeNull();
        const file = filesById.get(row.imageFileId ?? "");
        expect(file, name).toBeDefined();
        const info = imageInfo(file!, files);
        expect(info.url, name).toMatch(/^\/files\/images\/[a-z0-9-]+-[0-9a-f]{8}-640\.webp$/);
        expect(info.fallbackUrl, name).toMatch(/-640\.jpg$/);
        expect(info.srcset.split(", ")).toHaveLength(3);
        const key = info.url.slice("/files/".length);
        const variant = file!.variants.find((v) => v.key === key);
        expect(variant, key).toMatchObject({ width: 640, format: "webp" });
        expect({ width: info.width, height: info.height }).toEqual({ width: 640, height: variant!.height });
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
    const fileRows = await handle.db.select().from(uploadedFiles);
    const onDisk = fs.readdirSync(path.join(filesDir, "images"));
    expect(onDisk).toHaveLength(fileRows.length * 4);
    for (const file of fileRows) {
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

  it("keeps Victory Day on 16 December, in Dhaka", async () => {
    const [victory] = await handle.db.select().from(events).where(eq(events.title, "Victory Day"));
    expect(victory?.allDay).toBe(true);
    const dhaka = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", day: "numeric", month: "long" });
    expect(dhaka.format(victory?.startsAt)).toBe("16 December");
    // The coming one: not before today.
    expect(victory!.startsAt.getTime()).toBeGreaterThan(Date.now() - 24 * 60 * 60 * 1000);
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
    const second = await seedSampleContent({ db: handle.db, files });
    expect(second).toEqual({ seeded: false, counts: {} });
    expect(await rowCounts()).toEqual(before);
    expect(fs.readdirSync(path.join(filesDir, "images"))).toHaveLength(filesBefore);
  });
});

describe("sample content on S3", () => {
  it("stores the images in the bucket when S3 is configured", async () => {
    const s3 = await startFakeS3();
    const handle = openDatabase({});
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-seed-"));
    try {
      await handle.migrate();
      const files = createFileStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
      expect(files.kind).toBe("s3");
      const started = performance.now();
      expect((await seedSampleContent({ db: handle.db, files })).seeded).toBe(true);
      console.info(`sample content seeded to S3 in ${Math.round(performance.now() - started)} ms`);
      const [file] = await handle.db.select().from(uploadedFiles).limit(1);
      const info = imageInfo(file!, files);
      expect(info.url.startsWith(`${s3.endpoint}/${s3.bucket}/images/`)).toBe(true);
      const response = await fetch(info.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      for (const variant of file!.variants) expect(await files.exists(variant.key)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "files"))).toBe(false);
    } finally {
      await handle.close();
      await s3.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("sample content on a database in use", () => {
  it("adds nothing when one content table already has a row", async () => {
    const handle = openDatabase({});
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-seed-"));
    try {
      await handle.migrate();
      await handle.db.insert(notices).values({ title: "Our own notice", about: "Written by the institute." });
      const answer = await seedSampleContent({ db: handle.db, files: localFileStorage(filesDir) });
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
