// Backups and restores on the real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set) and real files on disk: writes going on during a backup, damaged archives, and a school
// moving from the embedded database to PostgreSQL and back.
import { createHash, randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { extract, pack } from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { ArchiveError } from "../../server/backup/archive";
import { type BackupResult, takeBackup } from "../../server/backup/backup";
import { beforeUpgradeLabel } from "../../server/backup/before-upgrade";
import { migrationLevel, tablesInOrder } from "../../server/backup/dump";
import { restoreBackup, TargetNotEmptyError } from "../../server/backup/restore";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/container-factory";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { journal, latestLevel, migrateUpTo } from "../../server/db/migration-levels";
import { rowsOf } from "../../server/db/rows";
import { downloads, notices } from "../../server/db/schema";
import { localFileStorage } from "../../server/files/storage";
import { simplePdf } from "../../server/sample-content/pdf";
import { temporaryFolders } from "../fixtures/commands";
import { createTestApp, type TestApp, testDatabases, throwawayPostgres } from "../fixtures/test-app";

const temporary = temporaryFolders();
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

/** A new, empty PostgreSQL database (TEST_DATABASE_URL), dropped after the tests. */
async function emptyPostgres(): Promise<DatabaseHandle> {
  const { handle, drop } = await throwawayPostgres();
  dropped.push(async () => {
    await handle.close();
    await drop();
  });
  return handle;
}

/** A new, empty embedded database in a folder of its own. */
function emptyEmbedded(): { handle: DatabaseHandle; dataDir: string } {
  const dataDir = temporary("restored");
  const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
  dropped.push(() => handle.close());
  return { handle, dataDir };
}

/** Restores into a database, with its files under dataDir/files as the embedded install keeps them. */
const restoreInto = (archive: string, database: DatabaseHandle, dataDir: string, force = false) =>
  restoreBackup({
    archive,
    openTarget: async () => ({ database, files: localFileStorage(path.join(dataDir, "files")) }),
    dataDir,
    force,
    targetName: "the test target",
  });

const photo = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: 90, b: 140 } } })
    .png()
    .toBuffer();

/** A notice with an uploaded image, as the dashboard makes one; answers once both are stored. */
async function addNotice(t: TestApp, title: string, seed: number) {
  const file = await t.services.images.store({
    bytes: await photo(seed),
    name: "notice.png",
    uploadedBy: null,
  });
  const [row] = await t.services.db
    .insert(notices)
    .values({ title, imageFileId: file.id })
    .returning({ id: notices.id });
  return { noticeId: row?.id as string, fileId: file.id };
}

/** A download with its PDF in the file storage, as the dashboard stores one. */
async function addDownload(t: TestApp, title: string) {
  const stored = await t.services.documents.store({ bytes: simplePdf(title, ["A form"]), name: "form.pdf" });
  await t.services.db.insert(downloads).values({
    title,
    fileKey: stored.key,
    fileName: stored.name,
    fileSize: stored.size,
    fileType: stored.type,
  });
  return stored.key;
}

/** Every table's rows as sorted JSON text, timestamps in UTC whatever the server's zone. */
async function everyRow(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const rows: Record<string, string[]> = {};
    for (const name of await tablesInOrder(tx)) {
      const lines = await rowsOf<{ line: string }>(
        tx,
        sql`select to_jsonb(t)::text as line from ${sql.identifier(name)} t order by 1`,
      );
      rows[name] = lines.map((row) => row.line);
    }
    return rows;
  });
}

async function rowCount(handle: DatabaseHandle, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}

