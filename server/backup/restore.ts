// Restores a backup into an empty database: the whole archive is unpacked and checked against its
// manifest (every entry's sha256, every table's row count) before the target is even opened, so a
// damaged archive changes nothing. Then: the migrations up to the archive's level, the rows in one
// transaction (counted again), the files into storage, the secrets, and the newer migrations.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { latestLevel, migrateUpTo, migrationTag } from "../db/migration-levels";
import { rowsOf } from "../db/rows";
import { vacuumAndAnalyze } from "../db/upkeep";
import type { FileStorage } from "../files/storage";
import { ArchiveError, extractArchive } from "./archive";
import { tablesInOrder } from "./dump";
import { checkEntries, type Manifest, parseManifest } from "./manifest";

/** The target holds data and --force was not given. */
export class TargetNotEmptyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetNotEmptyError";
  }
}

export type RestoreOptions = {
  archive: string;
  /** Opened only once the archive has passed its checks. */
  openTarget: () => Promise<{ database: DatabaseHandle; files: FileStorage }>;
  /** DATA_DIR: secrets from the archive go to its secrets/ folder. */
  dataDir: string;
  /** Replace whatever the target database holds. */
  force: boolean;
  /** Where the target is, for messages ("the embedded database in ./data", "PostgreSQL ..."). */
  targetName: string;
};

export type RestoreResult = { manifest: Manifest; ms: number; rows: number; files: number };

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".odt": "application/vnd.oasis.opendocument.text",
};

const lineCount = (text: string) => (text.length === 0 ? 0 : text.split("\n").length - 1);

/** Unpacks and checks an archive; answers its manifest and the folder holding its entries. */
export async function openArchive(archive: string): Promise<{ manifest: Manifest; folder: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), "maktab-restore-"));
  try {
    const entries = await extractArchive(archive, folder);
    const manifestFile = entries.has("manifest.json")
      ? readFileSync(path.join(folder, "manifest.json"), "utf8")
      : undefined;
    const manifest = parseManifest(manifestFile);
    checkEntries(manifest, entries, (name) =>
      lineCount(readFileSync(path.join(folder, "database", `${name}.jsonl`), "utf8")),
    );
    const level = manifest.database.migration;
    if (migrationTag(level) === undefined) {
      throw new ArchiveError(
        level > latestLevel()
          ? `The archive comes from a newer version of the app (migration ${manifest.database.migrationTag}): upgrade this one first`
          : `The archive's migration ${manifest.database.migrationTag} is unknown to this version`,
      );
    }
    return { manifest, folder };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** What the database holds: its app tables and their rows. */
async function contents(database: DatabaseHandle): Promise<{ tables: number; rows: number }> {
  const tables = await tablesInOrder(database.db);
  let rows = 0;
  for (const name of tables) {
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    rows += row?.n ?? 0;
  }
  const [migrated] = await rowsOf<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  return { tables: tables.length + (migrated?.present ? 1 : 0), rows };
}

async function emptyDatabase(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}

/** Rows per insert: few statements, none too large for either driver. */
const batchBytes = 1 << 20;

async function loadRows(database: DatabaseHandle, manifest: Manifest, folder: string): Promise<number> {
  let total = 0;
  await database.db.transaction(async (tx) => {
    // A large table takes longer to load than DATABASE_STATEMENT_TIMEOUT allows a request.
    await tx.execute(sql`set local statement_timeout = 0`);
    // Some migrations write rows (the school classes): the archive, at the same level, holds them
    // as they were at its moment.
    const names = manifest.tables.map((table) => sql.identifier(table.name));
    await tx.execute(sql`truncate table ${sql.join(names, sql`, `)} cascade`);
    for (const table of manifest.tables) {
      const text = readFileSync(path.join(folder, "database", `${table.name}.jsonl`), "utf8");
      const lines = text.split("\n").filter((line) => line.length > 0);
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const json = `[${batch.join(",")}]`;
        const name = sql.identifier(table.name);
        try {
          await tx.execute(
            sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${json}::jsonb)`,
          );
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          throw new Error(`Could not load the rows of ${table.name}: ${(cause ?? (error as Error)).message}`);
        }
        batch = [];
        size = 0;
      };
      for (const line of lines) {
        batch.push(line);
        size += line.length;
        if (size >= batchBytes) await flush();
      }
      await flush();
      const [count] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(table.name)}`,
      );
      if (count?.n !== table.rows) {
        throw new Error(`Loaded ${count?.n} rows into ${table.name}, the manifest says ${table.rows}`);
      }
      total += table.rows;
    }
  });
  return total;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { manifest, folder } = await openArchive(options.archive);
  try {
    const { database, files } = await options.openTarget();
    const held = await contents(database);
    if (held.tables > 0) {
      if (!options.force) {
        throw new TargetNotEmptyError(
          `${options.targetName} is not empty (${held.tables} tables, ${held.rows} rows): restore into an empty one, or add --force to replace everything in it`,
        );
      }
      await emptyDatabase(database);
    }
    let rows: number;
    try {
      await migrateUpTo(database.db, manifest.database.migration);
      rows = await loadRows(database, manifest, folder);
    } catch (error) {
      // Back to empty, so that the next attempt needs no --force.
      await emptyDatabase(database).catch(() => {});
      throw error;
    }
    for (const file of manifest.files) {
      const data = readFileSync(path.join(folder, "files", file.key));
      const type = contentTypes[path.extname(file.key).toLowerCase()] ?? "application/octet-stream";
      await files.put(file.key, data, type);
    }
    if (manifest.secrets.length > 0) {
      const secrets = path.join(options.dataDir, "secrets");
      mkdirSync(secrets, { recursive: true, mode: 0o700 });
      for (const secret of manifest.secrets) {
        writeFileSync(
          path.join(secrets, secret.name),
          readFileSync(path.join(folder, "secrets", secret.name)),
          {
            mode: 0o600,
          },
        );
      }
    }
    // The archive's rows are now at its level; this version's newer migrations take them on.
    await database.migrate();
    // Every row is new to the planner: its statistics now, not at the server's next upkeep.
    await vacuumAndAnalyze(database);
    return { manifest, ms: performance.now() - started, rows, files: manifest.files.length };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
