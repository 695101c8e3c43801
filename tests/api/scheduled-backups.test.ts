// BACKUP_SCHEDULE and BACKUP_KEEP: each scheduled time is backed up once, by one process, however
// many share the database; older scheduled backups go. The last test runs two built servers
// (build/server/index.js, as `npm start` does) on one PostgreSQL database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { backupPlace } from "../../server/backup/places";
import { scheduledLabel, takeScheduledBackup } from "../../server/backup/schedule";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/container-factory";
import { scheduledBackups } from "../../server/db/schema";
import { builtEntry, projectFolder, temporaryFolders } from "../fixtures/commands";
import { startFakeS3 } from "../fixtures/fake-s3";
import { createTestApp, origin, testDatabases, throwawayPostgres } from "../fixtures/test-app";

const serverEntry = builtEntry("index");

const temporary = temporaryFolders();

const archivesIn = (folder: string) =>
  readdirSync(folder).filter((name) => name.startsWith(`${scheduledLabel}-`) && name.endsWith(".tar.gz"));

describe.each(testDatabases)("scheduled backups on %s", (kind) => {
  it("take each time once, and keep the newest BACKUP_KEEP", async () => {
    const folder = temporary("scheduled");
    const t = await createTestApp(kind, { SAMPLE_CONTENT: "off", BACKUP_DIR: folder, BACKUP_KEEP: "2" });
    try {
      const times = [0, 1, 2].map((minute) => new Date(Date.UTC(2026, 10, 26, 2, minute)));
      const files: (string | undefined)[] = [];
      for (const time of times) files.push(await takeScheduledBackup(t.services, time));
      expect(files.every((file) => file !== undefined)).toBe(true);
      // The same time again: taken already.
      expect(await takeScheduledBackup(t.services, times[2] as Date)).toBeUndefined();
      expect(archivesIn(folder).map((name) => path.join(folder, name))).toEqual(files.slice(1));
      const rows = await t.services.db.select().from(scheduledBackups).orderBy(asc(scheduledBackups.dueAt));
      expect(rows.map((row) => [row.dueAt.toISOString(), row.file])).toEqual(
        times.map((time, index) => [time.toISOString(), files[index]]),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL database", () => {
  it("share a schedule: each time is backed up once", async () => {
    // Two app instances racing for the same times, as two processes would.
    const { handle, drop } = await throwawayPostgres();
    const folder = temporary("scheduled");
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: temporary("data"),
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      BACKUP_DIR: folder,
      BACKUP_KEEP: "50",
    });
    const first = await createServices(config, pino({ level: "silent" }), handle);
    try {
      const times = [0, 1, 2, 3].map((minute) => new Date(Date.UTC(2026, 10, 26, 3, minute)));
      const taken = await Promise.all(
        times.flatMap((time) => [takeScheduledBackup(first, time), takeScheduledBackup(first, time)]),
      );
      expect(taken.filter((file) => file !== undefined)).toHaveLength(times.length);
      expect(archivesIn(folder)).toHaveLength(times.length);
    } finally {
      await first.pageCache.close();
      await handle.close();
      await drop();
    }
  }, 60_000);

  it("two built servers with BACKUP_SCHEDULE take each time once", async () => {
    const { handle, url: databaseUrl, drop } = await throwawayPostgres();
    const folder = temporary("scheduled");
    const secret = randomBytes(32).toString("hex");
    const servers = [0, 1].map(() => {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const child = spawn(process.execPath, [serverEntry], {
        cwd: projectFolder,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: temporary("data"),
          DATABASE_URL: databaseUrl,
          BETTER_AUTH_SECRET: secret,
          SAMPLE_CONTENT: "off",
          LOG_LEVEL: "info",
          BACKUP_SCHEDULE: "*/2 * * * * *",
          BACKUP_DIR: folder,
          BACKUP_KEEP: "100",
        },
      });
      let log = "";
      child.stdout.on("data", (chunk) => {
        log += chunk;
      });
      child.stderr.on("data", (chunk) => {
        log += chunk;
      });
      const exited = new Promise((resolve) => child.on("exit", resolve));
      return { child, port, exited, log: () => log };
    });
    try {
      const listening = async (port: number) => {
        for (let i = 0; i < 300; i++) {
          if (
            await fetch(`http://127.0.0.1:${port}/healthz`).then(
              (r) => r.ok,
              () => false,
            )
          )
            return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`the server on ${port} did not start`);
      };
      await Promise.all(servers.map((server) => listening(server.port)));
      const bothUp = new Date();
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      for (const server of servers) server.child.kill("SIGTERM");
      await Promise.all(servers.map((server) => server.exited));

      const rows = await handle.db.select().from(scheduledBackups).orderBy(asc(scheduledBackups.dueAt));
      const since = rows.filter((row) => row.dueAt > bothUp);
      expect(since.length, servers.map((s) => s.log()).join("\n")).toBeGreaterThanOrEqual(2);
      // One archive per time, whichever process took it, and none twice.
      const files = rows.map((row) => row.file);
      expect(files.every((file) => typeof file === "string")).toBe(true);
      expect(new Set(files).size).toBe(rows.length);
      expect(archivesIn(folder).sort()).toEqual(files.map((file) => path.basename(file as string)).sort());
      for (const server of servers) expect(server.log()).toMatch(/backups scheduled/);
      // Each server logged only the backups it took.
      const logged = servers.map((server) => (server.log().match(/scheduled backup taken/g) ?? []).length);
      expect((logged[0] ?? 0) + (logged[1] ?? 0)).toBe(rows.length);
    } finally {
      for (const server of servers) server.child.kill("SIGKILL");
      await handle.close();
      await drop();
    }
  }, 120_000);
});

describe("scheduled backups in the S3 bucket", () => {
  it("keep the newest BACKUP_KEEP there", async () => {
    const s3 = await startFakeS3();
    const t = await createTestApp("pglite", {
      SAMPLE_CONTENT: "off",
      BACKUP_DIR: "s3",
      BACKUP_KEEP: "2",
      ...s3.env,
    });
    try {
      const times = [0, 1, 2].map((minute) => new Date(Date.UTC(2026, 10, 26, 4, minute)));
      const files: (string | undefined)[] = [];
      for (const time of times) files.push(await takeScheduledBackup(t.services, time));
      expect(files.every((file) => file?.startsWith(`s3://${s3.bucket}/backups/${scheduledLabel}-`))).toBe(
        true,
      );
      const kept = await backupPlace(t.config).list(scheduledLabel);
      expect(kept.map((name) => `s3://${s3.bucket}/backups/${name}`)).toEqual(files.slice(1));
    } finally {
      await t.close();
      await s3.close();
    }
  }, 60_000);
});
