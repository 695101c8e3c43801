// Fills a fresh database with a realistic volume: a thousand records of every kind, ten thousand
// comments, some users, and a few photos that went through the real upload pipeline (many records
// share them: processing thousands of images would measure sharp, not the site).
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../server/db/client";
import {
  accounts,
  admissions,
  albumPhotos,
  albums,
  blogs,
  comments,
  notices,
  results,
  services,
  students,
  teachers,
  users,
} from "../server/db/schema";
import { vacuumAndAnalyze } from "../server/db/upkeep";
import { localFileStorage } from "../server/files/storage";
import { storeImage } from "../server/files/uploads";

export const readerAccount = { email: "reader@bench.example", password: "bench reader password 1" };

export type SeedKind = "admissions" | "blogs" | "results" | "notices" | "services" | "students" | "teachers";

/** `records` of each kind, unless `perKind` says otherwise for a kind. */
export type SeedVolume = {
  records: number;
  comments: number;
  users: number;
  perKind?: Partial<Record<SeedKind, number>>;
};

export type SeedSummary = {
  ms: number;
  counts: Record<string, number>;
  /** The newest blog: it heads the lists and carries the most comments. */
  blogId: string;
  /** An album of the six photos, for the gallery's pages. */
  albumId: string;
};

const batchSize = 500;
const minuteMs = 60_000;
const classes = ["Class One", "Class Five", "Class Eight", "Class Ten", "Alim"];
const words =
  "madrasah school class teacher student lesson exam result notice holiday library science mathematics history language quran hadith arabic bangla english sports annual prize parents meeting admission form fee scholarship uniform timetable morning prayer assembly garden laboratory computer reading writing homework".split(
    " ",
  );

/** Deterministic filler text: the same volume of words on every run. */
function text(seed: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(words[(seed * 31 + i * 17 + ((i * i) % 7)) % words.length]!);
  const sentence = out.join(" ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function paragraphs(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) => `${text(seed + i, 45)}.`).join("\n\n");
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize)
    await insert(rows.slice(start, start + batchSize));
}

