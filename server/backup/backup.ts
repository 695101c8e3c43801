// Takes a backup: the database's rows at one moment (dump.ts), then the files those rows name,
// read from storage (local disk or S3) after the moment, and the manifest; written to a
// `.partial` file renamed when complete, so a folder never holds a half backup under a real name
// (and the partials of backups killed half-way are removed first: leftovers.ts).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Database, DatabaseHandle } from "../db/client";
import { migrationTag } from "../db/migration-levels";
import type { FileStorage } from "../files/storage";
import { sha256, writeArchive } from "./archive";
import { dumpDatabase } from "./dump";
import { partialOf, removeLeftoverPartials } from "./leftovers";
import { appVersion, type Manifest, manifestFormat, manifestVersion } from "./manifest";

export type BackupOptions = {
  database: Pick<DatabaseHandle, "kind"> & { db: Database };
  files: FileStorage;
  /** DATA_DIR: its secrets/ folder goes in with `withSecrets`. */
  dataDir: string;
  /** The folder the archive is written to. */
  folder: string;
  withSecrets: boolean;
  /** Prefix of the file name ("maktab-backup", "maktab-before-upgrade"...). */
  label?: string;
};

export type BackupResult = { file: string; bytes: number; ms: number; dumpMs: number; manifest: Manifest };

export const backupExtension = ".tar.gz";

/**
 * maktab-backup-2026-11-26T03-40-12-345Z-1a2b3c.tar.gz: sorts by time, no characters a shell
 * minds, and two backups started in the same millisecond do not share a name.
 */
export function backupName(label: string, at: Date): string {
  return `${label}-${at.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}${backupExtension}`;
}

const isNotFound = (error: unknown) =>
  (error as NodeJS.ErrnoException)?.code === "ENOENT" ||
  /not found|does not exist|ENOENT|NoSuchKey/i.test(String((error as Error)?.message));

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const createdAt = new Date();
  const dump = await dumpDatabase(options.database.db, { withSecrets: options.withSecrets });
  const dumpMs = performance.now() - started;

  mkdirSync(options.folder, { recursive: true, mode: 0o700 });
  removeLeftoverPartials(options.folder);
  const file = path.join(options.folder, backupName(options.label ?? "maktab-backup", createdAt));
  const { partial, done } = partialOf(file);
  const archive = writeArchive(partial);
  try {
    const tables: Manifest["tables"] = [];
    for (const table of dump.tables) {
      await archive.add(`database/${table.name}.jsonl`, table.lines);
      tables.push({
        name: table.name,
        rows: table.rows,
        bytes: Buffer.byteLength(table.lines),
        sha256: sha256(table.lines),
      });
    }
    const files: Manifest["files"] = [];
    const filesGone: string[] = [];
    for (const key of dump.fileKeys) {
      let data: Uint8Array;
      try {
        data = await options.files.read(key);
      } catch (error) {
        // Its record was deleted after the moment of the dump, and the file with it.
        if (!isNotFound(error)) throw error;
        filesGone.push(key);
        continue;
      }
      await archive.add(`files/${key}`, data);
      files.push({ key, bytes: data.length, sha256: sha256(data) });
    }
    const secrets: Manifest["secrets"] = [];
    const secretsFolder = path.join(options.dataDir, "secrets");
    if (options.withSecrets && existsSync(secretsFolder)) {
      for (const name of readdirSync(secretsFolder).sort()) {
        const data = readFileSync(path.join(secretsFolder, name));
        await archive.add(`secrets/${name}`, data);
        secrets.push({ name, bytes: data.length, sha256: sha256(data) });
      }
    }
    const manifest: Manifest = {
      format: manifestFormat,
      version: manifestVersion,
      app: { version: appVersion() },
      createdAt: createdAt.toISOString(),
      database: {
        kind: options.database.kind,
        migration: dump.migration,
        migrationTag: migrationTag(dump.migration) ?? "unknown",
      },
      withSecrets: options.withSecrets,
      tables,
      leftOut: dump.leftOut,
      files,
      filesGone,
      secrets,
    };
    await archive.add("manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
    await archive.finish();
    renameSync(partial, file);
    return {
      file,
      bytes: statSync(file).size,
      ms: performance.now() - started,
      dumpMs,
      manifest,
    };
  } catch (error) {
    await archive.finish().catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  } finally {
    done();
  }
}
