// The kinds of content, the server's part of each definition (the browser's part is
// common/kinds.ts): the collection (its table, input rules, who may do what, and the hooks
// named for when they run: server/domain/<kind>.ts), and which of its rows the overview counts.
// `satisfies Record<KindName, ...>`: a kind in the registry without its server part fails the
// type check. The overview's counts, the check that an uploaded file is still in use and the
// dashboard's and pages' lookups by name are made from this list.
import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { KindName } from "../../common/kinds";
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
  services,
  students,
  teachers,
} from "../db/schema";
import { admissionCollection } from "./admissions";
import { albumCollection } from "./albums";
import { blogCollection } from "./blogs";
import { commentCollection } from "./comments";
import type { ContentCollection } from "./content/collection";
import { downloadCollection } from "./downloads";
import { eventCollection } from "./events";
import { noticeCollection } from "./notices";
import { resultCollection } from "./results";
import { serviceCollection } from "./services";
import { studentCollection } from "./students";
import { teacherCollection } from "./teachers";

export type ServerKind = {
  // biome-ignore lint/suspicious/noExplicitAny: each kind's records are its own type
  collection: ContentCollection<any>;
  table: PgTable & { id: PgColumn; imageFileId?: PgColumn };
  /** The rows visitors see, which the overview counts (the approved ones of a reviewed kind). */
  shown?: SQL;
  /** The kind's other tables whose rows show an uploaded image (an album's photos). */
  imageTables?: (PgTable & { id: PgColumn; imageFileId: PgColumn })[];
};

const approved = (status: PgColumn) => eq(status, "approved");

export const serverKinds = {
  admissions: { collection: admissionCollection, table: admissions },
  results: { collection: resultCollection, table: results },
  blogs: { collection: blogCollection, table: blogs, shown: approved(blogs.status) },
  comments: { collection: commentCollection, table: comments },
  notices: { collection: noticeCollection, table: notices },
  services: { collection: serviceCollection, table: services },
  students: { collection: studentCollection, table: students, shown: approved(students.status) },
  teachers: { collection: teacherCollection, table: teachers, shown: approved(teachers.status) },
  events: { collection: eventCollection, table: events },
  downloads: { collection: downloadCollection, table: downloads },
  albums: { collection: albumCollection, table: albums, imageTables: [albumPhotos] },
} satisfies Record<KindName, ServerKind>;

/** The tables whose records may point at an uploaded file (imageFileId). */
export const tablesWithImages = Object.values(serverKinds as Record<KindName, ServerKind>).flatMap(
  ({ table, imageTables = [] }) => [
    ...(table.imageFileId ? [table as PgTable & { id: PgColumn; imageFileId: PgColumn }] : []),
    ...imageTables,
  ],
);
