// A disk (or the user's quota) with no room left: told apart from other failures so that an
// upload answers 507 Insufficient Storage in words about space, and a start says which folder
// needs how much, instead of "Something went wrong" or PGlite's "ErrnoError errno 51".
import { englishOf } from "../common/errors/english";
import { problem } from "../common/errors/problem";

/** Node's codes for a full disk and an exhausted quota. */
const nodeCodes = new Set(["ENOSPC", "EDQUOT"]);
/** The same in Emscripten's numbering, as PGlite's file system throws them (ErrnoError). */
const emscriptenErrnos = new Set([51, 19]);
/** PostgreSQL's disk_full (SQLSTATE 53100). */
const diskFullState = "53100";

/** Whether the error, or one it wraps (`cause`), says there is no room left. */
export function isOutOfSpace(error: unknown): boolean {
  for (let found = error, depth = 0; found && typeof found === "object" && depth < 8; depth++) {
    const { code, errno, name } = found as { code?: unknown; errno?: unknown; name?: unknown };
    if (typeof code === "string" && (nodeCodes.has(code) || code === diskFullState)) return true;
    if (name === "ErrnoError" && typeof errno === "number" && emscriptenErrnos.has(errno)) return true;
    found = (found as { cause?: unknown }).cause;
  }
  return false;
}

/** A file could not be stored for want of space; nothing of it was kept. */
export class StorageFullError extends Error {
  readonly code = "storage_full";
  readonly status = 507;
  readonly problem = problem("upload.storageFull");
  constructor(options?: { cause?: unknown }) {
    super(englishOf(problem("upload.storageFull")), options);
    this.name = "StorageFullError";
  }
}
