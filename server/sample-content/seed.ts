// Sample content for a fresh installation: a few records of every kind, each with a generated
// illustration, so the site and the dashboard show what they look like before the institute
// adds its own. It runs at every start and only ever fills an empty database. The images go
// through the same encoder and file storage as uploads (so they land on S3 when configured).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type KindName, kindNames } from "../../common/kinds";
import { defaultSchoolDays } from "../../common/schemas/routines";
import type { Database } from "../db/client";
import {
  admissions,
  albumPhotos,
  albums,
  blogs,
  comments,
  downloads,
  events,
  notices,
  results,
  routinePeriods,
  routineSlots,
  schoolClasses,
  services,
  students,
  teachers,
  uploadedFiles,
} from "../db/schema";
import { serverKinds } from "../domain/kinds";
import { encodeVariants, loadSharp } from "../files/images";
import type { FileStorage } from "../files/storage";
import { removeImageVariants, type StoredImageValues, slugify, writeImageVariants } from "../files/uploads";
import { escapeXml } from "../xml";
import {
  sampleAlbums,
  sampleContent,
  sampleDownloads,
  sampleEvents,
  samplePeriods,
  sampleRoutines,
} from "./data";
import { simplePdf } from "./pdf";

export type SeedLogger = { info(obj: object, msg?: string): void };

type Kind = "admissions" | "blogs" | "results" | "notices" | "services" | "students" | "teachers" | "photos";

// Base hue and caption of each kind's illustrations; people get square portraits.
const kindStyles: Record<Kind, { hue: number; label: string; square: boolean }> = {
  admissions: { hue: 152, label: "Admission", square: false },
  blogs: { hue: 212, label: "Blog", square: false },
  results: { hue: 266, label: "Result", square: false },
  notices: { hue: 22, label: "Notice", square: false },
  services: { hue: 186, label: "Service", square: false },
  students: { hue: 336, label: "Student", square: true },
  teachers: { hue: 42, label: "Teacher", square: true },
  // The gallery's albums' photos.
  photos: { hue: 96, label: "Photo", square: false },
};

const kindOrder = Object.keys(kindStyles) as Kind[];

const contentTables = kindNames.map((kind) => serverKinds[kind].table);

// Any fixed number shared by every process: the lock keeps two processes starting at the same
// time against one PostgreSQL database from both seeding it.
const seedLockKey = 7_270_431;

