// A kind's sample records, which a fresh installation starts with (server/sample-content/seed.ts
// puts in every kind's): written beside the kind's server part, which names them `samples`, so
// a kind without them fails the type check. Pictures are drawn at start, documents written
// before the transaction that puts the rows in.
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { KindName } from "../../../common/kinds";
import type { Database } from "../../db/client";
import type { FileStorage } from "../../files/storage";

/** A record the samples put in: its id, its title (or name) and when it was added. */
export type SampleRow = { id: string; title: string; createdAt: Date };

/** What a kind's samples are put in with. */
export type SampleSeeding = {
  db: Database;
  /** The time the seeding started (ms). */
  now: number;
  /** The current year: the samples' dates come from it, so they never look stale. */
  year: number;
  /**
   * Record `index`'s creation time (newest first, about eleven days apart, the kinds
   * interleaved) and its picture's columns: pages compute an upload's addresses, so no imageUrl.
   */
  stamp(index: number): { createdAt: Date; updatedAt: Date; imageFileId: string; imageUrl: null };
  /** The uploaded file of the kind's picture `index`. */
  picture(index: number): string;
  /** The rows the samples of a kind named in `after` put in. */
  rowsOf(kind: KindName): SampleRow[];
  /** What `prepare` gave. */
  prepared: unknown;
};

export type KindSamples = {
  /**
   * A picture drawn for each of its records, from their titles: the kind's hue shifted a little
   * for each, its label over the title; `square`: a portrait with initials (people). `place`
   * interleaves the kinds' creation times; `name` seeds the shapes (the kind's unless said).
   */
  pictures?: {
    hue: number;
    label: string;
    square?: boolean;
    place: number;
    name?: string;
    titles: (year: number) => string[];
  };
  /** Kinds whose samples go in first (a notice carries a download, a comment is on a blog). */
  after?: KindName[];
  /** Work before the transaction (the downloads' PDFs), each stored key kept in `written`. */
  prepare?: (files: FileStorage, now: number, written: string[]) => Promise<unknown>;
  /** Puts its records in: those rows, and the counts of other tables it filled (an album's photos). */
  insert: (seeding: SampleSeeding) => Promise<{ rows: SampleRow[]; others?: Record<string, number> }>;
};

type SampleTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/** Puts records in, each stamped (its creation time and picture); their rows, titled by `titleOf`. */
export async function insertStamped<T extends object>(
  seeding: SampleSeeding,
  table: SampleTable,
  records: readonly T[],
  titleOf: (record: T) => string,
): Promise<SampleRow[]> {
  if (records.length === 0) return [];
  const inserted = (await seeding.db
    .insert(table)
    .values(records.map((record, index) => ({ ...record, ...seeding.stamp(index) })) as never)
    .returning({ id: table.id, createdAt: table.createdAt })) as { id: string; createdAt: Date }[];
  return inserted.map((row, index) => ({ ...row, title: titleOf(records[index]!) }));
}
