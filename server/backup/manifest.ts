// manifest.json: what a backup holds, and the sha256 of every entry, so that a restore can tell a
// complete archive from a damaged one before it changes anything.
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../project-root";
import { ArchiveError, type ExtractedEntry } from "./archive";

export const manifestFormat = "maktab-backup";
export const manifestVersion = 1;

export type Manifest = {
  format: typeof manifestFormat;
  version: typeof manifestVersion;
  app: { version: string };
  createdAt: string;
  database: {
    kind: "pglite" | "postgres";
    /** The last migration applied: its journal time (drizzle's created_at) and name. */
    migration: number;
    migrationTag: string;
  };
  withSecrets: boolean;
  /** In the order they load (each after the tables it refers to). */
  tables: { name: string; rows: number; bytes: number; sha256: string }[];
  leftOut: { name: string; why: string }[];
  files: { key: string; bytes: number; sha256: string }[];
  /** Named by a record at the backup's moment, but deleted from storage before it was copied. */
  filesGone: string[];
  secrets: { name: string; bytes: number; sha256: string }[];
};

export function appVersion(): string {
  return JSON.parse(readFileSync(path.join(projectRoot(), "package.json"), "utf8")).version;
}

/** Every entry the manifest names, with its size and hash. */
function expectedEntries(manifest: Manifest): Map<string, { bytes: number; sha256: string }> {
  const entry = (name: string, item: { bytes: number; sha256: string }): [string, ExtractedEntry] => [
    name,
    { bytes: item.bytes, sha256: item.sha256 },
  ];
  return new Map([
    ...manifest.tables.map((t) => entry(`database/${t.name}.jsonl`, t)),
    ...manifest.files.map((f) => entry(`files/${f.key}`, f)),
    ...manifest.secrets.map((s) => entry(`secrets/${s.name}`, s)),
  ]);
}

export function parseManifest(text: string | undefined): Manifest {
  if (text === undefined)
    throw new ArchiveError("The archive has no manifest.json: it is not a Maktab backup");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new ArchiveError("The archive's manifest.json is damaged (not JSON)");
  }
  if (
    manifest?.format !== manifestFormat ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.files)
  ) {
    throw new ArchiveError("The archive's manifest.json is not a Maktab backup manifest");
  }
  if (manifest.version > manifestVersion) {
    throw new ArchiveError(
      `The archive is of backup format ${manifest.version}, newer than this version reads (${manifestVersion}): upgrade the app first`,
    );
  }
  return manifest;
}

/**
 * Throws naming the first entry that is missing, damaged or unexpected; `rowsIn` counts a table
 * file's rows.
 */
export function checkEntries(
  manifest: Manifest,
  entries: Map<string, ExtractedEntry>,
  rowsIn: (name: string) => number,
): void {
  const expected = expectedEntries(manifest);
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) throw new ArchiveError(`The archive is incomplete: ${name} is missing`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256) {
      throw new ArchiveError(`The archive is damaged: ${name} does not match its sha256 in the manifest`);
    }
  }
  for (const name of entries.keys()) {
    if (name !== "manifest.json" && !expected.has(name)) {
      throw new ArchiveError(`The archive holds ${name}, which its manifest does not name`);
    }
  }
  for (const table of manifest.tables) {
    const rows = rowsIn(table.name);
    if (rows !== table.rows) {
      throw new ArchiveError(
        `The archive is damaged: database/${table.name}.jsonl holds ${rows} rows, the manifest says ${table.rows}`,
      );
    }
  }
}