// Drawn at 960 px: the variants are then 320, 640 and 960 px WebP and a 640 px JPEG.
const largestWidth = 960;
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
  const content = sampleContent(new Date(now).getUTCFullYear());
  // Newest first within each kind, about eleven days apart, with kinds interleaved.
  const createdAt = (kind: Kind, index: number) =>
    new Date(now - (1 + index * 11 + kindOrder.indexOf(kind)) * dayMs - (index * 53 + 97) * minuteMs);

  const jobs: { kind: Kind; index: number; title: string }[] = [
    ...content.admissions.map((item, index) => ({ kind: "admissions" as const, index, title: item.title })),
    ...content.blogs.map((item, index) => ({ kind: "blogs" as const, index, title: item.title })),
    ...content.results.map((item, index) => ({ kind: "results" as const, index, title: item.title })),
    ...content.notices.map((item, index) => ({ kind: "notices" as const, index, title: item.title })),
    ...content.services.map((item, index) => ({ kind: "services" as const, index, title: item.name })),
    ...content.students.map((item, index) => ({ kind: "students" as const, index, title: item.name })),
    ...content.teachers.map((item, index) => ({ kind: "teachers" as const, index, title: item.name })),
    ...sampleAlbums
      .flatMap((album) => album.captions)
      .map((caption, index) => ({ kind: "photos" as const, index, title: caption })),
  ];

  const written: StoredImageValues[] = [];
  const writtenDocuments: string[] = [];
  const removeWritten = () =>
    Promise.all([
      ...written.map((image) => removeImageVariants(files, image.variants)),
      ...writtenDocuments.map((key) => files.delete(key)),
    ]);

  try {
    const images = await mapWithConcurrency(jobs, imageConcurrency, async (job) => {
      const image = await writeImage(files, job.kind, job.index, job.title);
      written.push(image);
      return image;
    });
    const fileRows = images.map((image, i) => ({
      ...image,
      createdAt: createdAt(jobs[i]!.kind, jobs[i]!.index),
    }));
    // The image of record `index` of `kind`, as the two image columns of that record. Pages
    // compute an upload's addresses from its variants (imageInfo), so imageUrl stays empty.
    const imageOf = (kind: Kind, index: number) => {
      const i = jobs.findIndex((job) => job.kind === kind && job.index === index);
      const image = images[i];
      if (!image) throw new Error(`No sample image for ${kind} ${index}`);
      return { imageFileId: image.id, imageUrl: null };
    };
    const stamp = (kind: Kind, index: number) => {
      const at = createdAt(kind, index);
      return { createdAt: at, updatedAt: at, ...imageOf(kind, index) };
    };

    const blogRows = content.blogs.map((blog, index) => ({
      id: randomUUID(),
      title: blog.title,
      authorEmail: blog.authorEmail,
      body: blog.body,
      category: blog.category,
      status: "approved" as const,
      ...stamp("blogs", index),
    }));
    const commentRows = content.blogs.flatMap((blog, index) => {
      const blogRow = blogRows[index]!;
      // Comments follow their post by a few hours each.
      return blog.comments.map((comment, j) => ({
        blogId: blogRow.id,
        authorId: null,
        name: comment.name,
        email: comment.email,
        message: comment.message,
        createdAt: new Date(blogRow.createdAt.getTime() + (j + 1) * (3 * 60 + 17) * minuteMs),
      }));
    });

    // Every kind of content has samples (common/kinds): a kind missing here fails the type check.
    const counts: Record<KindName | "albumPhotos" | "uploadedFiles", number> = {
      admissions: content.admissions.length,
      blogs: blogRows.length,
      comments: commentRows.length,
      results: content.results.length,
      notices: content.notices.length,
      services: content.services.length,
      students: content.students.length,
      teachers: content.teachers.length,
      events: sampleEvents.length,
      downloads: sampleDownloads.length,
      albums: sampleAlbums.length,
      albumPhotos: sampleAlbums.flatMap((album) => album.captions).length,
      uploadedFiles: fileRows.length,
    };
    const downloadRows = await writeDownloads(files, now, writtenDocuments);

    const inserted = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
      // Another process may have seeded while the images were being made.
      if (await hasContent(tx)) return false;
      await tx.insert(uploadedFiles).values(fileRows);
      await tx
        .insert(admissions)
        .values(content.admissions.map((item, index) => ({ ...item, ...stamp("admissions", index) })));
      await tx.insert(blogs).values(blogRows);
      if (commentRows.length > 0) await tx.insert(comments).values(commentRows);
      await tx
        .insert(results)
        .values(content.results.map((item, index) => ({ ...item, ...stamp("results", index) })));
      const downloadIds = await tx
        .insert(downloads)
        .values(downloadRows)
        .returning({ id: downloads.id, title: downloads.title });
      await tx.insert(notices).values(
        content.notices.map(({ download, ...item }, index) => ({
          ...item,
          downloadId: downloadIds.find((row) => row.title === download)?.id ?? null,
          ...stamp("notices", index),
        })),
      );
      await tx
        .insert(services)
        .values(content.services.map((item, index) => ({ ...item, ...stamp("services", index) })));
      await tx
        .insert(students)
        .values(content.students.map((item, index) => ({ ...item, ...stamp("students", index) })));
      const teacherIds = await tx
        .insert(teachers)
        .values(content.teachers.map((item, index) => ({ ...item, ...stamp("teachers", index) })))
        .returning({ id: teachers.id });
      await seedRoutines(
        tx,
        teacherIds.map((row) => row.id),
      );
      await tx.insert(events).values(eventRows(now));
      await insertAlbums(tx, now, (index) => imageOf("photos", index).imageFileId);
      return true;
    });

    if (!inserted) {
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

/** The gallery's samples: each album a few days apart, its photos in order with their captions. */
async function insertAlbums(db: Database, now: number, imageOf: (index: number) => string) {
  let photoIndex = 0;
  for (const [index, sample] of sampleAlbums.entries()) {
    const at = new Date(now - (index * 17 + 3) * dayMs);
    const [album] = await db
      .insert(albums)
      .values({
        title: sample.title,
        description: sample.description,
        heldOn: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: albums.id });
    await db.insert(albumPhotos).values(
      sample.captions.map((caption, position) => ({
        albumId: album!.id,
        imageFileId: imageOf(photoIndex++),
        caption,
        position,
        // Added a minute apart, in their order.
        createdAt: new Date(at.getTime() + position * minuteMs),
        updatedAt: new Date(at.getTime() + position * minuteMs),
      })),
    );
  }
}

/** The calendar's samples, placed in the current month on Bangladesh's clock (UTC+6). */
function eventRows(now: number) {
  const dhaka = new Date(now + 6 * 60 * minuteMs);
  const first = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), 1);
  const at = (day: number, time = "00:00") => {
    const [hours = 0, minutes = 0] = time.split(":").map(Number);
    return new Date(first + (day - 1) * dayMs + (hours - 6) * 60 * minuteMs + minutes * minuteMs);
  };
  return sampleEvents.map((event, index) => ({
    title: event.title,
    category: event.category,
    place: event.place,
    description: event.description,
    allDay: !event.time,
    startsAt: at(event.day, event.time?.from),
    endsAt: event.time ? at(event.day, event.time.to) : at(event.lastDay ?? event.day),
    createdAt: new Date(now - (index + 2) * dayMs),
  }));
}