/** The stored files every uploaded_files row names, each present in `folder` with its sha256. */
async function filesOfRecords(handle: DatabaseHandle, folder: string): Promise<Map<string, string>> {
  const keys = await rowsOf<{ key: string }>(
    handle.db,
    sql`select v->>'key' as key from uploaded_files, jsonb_array_elements(variants) v
        union all select file_key from downloads`,
  );
  const hashes = new Map<string, string>();
  for (const { key } of keys) {
    const file = path.join(folder, key);
    expect(existsSync(file), `${key} of a record is missing`).toBe(true);
    hashes.set(key, createHash("sha256").update(readFileSync(file)).digest("hex"));
  }
  return hashes;
}

/** A copy of an archive with its entries changed by `change` (undefined leaves one out). */
async function altered(
  archive: string,
  change: (name: string, data: Buffer) => Buffer | undefined,
): Promise<string> {
  const copy = path.join(temporary("altered"), path.basename(archive));
  const out = pack();
  const written = pipeline(out, createGzip(), createWriteStream(copy));
  const input = extract();
  const reading = (async () => {
    for await (const entry of input) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      const data = change(entry.header.name, Buffer.concat(chunks));
      if (data) await new Promise((resolve) => out.entry({ name: entry.header.name }, data, resolve));
    }
    out.finalize();
  })();
  await Promise.all([pipeline(createReadStream(archive), createGunzip(), input), reading, written]);
  return copy;
}

