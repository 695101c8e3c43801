// What /metrics reads from the services when it is scraped, not per request: the page cache's
// size, the messages waiting in the outbox folders, the newest backup's time.
import { readdir } from "node:fs/promises";
import { backupExtension } from "../backup/backup";
import { backupPlace } from "../backup/places";
import type { Services } from "../services";
import type { ScrapeSources } from "./metrics";

/** Files in a folder whose names end so; 0 when the folder is not there yet. */
async function filesIn(folder: string, extension: string): Promise<number> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith(extension)).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** The time in a backup's name (server/backup/backup.ts backupName): ...-2026-11-26T03-40-12-345Z-1a2b3c.tar.gz */
const takenAtPattern = /(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z-[0-9a-f]+\.tar\.gz$/;

export function takenAtOf(name: string): Date | null {
  const match = takenAtPattern.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A listing of the bucket is a request to S3: kept this long between scrapes. */
const bucketListingMs = 5 * 60 * 1000;

export function scrapeSources(
  services: Pick<Services, "config" | "database" | "pageCache" | "mail" | "sms">,
) {
  const { config } = services;
  let listed: { at: number; last: Promise<Date | null> } | undefined;

  /** The newest whole archive of every kind (scheduled, `npm run backup`, before an upgrade). */
  async function newestBackup(): Promise<Date | null> {
    // Every label, all archives a restore could use; a `.partial` is not one.
    const names = await backupPlace(config).list("maktab");
    let newest: Date | null = null;
    for (const name of names) {
      if (!name.endsWith(backupExtension)) continue;
      const at = takenAtOf(name);
      if (at && (!newest || at > newest)) newest = at;
    }
    return newest;
  }

  const sources: ScrapeSources = {
    databaseKind: services.database.kind,
    pageCache: () => services.pageCache.stats(),
    outboxes: async () => [
      {
        channel: "mail",
        waiting: services.mail.outboxDir ? await filesIn(services.mail.outboxDir, ".eml") : null,
      },
      {
        channel: "sms",
        waiting: services.sms.outboxDir ? await filesIn(services.sms.outboxDir, ".json") : null,
      },
    ],
    lastBackup() {
      if (config.backups.to !== "s3") return newestBackup();
      if (!listed || Date.now() - listed.at > bucketListingMs) {
        listed = { at: Date.now(), last: newestBackup() };
      }
      return listed.last;
    },
  };
  return sources;
}