/** The downloads' samples: each PDF written to the file storage (its key kept in `written`), and its row. */
async function writeDownloads(files: FileStorage, now: number, written: string[]) {
  const rows = [];
  for (const [index, sample] of sampleDownloads.entries()) {
    const bytes = simplePdf(sample.title, sample.lines);
    const key = `downloads/sample-${slugify(sample.title)}-${randomUUID().slice(0, 8)}.pdf`;
    await files.put(key, Buffer.from(bytes), "application/pdf");
    written.push(key);
    const at = new Date(now - (index * 6 + 3) * dayMs);
    rows.push({
      title: sample.title,
      category: sample.category,
      description: sample.description,
      fileKey: key,
      fileName: sample.fileName,
      fileSize: bytes.length,
      fileType: "pdf" as const,
      createdAt: at,
      updatedAt: at,
    });
  }
  return rows;
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

// ---------------------------------------------------------------------------------------------
// Images

/** Draws the illustration at 960 px, encodes it like an upload and writes every variant. */
async function writeImage(
  files: FileStorage,
  kind: Kind,
  index: number,
  title: string,
): Promise<StoredImageValues> {
  const style = kindStyles[kind];
  const svg = style.square ? portraitSvg(kind, index, title) : landscapeSvg(kind, index, title);
  const sourceWidth = style.square ? 800 : 1280;
  // Rasterise the vector straight at the largest width (sharper and cheaper than rendering at
  // 1280 and shrinking); our own drawing needs none of processImage's checks, only its encoder.
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * largestWidth) / sourceWidth })
    .resize({ width: largestWidth })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = await encodeVariants(
    { data, width: info.width, height: info.height, channels: info.channels },
    { quick: true },
  );
  return writeImageVariants(files, image, `${slugify(title)}.svg`);
}

type Palette = { light: string; dark: string; accent: string; soft: string };

