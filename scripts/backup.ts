// `npm run backup [-- --to DIR] [--with-secrets]`: one archive of the database's rows at one
// moment, the files they name, and a manifest (server/backup/). On PostgreSQL it runs beside the
// servers, on a connection of its own. The embedded database serves one process at a time: while
// the server holds it, the command says so and the server's own schedule (BACKUP_SCHEDULE) is the
// way to back it up without stopping it.
import path from "node:path";
import { takeBackup } from "../server/backup/backup";
import { backupPlace } from "../server/backup/places";
import { openDatabase } from "../server/db/client";
import { FolderInUseError } from "../server/db/folder-lock";
import { createFileStorage } from "../server/files/storage";
import { commandLineConfig, databaseRefusal, Refusal, runCommand } from "./command-line";

const usage = [
  "Usage: npm run backup [-- --to DIR|s3] [--with-secrets]",
  "",
  "Writes one archive (maktab-backup-<time>.tar.gz) of the database, the stored files and a manifest",
  "to DIR, or to the S3 bucket's backups/ with --to s3 (BACKUP_DIR, or DATA_DIR/backups by default).",
  "Sessions, one-time codes, password hashes",
  "and payment providers' tokens are left out unless --with-secrets is given.",
].join("\n");

function parse(args: string[]): { to?: string; withSecrets: boolean } {
  let to: string | undefined;
  let withSecrets = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--with-secrets") withSecrets = true;
    else if (arg === "--to" && args[i + 1] && !args[i + 1]?.startsWith("-")) to = args[++i];
    else if (arg.startsWith("--to=")) to = arg.slice(5);
    else throw new Refusal(`Unexpected: ${arg}\n\n${usage}`, 2);
  }
  return { to, withSecrets };
}

process.exitCode = await runCommand(
  async () => {
    if (["help", "--help", "-h"].includes(process.argv[2] ?? "")) {
      console.log(usage);
      return;
    }
    const options = parse(process.argv.slice(2));
    const { config } = commandLineConfig();
    if (options.to?.toLowerCase() === "s3" && !config.s3) {
      throw new Refusal("--to s3 needs S3_BUCKET and its keys (see the README)", 2);
    }
    const place = backupPlace(config, options.to);
    const database = openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
    try {
      const result = await takeBackup({
        database,
        files: createFileStorage(config),
        dataDir: config.dataDir,
        folder: place.folder,
        withSecrets: options.withSecrets,
      });
      const file = await place.keep(result.file);
      const { manifest } = result;
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files ` +
          `(${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.round(result.ms)} ms, the rows read in ${Math.round(result.dumpMs)} ms) to ${file}` +
          (manifest.withSecrets ? "\nIt holds secrets (password hashes, sessions): keep it safe." : ""),
      );
    } finally {
      await database.close();
    }
  },
  (error) =>
    error instanceof FolderInUseError
      ? new Refusal(
          `${error.message}\nWhile the server runs, it backs itself up: set BACKUP_SCHEDULE (see the README).`,
          3,
        )
      : databaseRefusal(error),
);
