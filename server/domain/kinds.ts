// The kinds of content, the server's part of each (server/domain/<kind>.ts: its collection,
// table and hooks; the definition is common/kinds/<kind>.ts). `satisfies Record<KindName, ...>`:
// a kind in the registry without its server part fails the type check. The overview's counts,
// the check that an uploaded file is still in use, the audit trail's tables, the exports and the
// dashboard's and pages' lookups by name are made from this list.
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { KindName } from "../../common/kinds";
import { admissionKind } from "./admissions";
import { albumKind } from "./albums";
import { blogKind } from "./blogs";
import { commentKind } from "./comments";
import type { ServerKind } from "./content/server-kind";
import { downloadKind } from "./downloads";
import { eventKind } from "./events";
import { noticeKind } from "./notices";
import { resultKind } from "./results";
import { serviceKind } from "./services";
import { studentKind } from "./students";
import { teacherKind } from "./teachers";

export type { ServerKind };

export const serverKinds = {
  admissions: admissionKind,
  results: resultKind,
  blogs: blogKind,
  comments: commentKind,
  notices: noticeKind,
  services: serviceKind,
  students: studentKind,
  teachers: teacherKind,
  events: eventKind,
  downloads: downloadKind,
  albums: albumKind,
} satisfies { [K in KindName]: ServerKind<K> };

/** The tables whose records may point at an uploaded file (imageFileId). */
export const tablesWithImages = Object.values(serverKinds as Record<KindName, ServerKind>).flatMap(
  ({ table, imageTables }) => [
    ...(table.imageFileId ? [table as PgTable & { id: PgColumn; imageFileId: PgColumn }] : []),
    ...imageTables,
  ],
);
