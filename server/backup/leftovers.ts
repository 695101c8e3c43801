// Half-written backups: an archive is written as `<name>.tar.gz.<pid>-<host>.partial` and renamed
// when complete, so a backup process killed half-way (a restart, the out-of-memory killer) leaves
// its `.partial` behind. They are removed at start and before each backup; one still being
// written is not. The folder may be shared: app processes on one PostgreSQL database, on this
// machine or others, and `npm run backup`, each writing their own.
//
// A partial is left over when its writer is gone: this process's own that it no longer writes
// (a restart reusing the pid, as in a container), or another process on this host that no longer
// runs. Whether a process on another host runs cannot be told from here, nor who wrote a partial
// from before names carried their writer: such a file counts as left over once untouched for
// `staleAfterMs`, since a live backup writes its archive as it goes.
import { createHash } from "node:crypto";
import { readdirSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config";

/** Partials this process is writing now. */
const writing = new Set<string>();

/** This host, short and safe in a file name. */
const hostTag = createHash("sha256").update(hostname()).digest("hex").slice(0, 8);

/** No byte written for this long: its writer is gone, wherever it ran. */
export const staleAfterMs = 15 * 60_000;

/** `<name>.tar.gz.<pid>-<host>.partial`, or `<name>.tar.gz.partial` from before. */
const partialPattern = /\.tar\.gz(?:\.(\d+)-([0-9a-f]{8}))?\.partial$/;

/** The name to write `file` under until it is complete; `done()` when it is renamed or removed. */
export function partialOf(file: string): { partial: string; done(): void } {
  const partial = `${file}.${process.pid}-${hostTag}.partial`;
  writing.add(partial);
  return { partial, done: () => writing.delete(partial) };
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

function writerGone(file: string, pid: number | undefined, host: string | undefined, now: number): boolean {
  if (writing.has(file)) return false;
  if (host === hostTag && pid !== undefined && (pid === process.pid || !isRunning(pid))) return true;
  try {
    return now - statSync(file).mtimeMs > staleAfterMs;
  } catch {
    return false;
  }
}

/** Removes the partials in `folder` whose writer is gone; answers their names and bytes. */
export function removeLeftoverPartials(
  folder: string,
  now = Date.now(),
): { removed: string[]; bytes: number } {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return { removed: [], bytes: 0 };
  }
  const removed: string[] = [];
  let bytes = 0;
  for (const name of names) {
    const match = partialPattern.exec(name);
    if (!match) continue;
    const file = path.join(folder, name);
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    if (!writerGone(file, pid, match[2], now)) continue;
    try {
      const size = statSync(file).size;
      rmSync(file);
      removed.push(name);
      bytes += size;
    } catch {
      // Renamed or removed meanwhile by its writer or another cleaner.
    }
  }
  return { removed, bytes };
}

/** At start: removes the leftovers in the backup folder (DATA_DIR/backups with BACKUP_DIR=s3). */
export function removeBackupLeftovers(config: Config, logger: Pick<Logger, "warn">): void {
  const folder = config.backups.to === "s3" ? path.join(config.dataDir, "backups") : config.backups.to;
  const { removed, bytes } = removeLeftoverPartials(folder);
  if (removed.length > 0)
    logger.warn({ folder, removed, bytes }, "removed half-written backups left by backups that were stopped");
}
