// Notices, the server's part (common/kinds/notices.ts is the definition): the download a notice
// carries (it must exist; a page of notices reads theirs in one query), and its REST names (the
// specification spells the title `Title`; `title` is taken too).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { downloads, notices } from "../db/schema";
import { adminsOrEveryone, unapprovedHiddenFromNonAdmins } from "./content/collection";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";
import { downloadFilePath } from "./downloads";
import { DomainError } from "./errors";

/** The download a notice carries, as its readers see it. */
export type NoticeDownload = { id: string; title: string; fileName: string; fileSize: number };

/** A fresh installation's notices, each with a picture; some carry a sample download (seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 22,
    label: "Notice",
    place: 3,
    titles: (year) => sampleNotices(year).map((item) => item.title),
  },
  after: ["downloads"],
  insert: async (seeding) => {
    const carried = seeding.rowsOf("downloads");
    const records = sampleNotices(seeding.year).map(({ download, ...item }) => ({
      ...item,
      downloadId: carried.find((row) => row.title === download)?.id ?? null,
    }));
    return { rows: await insertStamped(seeding, notices, records, (item) => item.title) };
  },
};

export const noticeKind = serverKind({
  samples,
  kind: "notices",
  table: notices,
  // A teacher's notice waits for an admin's approval: until then it is on no public page, feed,
  // sitemap or answer, only in the admins' list (docs/decisions/0061).
  hiddenFrom: unapprovedHiddenFromNonAdmins(notices.status),
  views: adminsOrEveryone,
  // The teacher who wrote it lists their own, waiting or not (the dashboard's list, /mine).
  authorColumn: notices.authorId,
  adminOnly: ["status"],
  onCreate: (input, actor) => ({
    authorId: actor.id,
    status: actor.isAdmin ? (input.status ?? "approved") : "pending",
  }),
  check: async (ctx, input) => {
    if (!input.downloadId) return;
    const [found] = await ctx.db
      .select({ id: downloads.id })
      .from(downloads)
      .where(eq(downloads.id, input.downloadId));
    if (!found) {
      const noDownload = problem("content.noticeDownload");
      throw new DomainError("invalid", noDownload, { downloadId: noDownload });
    }
  },
  // One query for a page of notices: the downloads they carry.
  attach: async (ctx, records) => {
    const ids = [...new Set(records.map((notice) => notice.downloadId).filter((id) => id !== null))];
    const carried = ids.length
      ? await ctx.db
          .select({
            id: downloads.id,
            title: downloads.title,
            fileName: downloads.fileName,
            fileSize: downloads.fileSize,
          })
          .from(downloads)
          .where(inArray(downloads.id, ids))
      : [];
    const byId = new Map(carried.map((download) => [download.id, download]));
    return records.map((notice) => ({
      download: (notice.downloadId && byId.get(notice.downloadId)) || null,
    }));
  },
  rest: {
    tag: "Notices",
    paths: {
      list: ["/Notice/notices"],
      one: ["/Notice/notices/:id"],
      create: ["/Notice/notices"],
      mine: ["/Notice/notices/mine"],
    },
    fields: { Title: "title", title: "title", about: "about", downloadId: "downloadId", status: "status" },
    imageFields: ["image"],
    filters: ["status"],
    wire: z.strictObject({
      _id: id,
      Title: z.string(),
      about: z.string(),
      ...imageFields("image"),
      download: z
        .strictObject({
          _id: id,
          title: z.string(),
          fileName: z.string().meta({ description: "The file's name, as the download saves it" }),
          fileSize: z.number().int().meta({ description: "In bytes" }),
          file: z.string().meta({ description: "The file's address (GET it to download; each counts)" }),
        })
        .nullable()
        .meta({ description: "A file of the downloads the notice carries, or null" }),
      status: reviewStatusWire,
      date: timestamp,
    }),
    toWire: (notice) => {
      const download = (notice as { download?: NoticeDownload | null }).download ?? null;
      return {
        _id: notice.id,
        Title: notice.title,
        about: notice.about,
        image: notice.image?.url ?? null,
        imageSet: notice.image,
        download: download && {
          _id: download.id,
          title: download.title,
          fileName: download.fileName,
          fileSize: download.fileSize,
          file: downloadFilePath(download.id),
        },
        status: notice.status,
        date: wireDate(notice),
      };
    },
  },
});

export const noticeCollection = noticeKind.collection;

/** A notice; `download` names a sample download (by its title) that it carries. */
export type SampleNotice = { title: string; about: string; download?: string };

/** The sample notices, newest first. */
export function sampleNotices(year: number): SampleNotice[] {
  const next = year + 1;
  return [
    {
      title: `Admission tests for the ${next} session`,
      about:
        "Admission tests for Class One to Class Nine and for the Hifz programme will be held on the last Saturday of the month. " +
        "Applicants should arrive by 9 in the morning with their admit card and two passport-size photographs.",
      download: "Admission form",
    },
    {
      title: "Annual examination routine published",
      about:
        "The routine for the annual examination is now available from the office and on the notice board. " +
        "Students must clear all dues before collecting their admit cards.",
    },
    {
      title: "Parents' day on Thursday",
      about:
        "Parents and guardians are invited to meet the class teachers on Thursday between 10 in the morning and 1 in the afternoon. " +
        "Half-yearly mark sheets and attendance records will be discussed.",
    },
    {
      title: "Holiday for Eid-e-Miladunnabi",
      about:
        "The institute will remain closed for Eid-e-Miladunnabi. The Hifz section will hold a special programme of recitation and naat in the main hall. " +
        "Regular classes resume the following day.",
    },
    {
      title: "Free health check-up for students",
      about:
        "A team of doctors from the upazila health complex will carry out free eye, dental and general health check-ups for all students. " +
        "Please make sure your child brings their student ID card.",
    },
  ];
}
