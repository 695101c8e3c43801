// Sample content for a fresh installation: a few records of every kind, each with a generated
// illustration, so the site and the dashboard show what they look like before the institute
// adds its own. It runs at every start and only ever fills an empty database. The images go
// through the same encoder and file storage as uploads (so they land on S3 when configured).
// Each kind's samples are beside its server part (server/domain/<kind>.ts, `samples`); the
// routines' (not a kind) are in data.ts.
import { sql } from "drizzle-orm";
import { type KindName, kindNames } from "../../common/kinds";
import { defaultSchoolDays } from "../../common/schemas/routines";
import type { Database } from "../db/client";
import { routinePeriods, routineSlots, schoolClasses, uploadedFiles } from "../db/schema";
import type { KindSamples, SampleRow } from "../domain/content/samples";
import { serverKinds } from "../domain/kinds";
import type { FileStorage } from "../files/storage";
import { removeImageVariants, type StoredImageValues } from "../files/uploads";
import { samplePeriods, sampleRoutines } from "./data";
import { seedSampleExam } from "./exam";
import { type PictureStyle, writeImage } from "./pictures";

export type SeedLogger = { info(obj: object, msg?: string): void };

const contentTables = kindNames.map((kind) => serverKinds[kind].table);

const samplesOf = (kind: KindName): KindSamples => serverKinds[kind].samples;

/** The kinds in the order their samples go in: each after those it names in `after`. */
const seedingOrder = (() => {
  const ordered: KindName[] = [];
  const visit = (kind: KindName) => {
    if (ordered.includes(kind)) return;
    for (const first of samplesOf(kind).after ?? []) visit(first);
    ordered.push(kind);
  };
  for (const kind of kindNames) visit(kind);
  return ordered;
})();

// Any fixed number shared by every process: the lock keeps two processes starting at the same
// time against one PostgreSQL database from both seeding it.
const seedLockKey = 7_270_431;

// sharp runs on the libuv thread pool (4 threads by default): a few images at a time keep it busy
// without queueing dozens of large raw buffers in memory.
const imageConcurrency = 4;

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/**
 * Fills an empty database with sample content. Does nothing (seeded: false) when any content
 * table already has a row.
 */
export async function seedSampleContent(options: {
  db: Database;
  files: FileStorage;
  logger?: SeedLogger;
}): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  const { db, files, logger } = options;
  const started = performance.now();
  if (await hasContent(db)) return { seeded: false, counts: {} };

  const now = Date.now();
  const year = new Date(now).getUTCFullYear();
  // Newest first within each kind, about eleven days apart, with kinds interleaved.
  const createdAt = (place: number, index: number) =>
    new Date(now - (1 + index * 11 + place) * dayMs - (index * 53 + 97) * minuteMs);

  const jobs: { kind: KindName; style: PictureStyle; place: number; index: number; title: string }[] =
    seedingOrder.flatMap((kind) => {
      const pictures = samplesOf(kind).pictures;
      if (!pictures) return [];
      const style = { ...pictures, name: pictures.name ?? kind };
      return pictures
        .titles(year)
        .map((title, index) => ({ kind, style, place: pictures.place, index, title }));
    });

  const written: StoredImageValues[] = [];
  const writtenDocuments: string[] = [];
  const removeWritten = () =>
    Promise.all([
      ...written.map((image) => removeImageVariants(files, image.variants)),
      ...writtenDocuments.map((key) => files.delete(key)),
    ]);

  try {
    const images = await mapWithConcurrency(jobs, imageConcurrency, async (job) => {
      const image = await writeImage(files, job.style, job.index, job.title);
      written.push(image);
      return image;
    });
    const fileRows = images.map((image, i) => ({
      ...image,
      createdAt: createdAt(jobs[i]!.place, jobs[i]!.index),
    }));
    /** The uploaded file of picture `index` of `kind`. */
    const pictureOf = (kind: KindName, index: number) => {
      const i = jobs.findIndex((job) => job.kind === kind && job.index === index);
      const image = images[i];
      if (!image) throw new Error(`No sample image for ${kind} ${index}`);
      return image.id;
    };
    const prepared = new Map<KindName, unknown>();
    for (const kind of seedingOrder) {
      const prepare = samplesOf(kind).prepare;
      if (prepare) prepared.set(kind, await prepare(files, now, writtenDocuments));
    }

    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
      // Another process may have seeded while the images were being made.
      if (await hasContent(tx)) return null;
      await tx.insert(uploadedFiles).values(fileRows);
      const rows = new Map<KindName, SampleRow[]>();
      const counted: Record<string, number> = {};
      for (const kind of seedingOrder) {
        const place = samplesOf(kind).pictures?.place ?? 0;
        const { rows: inserted, others } = await samplesOf(kind).insert({
          db: tx,
          now,
          year,
          stamp: (index) => {
            const at = createdAt(place, index);
            return { createdAt: at, updatedAt: at, imageFileId: pictureOf(kind, index), imageUrl: null };
          },
          picture: (index) => pictureOf(kind, index),
          rowsOf: (earlier) => rows.get(earlier) ?? [],
          prepared: prepared.get(kind),
        });
        rows.set(kind, inserted);
        Object.assign(counted, { [kind]: inserted.length }, others);
      }
      await seedRoutines(
        tx,
        (rows.get("teachers") ?? []).map((row) => row.id),
      );
      Object.assign(counted, await seedSampleExam(tx, year, now));
      return { ...counted, uploadedFiles: fileRows.length };
    });

    if (!counts) {
      await removeWritten();
      return { seeded: false, counts: {} };
    }
    const ms = Math.round(performance.now() - started);
    logger?.info({ counts, ms }, "sample content seeded");
    return { seeded: true, counts };
  } catch (error) {
    // Leave no orphaned objects behind when the images or the transaction fail.
    await removeWritten();
    throw error;
  }
}

/** The sample periods and two classes' weeks, unless the institute has set periods already. */
async function seedRoutines(tx: Pick<Database, "select" | "insert">, teacherIds: string[]) {
  if ((await tx.select({ number: routinePeriods.number }).from(routinePeriods).limit(1)).length) return;
  await tx.insert(routinePeriods).values(samplePeriods);
  const classes = await tx.select({ id: schoolClasses.id, name: schoolClasses.name }).from(schoolClasses);
  const teaching = samplePeriods.filter((period) => !period.isBreak);
  const slots = sampleRoutines.flatMap((routine) => {
    const classId = classes.find((item) => item.name === routine.className)?.id;
    if (!classId || teacherIds.length === 0) return [];
    return defaultSchoolDays.flatMap((day, d) =>
      teaching.map((period, p) => ({
        classId,
        day,
        period: period.number,
        subject: routine.subjects[(d + p) % routine.subjects.length] ?? "",
        teacherId: teacherIds[(d + p + routine.offset) % teacherIds.length] ?? null,
        room: routine.room,
      })),
    );
  });
  if (slots.length) await tx.insert(routineSlots).values(slots);
}

async function hasContent(db: Database): Promise<boolean> {
  for (const table of contentTables) {
    const rows = await db.select({ id: table.id }).from(table).limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

/** Runs `work` on every item, `limit` at a time; on a failure, waits for the running ones and throws. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        answers[index] = await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  // Every worker finishes before the caller cleans up, so no write lands after the cleanup.
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return answers;
}