// Each record shifts its kind's hue a little so neighbouring cards do not look identical.
function paletteFor(kind: Kind, index: number): Palette {
  const hue = kindStyles[kind].hue + ((index * 23) % 60) - 30;
  return {
    light: hsl(hue, 62, 48),
    dark: hsl(hue + 32, 58, 22),
    // An analogous tint: a complementary one turns grey where it is drawn half transparent.
    accent: hsl(hue + 50, 85, 68),
    soft: hsl(hue - 12, 70, 88),
  };
}

const fontFamily = "DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif";

function landscapeSvg(kind: Kind, index: number, title: string): string {
  const width = 1280;
  const height = 800;
  const colours = paletteFor(kind, index);
  const random = seededRandom(`${kind}:${title}`);
  const lines = wrapText(title, 26, 3);
  const lineHeight = 74;
  const firstBaseline = height - 96 - (lines.length - 1) * lineHeight;
  const motifs = [stars, arches, rings, blocks];
  const motif = motifs[index % motifs.length]!;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${firstBaseline + i * lineHeight}" font-family="${fontFamily}" font-size="62" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    gradientDefs(colours),
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    motif(width, height, colours, random),
    `<rect y="${firstBaseline - 150}" width="${width}" height="${height - firstBaseline + 150}" fill="#000000" fill-opacity="0.22"/>`,
    `<rect x="80" y="${firstBaseline - 112}" width="64" height="8" rx="4" fill="${colours.accent}"/>`,
    `<text x="80" y="${firstBaseline - 66}" font-family="${fontFamily}" font-size="30" font-weight="700" letter-spacing="4" fill="${colours.soft}">${escapeXml(kindStyles[kind].label.toUpperCase())}</text>`,
    text,
    "</svg>",
  ].join("");
}

function portraitSvg(kind: Kind, index: number, name: string): string {
  const size = 800;
  const colours = paletteFor(kind, index);
  const random = seededRandom(`${kind}:${name}`);
  const initials = name
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase());
  const monogram = initials.length > 1 ? initials[0]! + initials[initials.length - 1]! : (initials[0] ?? "?");
  // Bold DejaVu Sans is about 0.66 em per character; keep the name inside the square.
  const nameSize = Math.min(60, Math.floor(700 / (Math.max(name.length, 1) * 0.66)));
  const dots = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * size);
    const y = Math.round(random() * 560);
    const r = Math.round(6 + random() * 18);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${(0.08 + random() * 0.14).toFixed(2)}"/>`;
  }).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    gradientDefs(colours),
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    dots,
    `<circle cx="400" cy="320" r="228" fill="none" stroke="${colours.accent}" stroke-opacity="0.6" stroke-width="10"/>`,
    `<circle cx="400" cy="320" r="200" fill="${colours.soft}"/>`,
    `<text x="400" y="372" text-anchor="middle" font-family="${fontFamily}" font-size="150" font-weight="700" fill="${colours.dark}">${escapeXml(monogram)}</text>`,
    `<text x="400" y="654" text-anchor="middle" font-family="${fontFamily}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>`,
    `<text x="400" y="722" text-anchor="middle" font-family="${fontFamily}" font-size="30" font-weight="700" letter-spacing="4" fill="${colours.soft}">${escapeXml(kindStyles[kind].label.toUpperCase())}</text>`,
    "</svg>",
  ].join("");
}

function gradientDefs(colours: Palette): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.light}"/><stop offset="1" stop-color="${colours.dark}"/></linearGradient></defs>`;
}

type Motif = (width: number, height: number, colours: Palette, random: () => number) => string;

// Eight-pointed stars, a common motif of Islamic geometric art.
const stars: Motif = (width, height, colours, random) => {
  const star = (cx: number, cy: number, r: number, fill: string, opacity: number) =>
    [0, 45]
      .map(
        (angle) =>
          `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" transform="rotate(${angle} ${cx} ${cy})" fill="${fill}" fill-opacity="${opacity}"/>`,
      )
      .join("");
  const scattered = Array.from({ length: 6 }, () =>
    star(
      Math.round(random() * width),
      Math.round(random() * height * 0.42),
      Math.round(16 + random() * 34),
      "#ffffff",
      0.12,
    ),
  ).join("");
  return (
    star(width - 300, 240, 150, colours.accent, 0.4) + star(width - 300, 240, 80, "#ffffff", 0.35) + scattered
  );
};

