// Migrations by level: a backup records the last migration its database had, and a restore brings
// an empty database to exactly that level before loading the rows (their columns are that
// level's), then applies the newer ones. The level is drizzle's: the journal's `when` of the last
// migration applied (its created_at in drizzle.__drizzle_migrations).

import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Database } from "./client";
import { migrationsFolder } from "./client";

export type JournalEntry = { when: number; tag: string };

export function journal(): JournalEntry[] {
  const text = readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries.map(({ when, tag }) => ({ when, tag }));
}

/** The name of the migration at this level, or undefined when this version does not know it. */
export const migrationTag = (level: number) => journal().find((entry) => entry.when === level)?.tag;

/** The newest migration this version has. */
export const latestLevel = () => Math.max(0, ...journal().map((entry) => entry.when));

/** Applies the migrations up to `level` and none after, as drizzle's migrate() does all of them. */
export async function migrateUpTo(db: Database, level: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).filter((m) => m.folderMillis <= level);
  // drizzle's own migrator, given fewer migrations: the same bookkeeping table and transaction.
  const internals = db as unknown as {
    dialect: { migrate(migrations: unknown, session: unknown, config: unknown): Promise<void> };
    session: unknown;
  };
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder });
}
