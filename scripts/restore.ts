// `npm run restore -- ARCHIVE [--force]`: a backup into the database and storage the server is
// configured with (DATA_DIR's embedded database or DATABASE_URL; DATA_DIR/files or S3). The
// archive is checked whole before anything changes; a target that holds data is refused unless
// --force. Stop the servers first: a restore replaces what they would be serving.
import path from "node:path";
import { ArchiveError } from "../server/backup/archive";
import { fetchArchive } from "../server/backup/places";
import { restoreBackup, TargetNotEmptyError } from "../server/backup/restore";
import { openDatabase } from "../server/db/client";
import { createFileStorage } from "../server/files/storage";
import { commandLineConfig, databaseRefusal, Refusal, runCommand } from "./command-line";

const usage = [
  "Usage: npm run restore -- ARCHIVE|s3://BUCKET/backups/NAME [--force]",
  "",
  "Restores a backup (npm run backup) into an empty database: DATA_DIR's embedded one (stop the",
  "server first) or DATABASE_URL, and its files into DATA_DIR/files or the S3 bucket. --force",
  "replaces what the database holds.",
].join("\n");

process.exitCode = await runCommand(
  async () => {
    const args = process.argv.slice(2);
    if (["help", "--help", "-h"].includes(args[0] ?? "")) {
      console.log(usage);
      return;
    }
    const force = args.includes("--force");
    const rest = args.filter((arg) => arg !== "--force");
    if (rest.length !== 1 || rest[0]?.startsWith("-")) throw new Refusal(usage, 2);
    const { config } = commandLineConfig();
    const { file: archive, cleanup } = await fetchArchive(config, rest[0] as string);
    const targetName = config.databaseUrl
      ? `The PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)}`
      : `The embedded database in ${path.join(config.dataDir, "db")}`;
    let database: ReturnType<typeof openDatabase> | undefined;
    try {
      const result = await restoreBackup({
        archive,
        dataDir: config.dataDir,
        force,
        targetName,
        openTarget: async () => {
          database = openDatabase({
            url: config.databaseUrl,
            dataDir: path.join(config.dataDir, "db"),
            timeouts: config.databaseTimeouts,
          });
          return { database, files: createFileStorage(config) };
        },
      });
      const { manifest } = result;
      console.log(
        `Restored ${result.rows} rows in ${manifest.tables.length} tables and ${result.files} files ` +
          `from the backup of ${manifest.createdAt} (${manifest.database.kind}, ${manifest.database.migrationTag}) ` +
          `in ${Math.round(result.ms)} ms`,
      );
      if (!manifest.withSecrets) {
        console.log(
          "The backup holds no sessions: everyone signs in again (passwords are kept). Sign-in providers' tokens were left out: an account that signs in with one signs in there again.",
        );
      }
    } finally {
      await database?.close();
      cleanup();
    }
  },
  (error) =>
    error instanceof ArchiveError
      ? new Refusal(`${error.message}\nNothing was changed.`, 1)
      : error instanceof TargetNotEmptyError
        ? new Refusal(`${error.message}\nNothing was changed.`, 1)
        : databaseRefusal(error),
);