// A row of arched windows, like the front of a madrasah building.
const arches: Motif = (width, _height, colours, random) => {
  const count = 4 + Math.floor(random() * 2);
  const archWidth = 120;
  const gap = 40;
  const start = width - 80 - count * archWidth - (count - 1) * gap;
  const top = 140;
  const bottom = 450;
  const windows = Array.from({ length: count }, (_, i) => {
    const x = start + i * (archWidth + gap);
    const r = archWidth / 2;
    return `<path d="M${x} ${bottom} V${top + r} A${r} ${r} 0 0 1 ${x + archWidth} ${top + r} V${bottom} Z" fill="#ffffff" fill-opacity="${i % 2 === 0 ? 0.2 : 0.3}"/>`;
  }).join("");
  // A dome with a finial above the middle of the row, drawn first so the arches sit in front.
  const centre = start + (count * archWidth + (count - 1) * gap) / 2;
  const domeRadius = 100;
  const dome =
    `<path d="M${centre - domeRadius} ${top + 40} A${domeRadius} ${domeRadius} 0 0 1 ${centre + domeRadius} ${top + 40} Z" fill="${colours.accent}" fill-opacity="0.5"/>` +
    `<rect x="${centre - 4}" y="${top + 40 - domeRadius - 40}" width="8" height="44" fill="${colours.accent}" fill-opacity="0.7"/>` +
    `<circle cx="${centre}" cy="${top + 40 - domeRadius - 46}" r="10" fill="${colours.accent}" fill-opacity="0.7"/>`;
  return (
    dome +
    windows +
    `<rect x="${start - 30}" y="${bottom}" width="${width - start - 50}" height="14" fill="#ffffff" fill-opacity="0.35"/>`
  );
};

// Concentric rings and a few dots.
const rings: Motif = (width, height, colours, random) => {
  const cx = width - 260;
  const cy = 230;
  const circles = [220, 170, 120, 70]
    .map(
      (r, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${i % 2 === 0 ? colours.accent : "#ffffff"}" stroke-width="14" stroke-opacity="0.35"/>`,
    )
    .join("");
  const dots = Array.from(
    { length: 10 },
    () =>
      `<circle cx="${Math.round(random() * width * 0.6)}" cy="${Math.round(random() * height * 0.45)}" r="${Math.round(8 + random() * 22)}" fill="#ffffff" fill-opacity="0.14"/>`,
  ).join("");
  return circles + dots;
};

// Stacked, slightly tilted blocks, like books on a desk.
const blocks: Motif = (width, _height, colours, random) => {
  const baseX = width - 520;
  const rows = Array.from({ length: 5 }, (_, i) => {
    const w = 300 + Math.round(random() * 120);
    const tilt = (random() * 6 - 3).toFixed(1);
    const y = 440 - i * 62;
    const fill = i % 2 === 0 ? colours.accent : "#ffffff";
    return `<rect x="${baseX + Math.round(random() * 40)}" y="${y}" width="${w}" height="50" rx="10" transform="rotate(${tilt} ${baseX + w / 2} ${y + 25})" fill="${fill}" fill-opacity="${i % 2 === 0 ? 0.45 : 0.25}"/>`;
  }).join("");
  const sun = `<circle cx="180" cy="150" r="90" fill="${colours.soft}" fill-opacity="0.25"/>`;
  return sun + rows;
};

/** Greedy word wrap; the last line ends with an ellipsis when the text does not fit. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
  return kept;
}

// Hex rather than CSS hsl(), which every SVG renderer understands.
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value =
      x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

// The same title always gets the same shapes, so the sample looks the same on every install.
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