/** A photo-like JPEG (soft gradients and shapes) as a camera or phone would upload it. */
async function samplePhoto(index: number, width: number, height: number): Promise<Buffer> {
  const hue = (index * 67) % 360;
  const circles = Array.from({ length: 12 }, (_, i) => {
    const x = (i * 137 + index * 53) % width;
    const y = (i * 89 + index * 31) % height;
    return `<circle cx="${x}" cy="${y}" r="${60 + ((i * 41) % 180)}" fill="hsl(${(hue + i * 25) % 360},70%,60%)" fill-opacity="0.35"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,25%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).blur(1.2).jpeg({ quality: 88 }).toBuffer();
}

export async function seedDatabase(options: {
  db: Database;
  /** DATA_DIR/files: where the server looks for local uploads. */
  filesRoot: string;
  volume: SeedVolume;
}): Promise<SeedSummary> {
  const { db, volume } = options;
  const started = performance.now();
  const now = Date.now();
  const files = localFileStorage(options.filesRoot);

  // Six uploads through the real pipeline: four landscape photos, two portraits.
  const photos: string[] = [];
  for (let i = 0; i < 6; i++) {
    const portrait = i >= 4;
    const bytes = await samplePhoto(i, portrait ? 900 : 1600, portrait ? 900 : 1000);
    const row = await storeImage(
      { db, files },
      { bytes, originalName: `bench-photo-${i}.jpg`, uploadedBy: null, maxBytes: 20 * 1024 * 1024 },
    );
    photos.push(row.id);
  }
  const landscape = (i: number) => ({ imageFileId: photos[i % 4]!, imageUrl: null });
  const portrait = (i: number) => ({ imageFileId: photos[4 + (i % 2)]!, imageUrl: null });
  // Newest first at index 0; kinds interleave by a few seconds.
  const stamp = (i: number, offset: number) => {
    const at = new Date(now - (i * 7 + 1) * minuteMs - offset * 1000);
    return { createdAt: at, updatedAt: at };
  };

  const people = Array.from({ length: volume.users }, (_, i) => {
    const at = new Date(now - (i + 1) * 60 * minuteMs);
    return {
      id: randomBytes(16).toString("hex"),
      name: `Bench User ${i + 1}`,
      email: `user${i + 1}@bench.example`,
      emailVerified: true,
      createdAt: at,
      updatedAt: at,
    };
  });
  const reader = {
    id: randomBytes(16).toString("hex"),
    name: "Bench Reader",
    email: readerAccount.email,
    emailVerified: true,
  };
  await inBatches([reader, ...people], (batch) => db.insert(users).values(batch));
  await db.insert(accounts).values({
    id: randomBytes(16).toString("hex"),
    accountId: reader.id,
    providerId: "credential",
    userId: reader.id,
    password: await hashPassword(readerAccount.password),
  });

  const countOf = (kind: SeedKind) => volume.perKind?.[kind] ?? volume.records;
  // Records of a kind, the newest first; `n` is the kind's count inside `f`.
  const rangeOf =
    (kind: SeedKind) =>
    <T>(f: (i: number, n: number) => T): T[] =>
      Array.from({ length: countOf(kind) }, (_, i) => f(i, countOf(kind)));

  await inBatches(
    rangeOf("admissions")((i, n) => ({
      title: `${text(i, 4)} admission ${n - i}`.slice(0, 100),
      about: paragraphs(i, 2),
      priceMinor: 50_00 + (i % 40) * 250,
      ...landscape(i),
      ...stamp(i, 0),
    })),
    (batch) => db.insert(admissions).values(batch),
  );

  const blogRows = rangeOf("blogs")((i, n) => ({
    id: randomUUID(),
    title: `${text(i + 3, 6)} (${n - i})`,
    authorEmail: people.length > 0 ? people[i % people.length]!.email : reader.email,
    authorId: people.length > 0 ? people[i % people.length]!.id : reader.id,
    // The byline: the writer's display name, kept with the blog.
    authorName: people.length > 0 ? people[i % people.length]!.name : reader.name,
    body: paragraphs(i, 6),
    category: ["News", "Events", "Study", "Faith"][i % 4]!,
    // A few still wait for review, as on a real site.
    status: i % 50 === 49 ? ("pending" as const) : ("approved" as const),
    ...landscape(i + 1),
    ...stamp(i, 1),
  }));
  await inBatches(blogRows, (batch) => db.insert(blogs).values(batch));

  await inBatches(
    rangeOf("results")((i, n) => ({
      title: `${text(i + 5, 5)} results ${n - i}`,
      information: paragraphs(i, 2),
      ...landscape(i + 2),
      ...stamp(i, 2),
    })),
    (batch) => db.insert(results).values(batch),
  );
  await inBatches(
    rangeOf("notices")((i, n) => ({
      title: `Notice ${n - i}: ${text(i + 7, 5)}`,
      about: paragraphs(i, 1),
      ...landscape(i + 3),
      ...stamp(i, 3),
    })),
    (batch) => db.insert(notices).values(batch),
  );
  await inBatches(
    rangeOf("services")((i, n) => ({
      name: `Service ${n - i}`.slice(0, 20),
      about: paragraphs(i, 1),
      ...landscape(i),
      ...stamp(i, 4),
    })),
    (batch) => db.insert(services).values(batch),
  );
  await inBatches(
    rangeOf("students")((i, n) => ({
      name: `Student ${n - i}`.slice(0, 20),
      email: `student${n - i}@bench.example`,
      description: text(i, 30),
      className: classes[i % classes.length]!,
      status: i % 20 === 19 ? ("pending" as const) : ("approved" as const),
      ...portrait(i),
      ...stamp(i, 5),
    })),
    (batch) => db.insert(students).values(batch),
  );
  await inBatches(
    rangeOf("teachers")((i, n) => ({
      name: `Teacher ${n - i}`.slice(0, 20),
      email: `teacher${n - i}@bench.example`,
      phone: `+8801700${String(100_000 + i).slice(-6)}`,
      address: `${(i % 90) + 1} College Road, Dhaka`,
      about: paragraphs(i, 1),
      position: i === 0 ? "principal" : i === 1 ? "vice-principal" : "Teacher",
      category: ["Science", "Arts", "Languages", "Religion"][i % 4]!,
      status: i % 20 === 19 ? ("pending" as const) : ("approved" as const),
      isFeatured: i < 8,
      ...portrait(i + 1),
      ...stamp(i, 6),
    })),
    (batch) => db.insert(teachers).values(batch),
  );

  // The newest blog (the one measured) gets a long thread; the rest share the remainder.
  const headline = blogRows[0]!;
  const headlineComments = Math.min(100, volume.comments);
  const commentRows = Array.from({ length: volume.comments }, (_, i) => {
    const blog =
      i < headlineComments
        ? headline
        : (blogRows[1 + ((i - headlineComments) % (blogRows.length - 1 || 1))] ?? headline);
    const author = people.length > 0 && i % 2 === 0 ? people[i % people.length]! : null;
    return {
      blogId: blog.id,
      authorId: author?.id ?? null,
      name: author?.name ?? `Visitor ${i + 1}`,
      email: author?.email ?? `visitor${i + 1}@bench.example`,
      message: text(i, 12 + (i % 25)),
      createdAt: new Date(blog.createdAt.getTime() + (i + 1) * 1000),
    };
  });
  await inBatches(commentRows, (batch) => db.insert(comments).values(batch));
  // The statistics a running server's upkeep (server/db/upkeep.ts) or PostgreSQL's autovacuum
  // would have gathered by now: the bench measures a site that has been running, not one whose
  // planner has never seen its tables.
  // One album of the six photos, each with a caption, the first its cover.
  const [album] = await db
    .insert(albums)
    .values({ title: "Sports day", description: "The annual sports on the school field." })
    .returning({ id: albums.id });
  const albumPhotoRows = await db
    .insert(albumPhotos)
    .values(
      photos.map((imageFileId, position) => ({
        albumId: album!.id,
        imageFileId,
        caption: `Photo ${position + 1} of the sports day`,
        position,
      })),
    )
    .returning({ id: albumPhotos.id });
  await db.update(albums).set({ coverPhotoId: albumPhotoRows[0]!.id }).where(eq(albums.id, album!.id));

  await vacuumAndAnalyze({ db });

  return {
    ms: Math.round(performance.now() - started),
    counts: {
      admissions: countOf("admissions"),
      blogs: countOf("blogs"),
      results: countOf("results"),
      notices: countOf("notices"),
      services: countOf("services"),
      students: countOf("students"),
      teachers: countOf("teachers"),
      comments: commentRows.length,
      users: people.length + 1,
      uploadedImages: photos.length,
    },
    blogId: headline.id,
    albumId: album!.id,
  };
}
