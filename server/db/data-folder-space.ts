// Room for the embedded database. A new one takes about 41 MB at once (PostgreSQL's first 16 MB
// write-ahead log segment among it), so a small disk used to stop the start half-way with
// PGlite's "ErrnoError errno 51". Now the start checks first, and any out-of-space failure while
// opening says which folder needs how much.
import { existsSync, readdirSync, rmSync, statfsSync } from "node:fs";
import path from "node:path";
import { isOutOfSpace } from "../storage-full";

const megabyte = 1024 * 1024;

/** Free space a new embedded database needs: the 41 MB it takes, and room to work. */
export const newDatabaseBytes = 64 * megabyte;
/** Free space an existing one needs to start and run: a write-ahead log segment and some. */
export const runningDatabaseBytes = 32 * megabyte;

export class DataFolderFullError extends Error {
  constructor(
    readonly folder: string,
    readonly neededBytes: number,
    readonly freeBytes: number | undefined,
    options?: { cause?: unknown },
  ) {
    const free = freeBytes === undefined ? "" : `, which has ${megabytes(freeBytes)} free`;
    super(
      `The embedded database in ${folder} needs at least ${megabytes(neededBytes)} of free space on its disk${free}. ` +
        "Free some space there, or set DATA_DIR to a folder on a disk with room (or use PostgreSQL: DATABASE_URL).",
      options,
    );
    this.name = "DataFolderFullError";
  }
}

const megabytes = (bytes: number) => `${Math.floor(bytes / megabyte)} MB`;

/** Bytes this process may still write on the folder's disk; undefined when it cannot be told. */
export function freeBytesIn(folder: string): number | undefined {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** Whether the folder holds a database already (PostgreSQL writes PG_VERSION first). */
export const holdsDatabase = (folder: string) => existsSync(path.join(folder, "PG_VERSION"));

/** Throws DataFolderFullError when a new database would not fit in the folder. */
export function checkRoomForNewDatabase(folder: string): void {
  const free = freeBytesIn(folder);
  if (free !== undefined && free < newDatabaseBytes)
    throw new DataFolderFullError(folder, newDatabaseBytes, free);
}

/** The error to throw for a failure while opening the database in `folder`. */
export function openingError(error: unknown, folder: string, fresh: boolean): unknown {
  if (!isOutOfSpace(error)) return error;
  const needed = fresh ? newDatabaseBytes : runningDatabaseBytes;
  return new DataFolderFullError(folder, needed, freeBytesIn(folder), { cause: error });
}

/** Removes what a creation that failed wrote in the folder: everything not in `kept`. */
export function removeHalfMade(folder: string, kept: readonly string[]): void {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return;
  }
  for (const entry of entries)
    if (!kept.includes(entry)) rmSync(path.join(folder, entry), { recursive: true, force: true });
}