describe.each(testDatabases)("a backup of %s", (kind) => {
  it("holds every write acknowledged before it began and the files of every record, while writes go on", async () => {
    const t = await createTestApp(kind, { SAMPLE_CONTENT: "off" });
    try {
      for (let i = 0; i < 3; i++) await addNotice(t, `before ${i}`, i);
      const documentKey = await addDownload(t, "Admission form");
      const acknowledged: { noticeId: string; fileId: string }[] = [];
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) acknowledged.push(await addNotice(t, `during ${i}`, 100 + i));
      })();
      while (acknowledged.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      const before = acknowledged.length;
      const backup = await takeBackup({
        database: t.services.database,
        files: t.services.files,
        dataDir: t.config.dataDir,
        folder: temporary("backups"),
        withSecrets: false,
      });
      // The site went on writing while the backup ran and after.
      const atEnd = acknowledged.length;
      while (acknowledged.length < atEnd + 2) await new Promise((resolve) => setTimeout(resolve, 10));
      writing = false;
      await writer;
      expect(acknowledged.length).toBeGreaterThan(before);

      const target = emptyEmbedded();
      const restored = await restoreInto(backup.file, target.handle, target.dataDir);
      expect(restored.rows).toBe(backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0));

      const titles = (
        await rowsOf<{ id: string; title: string }>(target.handle.db, sql`select id, title from notices`)
      ).map((row) => row.id);
      for (const write of acknowledged.slice(0, before)) expect(titles).toContain(write.noticeId);
      for (const table of backup.manifest.tables) {
        expect(await rowCount(target.handle, table.name), table.name).toBe(table.rows);
      }
      expect(backup.manifest.leftOut.map((table) => table.name)).toEqual(
        expect.arrayContaining(["sessions", "verifications", "rate_limits"]),
      );
      // Every record's files, byte for byte as the site stored them.
      const restoredFiles = await filesOfRecords(target.handle, path.join(target.dataDir, "files"));
      expect(restoredFiles.size).toBe(backup.manifest.files.length + backup.manifest.filesGone.length);
      expect(backup.manifest.filesGone).toEqual([]);
      expect(restoredFiles.has(documentKey)).toBe(true);
      const original = path.join(t.config.dataDir, "files");
      for (const [key, hash] of restoredFiles) {
        expect(
          createHash("sha256")
            .update(readFileSync(path.join(original, key)))
            .digest("hex"),
        ).toBe(hash);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe("a damaged archive", () => {
  let backup: BackupResult;
  let app: TestApp;

  it("is refused naming the missing or damaged entry, and nothing changes", async () => {
    app = await createTestApp("pglite", { SAMPLE_CONTENT: "off" });
    for (let i = 0; i < 2; i++) await addNotice(app, `notice ${i}`, i);
    backup = await takeBackup({
      database: app.services.database,
      files: app.services.files,
      dataDir: app.config.dataDir,
      folder: temporary("backups"),
      withSecrets: false,
    });
    await app.close();
    const [first, second] = backup.manifest.files;
    if (!first || !second) throw new Error("expected files in the backup");

    const missing = await altered(backup.file, (name, data) =>
      name === `files/${first.key}` ? undefined : data,
    );
    const corrupt = await altered(backup.file, (name, data) => {
      if (name !== `files/${second.key}`) return data;
      const copy = Buffer.from(data);
      copy[copy.length >> 1] = (copy[copy.length >> 1] ?? 0) ^ 0xff;
      return copy;
    });
    const badRows = await altered(backup.file, (name, data) =>
      name === "database/notices.jsonl" ? Buffer.from(data.toString().split("\n").slice(1).join("\n")) : data,
    );
    const truncated = path.join(temporary("truncated"), "cut.tar.gz");
    const whole = readFileSync(backup.file);
    await pipeline(
      (async function* () {
        yield whole.subarray(0, whole.length >> 1);
      })(),
      createWriteStream(truncated),
    );

    // Into an empty target: the target is never even opened.
    let opened = false;
    const neverOpened = async () => {
      opened = true;
      throw new Error("opened");
    };
    const attempt = (archive: string) =>
      restoreBackup({
        archive,
        openTarget: neverOpened,
        dataDir: temporary("x"),
        force: false,
        targetName: "x",
      });
    await expect(attempt(missing)).rejects.toThrow(`files/${first.key} is missing`);
    await expect(attempt(corrupt)).rejects.toThrow(`files/${second.key} does not match its sha256`);
    await expect(attempt(badRows)).rejects.toThrow(/database\/notices.jsonl/);
    await expect(attempt(truncated)).rejects.toBeInstanceOf(ArchiveError);
    const newer = await altered(backup.file, (name, data) => {
      if (name !== "manifest.json") return data;
      const manifest = JSON.parse(data.toString());
      manifest.database = { ...manifest.database, migration: latestLevel() + 1, migrationTag: "0099_future" };
      return Buffer.from(JSON.stringify(manifest));
    });
    await expect(attempt(newer)).rejects.toThrow(
      "The archive comes from a newer version of the app (migration 0099_future): upgrade this one first",
    );
    expect(opened).toBe(false);

    // Over a target that holds data, with --force: it still holds exactly what it held.
    const target = emptyEmbedded();
    await restoreInto(backup.file, target.handle, target.dataDir);
    await target.handle.db.insert(notices).values({ title: "written after the restore" });
    const held = await everyRow(target.handle);
    await expect(restoreInto(corrupt, target.handle, target.dataDir, true)).rejects.toThrow(
      `files/${second.key} does not match its sha256`,
    );
    await expect(restoreInto(backup.file, target.handle, target.dataDir)).rejects.toBeInstanceOf(
      TargetNotEmptyError,
    );
    expect(await everyRow(target.handle)).toEqual(held);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "moving from the embedded database to PostgreSQL and back",
  () => {
    it("keeps every row and every file", async () => {
      const t = await createTestApp("pglite", {
        ADMIN_EMAIL: "head@school.test",
        ADMIN_PASSWORD: "head-password-1",
      });
      try {
        const { seedSampleContent } = await import("../../server/sample-content/seed");
        await seedSampleContent({ db: t.services.db, files: t.services.files });
        await t.signUp("alice@school.test", "alice-password", "Alice");
        const original = await everyRow(t.services.database);
        const originalFiles = await filesOfRecords(t.services.database, path.join(t.config.dataDir, "files"));
        expect(originalFiles.size).toBeGreaterThan(20);

        // The generated secret of an embedded install (the test app's comes from the environment).
        mkdirSync(path.join(t.config.dataDir, "secrets"), { recursive: true });
        writeFileSync(
          path.join(t.config.dataDir, "secrets", "auth-secret"),
          `${randomBytes(32).toString("hex")}\n`,
        );
        const there = await takeBackup({
          database: t.services.database,
          files: t.services.files,
          dataDir: t.config.dataDir,
          folder: temporary("backups"),
          withSecrets: true,
        });
        expect(there.manifest.database.kind).toBe("pglite");
        const pg = await emptyPostgres();
        const pgDir = temporary("pg");
        await restoreInto(there.file, pg, pgDir);
        expect(await everyRow(pg)).toEqual(original);

        const back = await takeBackup({
          database: pg,
          files: localFileStorage(path.join(pgDir, "files")),
          dataDir: pgDir,
          folder: temporary("backups"),
          withSecrets: true,
        });
        expect(back.manifest.database.kind).toBe("postgres");
        const home = emptyEmbedded();
        await restoreInto(back.file, home.handle, home.dataDir);
        expect(await everyRow(home.handle)).toEqual(original);
        expect(await filesOfRecords(home.handle, path.join(home.dataDir, "files"))).toEqual(originalFiles);
        expect(readFileSync(path.join(home.dataDir, "secrets", "auth-secret"), "utf8")).toBe(
          readFileSync(path.join(t.config.dataDir, "secrets", "auth-secret"), "utf8"),
        );
      } finally {
        await t.close();
      }
    }, 240_000);
  },
);

describe("an upgrade", () => {
  /** An embedded database left at 0009 by an older version, holding a notice. */
  async function olderDatabase(): Promise<string> {
    const dataDir = temporary("older");
    const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
    await migrateUpTo(handle.db, journal().find((entry) => entry.tag === "0009_payments_in_taka")?.when ?? 0);
    await handle.db.execute(sql`insert into notices (title) values ('written by the older version')`);
    await handle.close();
    return dataDir;
  }

  const start = async (dataDir: string, env: Record<string, string> = {}) => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      SAMPLE_CONTENT: "off",
      ...env,
    });
    const services = await createServices(config, pino({ level: "silent" }));
    await services.pageCache.close();
    await services.database.close();
  };

  const beforeUpgrade = (dataDir: string) =>
    existsSync(path.join(dataDir, "backups"))
      ? readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith(beforeUpgradeLabel))
      : [];

  it("backs up a database that holds data before migrating it, and the old level restores", async () => {
    const dataDir = await olderDatabase();
    await start(dataDir);
    const [archive] = beforeUpgrade(dataDir);
    expect(archive).toBeDefined();
    // Started again, at the new level already: nothing more to keep.
    await start(dataDir);
    expect(beforeUpgrade(dataDir)).toHaveLength(1);

    const file = path.join(dataDir, "backups", archive as string);
    const target = emptyEmbedded();
    const restored = await restoreInto(file, target.handle, target.dataDir);
    expect(restored.manifest.database.migrationTag).toBe("0009_payments_in_taka");
    expect(restored.manifest.withSecrets).toBe(true);
    const rows = await rowsOf<{ title: string }>(target.handle.db, sql`select title from notices`);
    expect(rows.map((row) => row.title)).toEqual(["written by the older version"]);
    // Brought to this version's level after the rows went in.
    expect(await rowCount(target.handle, "school_classes")).toBeGreaterThan(0);
    expect(await migrationLevel(target.handle.db)).toBe(latestLevel());
  }, 120_000);

  it("takes none with BACKUP_BEFORE_UPGRADE=off, nor for a new database", async () => {
    const dataDir = await olderDatabase();
    await start(dataDir, { BACKUP_BEFORE_UPGRADE: "off" });
    expect(beforeUpgrade(dataDir)).toEqual([]);
    const fresh = temporary("fresh");
    await start(fresh);
    expect(beforeUpgrade(fresh)).toEqual([]);
  }, 120_000);
});
