// PGlite is PostgreSQL inside this process: two processes on one data folder would each write it
// as if alone and corrupt it. A lock file beside the folder (`DATA_DIR/db.lock`, holding the
// process id and the host's name) keeps a second process (a second server, `npm run admin`) out
// with a clear message. A lock left by a process that is gone (killed, crashed) is taken over,
// and so is one written on another host (a container before its restart, which may have had our
// very process id): whether that process runs cannot be known from here.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** Folders this process holds. */
const held = new Set<string>();

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is open in another process (pid ${pid}). ` +
        "It serves one process at a time: stop that process (the server) first, or use PostgreSQL (DATABASE_URL).",
    );
    this.name = "FolderInUseError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote this lock may still hold the folder. */
function holds(folder: string, pid: number, host: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || host !== hostname()) return false;
  if (pid === process.pid) return held.has(folder);
  return isRunning(pid);
}

/** Takes the folder's lock or throws FolderInUseError; returns its release. */
export function lockFolder(dataDir: string): () => void {
  const folder = path.resolve(dataDir);
  const file = `${folder}.lock`;
  const mark = `${process.pid} ${hostname()}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, mark);
      } catch (error) {
        // A full disk: no empty lock file is left behind.
        closeSync(fd);
        unlinkSync(file);
        throw error;
      }
      closeSync(fd);
      held.add(folder);
      return () => {
        held.delete(folder);
        try {
          if (readFileSync(file, "utf8").trim() === mark) unlinkSync(file);
        } catch {
          // Gone already.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let pid = Number.NaN;
    let host: string | undefined;
    try {
      const [first, ...rest] = readFileSync(file, "utf8").trim().split(" ");
      pid = Number(first);
      host = rest.join(" ");
    } catch {
      // Removed meanwhile: try again.
    }
    // This process counts too: a second handle on the folder would corrupt it just the same.
    if (holds(folder, pid, host)) throw new FolderInUseError(folder, pid);
    try {
      unlinkSync(file);
    } catch {
      // Someone else took it over first; the next attempt finds out.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
