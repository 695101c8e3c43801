// `npm run backup [-- --to DIR|s3] [--with-secrets]`: one archive of the database's rows at one
// moment, the files they name, and a manifest (server/backup/). On PostgreSQL it runs beside the
// servers, on a connection of its own. The embedded database serves one process at a time: while
// the server holds it, the server takes the backup when asked (server/backup/on-request.ts);
// another process holding it (npm run admin, an older server) is named and nothing is done.
import path from "node:path";
import { takeBackup } from "../server/backup/backup";
import { askServer, serverAnswers } from "../server/backup/on-request";
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

type Done = { rows: number; tables: number; files: number; bytes: number; ms: number; dumpMs: number };

function report(done: Done, file: string, withSecrets: boolean, by = "") {
  console.log(
    `Backed up ${done.rows} rows in ${done.tables} tables and ${done.files} files ` +
      `(${(done.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.round(done.ms)} ms, the rows read in ${Math.round(done.dumpMs)} ms)${by} to ${file}` +
      (withSecrets ? "\nIt holds secrets (password hashes, sessions): keep it safe." : ""),
  );
}

/** The embedded database is the running server's: it takes the backup (server/backup/on-request.ts). */
async function throughServer(dataDir: string, pid: number, options: ReturnType<typeof parse>): Promise<void> {
  const to = options.to && options.to.toLowerCase() !== "s3" ? path.resolve(options.to) : options.to;
  const answer = await askServer(dataDir, pid, { to, withSecrets: options.withSecrets });
  if ("error" in answer) throw new Refusal(`The server (pid ${pid}) could not back up: ${answer.error}`, 1);
  report(answer, answer.file, options.withSecrets, ` by the running server (pid ${pid})`);
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
      throw new Refusal("--to s3 needs S3_BUCKET and its keys (see docs/backups.md)", 2);
    }
    let database: ReturnType<typeof openDatabase>;
    try {
      database = openDatabase({
        url: config.databaseUrl,
        dataDir: path.join(config.dataDir, "db"),
        timeouts: config.databaseTimeouts,
      });
    } catch (error) {
      if (!(error instanceof FolderInUseError && serverAnswers(config.dataDir, error.pid))) throw error;
      return throughServer(config.dataDir, error.pid, options);
    }
    try {
      const place = backupPlace(config, options.to);
      const result = await takeBackup({
        database,
        files: createFileStorage(config),
        dataDir: config.dataDir,
        folder: place.folder,
        withSecrets: options.withSecrets,
      });
      const { manifest } = result;
      report(
        {
          ...result,
          rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
          tables: manifest.tables.length,
          files: manifest.files.length,
        },
        await place.keep(result.file),
        options.withSecrets,
      );
    } finally {
      await database.close();
    }
  },
  (error) =>
    error instanceof FolderInUseError
      ? new Refusal(
          `${error.message}\nWhile the server runs, it backs itself up: set BACKUP_SCHEDULE (see docs/backups.md).`,
          3,
        )
      : databaseRefusal(error),
);
