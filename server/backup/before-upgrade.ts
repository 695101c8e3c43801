// Upgrades: before this version's migrations change a database that holds data, the app backs it
// up as it is (BACKUP_BEFORE_UPGRADE, on by default). That archive is at the old version's
// migration level, so the old version restores it: the way back from an upgrade (docs/backups.md).
import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { latestLevel, migrationTag } from "../db/migration-levels";
import type { FileStorage } from "../files/storage";
import { takeBackup } from "./backup";
import { migrationLevel } from "./dump";

export const beforeUpgradeLabel = "maktab-before-upgrade";

/** Answers the archive written, or undefined when there was nothing to keep. */
export async function backupBeforeUpgrade(deps: {
  config: Config;
  database: DatabaseHandle;
  files: FileStorage;
  logger: Logger;
}): Promise<string | undefined> {
  const { config, database, logger } = deps;
  if (!config.backups.beforeUpgrade) return undefined;
  const level = await migrationLevel(database.db);
  // A new database (nothing to keep) or one already at this version's level (nothing to apply).
  if (level === 0 || level >= latestLevel()) return undefined;
  const folder = config.backups.to === "s3" ? path.join(config.dataDir, "backups") : config.backups.to;
  // With the secrets: going back must not sign everyone out or lose their passwords. The file
  // stays beside the database, which holds the same secrets.
  const result = await takeBackup({
    database,
    files: deps.files,
    dataDir: config.dataDir,
    folder,
    withSecrets: true,
    label: beforeUpgradeLabel,
  });
  logger.warn(
    {
      file: result.file,
      from: migrationTag(level),
      to: migrationTag(latestLevel()),
      ms: Math.round(result.ms),
    },
    "database backed up before its upgrade (BACKUP_BEFORE_UPGRADE=off skips this)",
  );
  return result.file;
}
