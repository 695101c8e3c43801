// BACKUP_SCHEDULE: the running app backs itself up at the times of a cron pattern, keeping the
// newest BACKUP_KEEP. With several app processes on one PostgreSQL database, each computes the
// same next time; the one whose insert of that time into scheduled_backups succeeds takes the
// backup, the others find the row and do nothing. This is also how the embedded database is
// backed up while the site serves: only the process that holds it can read it.
import { hostname } from "node:os";
import { Cron } from "croner";
import { desc, eq, lt } from "drizzle-orm";
import type { Services } from "../container";
import { scheduledBackups } from "../db/schema";
import { takeBackup } from "./backup";
import { type BackupPlace, backupPlace } from "./places";

export const scheduledLabel = "maktab-scheduled";

/** setTimeout takes at most about 24.8 days. */
const longestTimer = 2 ** 31 - 1;

type Deps = Pick<Services, "config" | "database" | "files" | "logger">;

/** Deletes all but the newest `keep` scheduled backups; answers the names deleted. */
export async function pruneBackups(place: BackupPlace, keep: number): Promise<string[]> {
  const ours = await place.list(scheduledLabel);
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) await place.remove(name);
  return old;
}

/**
 * Takes the backup due at `dueAt` unless another process took it already; answers the archive's
 * path, or undefined when another process has it.
 */
export async function takeScheduledBackup(deps: Deps, dueAt: Date): Promise<string | undefined> {
  const { config, database, logger } = deps;
  const [claimed] = await database.db
    .insert(scheduledBackups)
    .values({ dueAt, takenBy: `${hostname()}:${process.pid}` })
    .onConflictDoNothing()
    .returning({ dueAt: scheduledBackups.dueAt });
  if (!claimed) return undefined;
  const place = backupPlace(config);
  try {
    const result = await takeBackup({
      database,
      files: deps.files,
      dataDir: config.dataDir,
      folder: place.folder,
      withSecrets: false,
      label: scheduledLabel,
    });
    const file = await place.keep(result.file);
    await database.db
      .update(scheduledBackups)
      .set({ finishedAt: new Date(), file })
      .where(eq(scheduledBackups.dueAt, dueAt));
    const pruned = await pruneBackups(place, config.backups.keep);
    logger.info(
      {
        file,
        bytes: result.bytes,
        ms: Math.round(result.ms),
        dumpMs: Math.round(result.dumpMs),
        pruned,
      },
      "scheduled backup taken",
    );
    // The table remembers the last few runs only.
    const [oldest] = await database.db
      .select({ dueAt: scheduledBackups.dueAt })
      .from(scheduledBackups)
      .orderBy(desc(scheduledBackups.dueAt))
      .offset(100)
      .limit(1);
    if (oldest) await database.db.delete(scheduledBackups).where(lt(scheduledBackups.dueAt, oldest.dueAt));
    return file;
  } catch (error) {
    await database.db
      .update(scheduledBackups)
      .set({ finishedAt: new Date(), error: (error as Error).message })
      .where(eq(scheduledBackups.dueAt, dueAt));
    throw error;
  }
}

/** Starts the schedule when BACKUP_SCHEDULE is set; stop() waits for a backup under way. */
export function startScheduledBackups(deps: Deps): { stop(): Promise<void> } {
  const pattern = deps.config.backups.schedule;
  if (!pattern) return { stop: async () => {} };
  const cron = new Cron(pattern, { paused: true });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const arm = (after?: Date) => {
    if (stopped) return;
    const due = cron.nextRun(after);
    if (!due) return;
    const wait = () => {
      const left = due.getTime() - Date.now();
      if (left > 0) {
        timer = setTimeout(wait, Math.min(left, longestTimer));
        timer.unref();
        return;
      }
      running = takeScheduledBackup(deps, due)
        .catch((error) => deps.logger.error({ err: error, dueAt: due }, "scheduled backup failed"))
        // A backup longer than the interval skips the times it overran: the next is after now.
        .finally(() => arm(new Date()));
    };
    wait();
  };
  arm();
  deps.logger.info(
    { schedule: pattern, next: cron.nextRun(), to: deps.config.backups.to },
    "backups scheduled",
  );
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
