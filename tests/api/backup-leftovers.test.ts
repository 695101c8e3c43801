// Half-written backups (`*.partial`) left by a backup process killed half-way: removed before the
// next backup and at the server's start, while one that a live process is writing is kept (the
// backup folder may be shared by several processes).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackup } from "../../server/backup/backup";
import { partialOf, removeLeftoverPartials, staleAfterMs } from "../../server/backup/leftovers";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { localFileStorage } from "../../server/files/storage";
import { projectFolder, temporaryFolders } from "../fixtures/commands";

const temporary = temporaryFolders();

/** Node running `script` (an ES module, TypeScript imports through tsx) in the project folder. */
function node(script: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: projectFolder,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}
const ended = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.signalCode ?? child.exitCode)
      : child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
const partials = (folder: string) => readdirSync(folder).filter((name) => name.endsWith(".partial"));
const archives = (folder: string) => readdirSync(folder).filter((name) => name.endsWith(".tar.gz"));

/** This host's tag in partials' names, as this process writes it. */
const hostTag = (() => {
  const { partial, done } = partialOf("/nowhere/x.tar.gz");
  done();
  return /\.\d+-([0-9a-f]{8})\.partial$/.exec(partial)?.[1];
})();

describe("a backup killed half-way", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
  });
  afterAll(() => database?.close());

  it("leaves a .partial that the next backup removes", async () => {
    const folder = temporary("leftovers");
    // A backup of about 8 MB of rows, in a process of its own, killed once its archive is started.
    const child = node(`
      import { randomBytes } from "node:crypto";
      import { openDatabase } from "./server/db/client.ts";
      import { notices } from "./server/db/schema.ts";
      import { localFileStorage } from "./server/files/storage.ts";
      import { takeBackup } from "./server/backup/backup.ts";
      const database = openDatabase({});
      await database.migrate();
      // Random text, which gzip cannot shrink: about 8 MB to write.
      for (let batch = 0; batch < 8; batch++)
        await database.db.insert(notices).values(
          Array.from({ length: 50 }, (_, i) => ({ title: "Notice " + i, about: randomBytes(10_000).toString("hex") })),
        );
      await takeBackup({ database, files: localFileStorage(${JSON.stringify(folder)}), dataDir: ${JSON.stringify(folder)},
        folder: ${JSON.stringify(folder)}, withSecrets: false });
      console.log("finished");
    `);
    let said = "";
    child.stdout?.on("data", (chunk) => {
      said += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      said += chunk;
    });
    const exit = ended(child);
    for (let i = 0; i < 12_000 && partials(folder).length === 0 && child.exitCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill("SIGKILL");
    expect(await exit, said).toBe("SIGKILL");
    const [left] = partials(folder);
    expect(left).toMatch(/^maktab-backup-.*\.tar\.gz(\.\d+-[0-9a-f]{8})?\.partial$/);
    expect(archives(folder)).toEqual([]);

    // The next backup, by another process on the same folder.
    await database.db.execute(sql`insert into notices (title) values ('After the kill')`);
    const taken = await takeBackup({
      database,
      files: localFileStorage(folder),
      dataDir: folder,
      folder,
      withSecrets: false,
    });
    expect(partials(folder)).toEqual([]);
    expect(archives(folder)).toEqual([path.basename(taken.file)]);
  }, 120_000);
});

describe("which partials are left over", () => {
  it("keeps one a live process writes, on this host or another, and removes them once their writer is gone", async () => {
    const folder = temporary("partials");
    const live = node("setInterval(() => {}, 1000);");
    const exit = ended(live);
    // One this process is writing now.
    const writing = partialOf(path.join(folder, "maktab-backup-now.tar.gz"));
    writeFileSync(writing.partial, "being written");
    const byLive = `maktab-backup-live.tar.gz.${live.pid}-${hostTag}.partial`;
    // This process's pid, but not a partial it writes: left by an earlier process that had its pid.
    const ownOld = `maktab-backup-old.tar.gz.${process.pid}-${hostTag}.partial`;
    const otherHost = "maktab-backup-elsewhere.tar.gz.4242-00000000.partial";
    const legacy = "maktab-backup-legacy.tar.gz.partial";
    const finished = "maktab-backup-done.tar.gz";
    for (const name of [byLive, ownOld, otherHost, legacy, finished])
      writeFileSync(path.join(folder, name), "x".repeat(1000));

    expect(removeLeftoverPartials(folder)).toEqual({ removed: [ownOld], bytes: 1000 });
    // Another host's, and one named before names told their writer: kept while they are written to.
    const old = new Date(Date.now() - staleAfterMs - 60_000);
    for (const name of [otherHost, legacy]) utimesSync(path.join(folder, name), old, old);
    expect(removeLeftoverPartials(folder).removed.sort()).toEqual([otherHost, legacy].sort());

    live.kill("SIGKILL");
    await exit;
    expect(removeLeftoverPartials(folder).removed).toEqual([byLive]);
    // What this process is writing stays, and so does every finished archive.
    expect(readdirSync(folder).sort()).toEqual([finished, path.basename(writing.partial)].sort());
    writing.done();
    expect(removeLeftoverPartials(folder).removed).toEqual([path.basename(writing.partial)]);
    expect(existsSync(path.join(folder, finished))).toBe(true);
  }, 60_000);
});

describe("the server's start", () => {
  it("removes the partials left by a killed backup before it opens the database, and says so", async () => {
    const dataDir = temporary("start");
    const backups = path.join(dataDir, "backups");
    // Written by a process that is gone.
    const gone = node("process.exit(0)");
    await ended(gone);
    const left = `maktab-scheduled-2026-01-01T02-00-00-000Z-abcdef.tar.gz.${gone.pid}-${hostTag}.partial`;
    mkdirSync(backups, { recursive: true });
    writeFileSync(path.join(backups, left), "x".repeat(4096));

    // A database that does not answer: the start goes no further than this, which is all it needs.
    const server = node(
      'import("./server/start.ts").then((m) => m.startServer({ build: {}, mode: "production" }))',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://maktab@127.0.0.1:1/maktab",
        PUBLIC_URL: "http://localhost:3998",
        BETTER_AUTH_SECRET: "b".repeat(64),
        SAMPLE_CONTENT: "off",
      },
    );
    let log = "";
    server.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    server.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    const exit = ended(server);
    for (let i = 0; i < 1200 && !log.includes("half-written backups") && server.exitCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill("SIGKILL");
    await exit;
    expect(readdirSync(backups)).toEqual([]);
    const line = log.split("\n").find((one) => one.includes("half-written backups"));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ folder: backups, removed: [left], bytes: 4096 });
  }, 60_000);
});
