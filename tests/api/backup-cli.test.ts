// `npm run backup` and `npm run restore` as the office runs them: the built commands
// (build/server/backup.js, restore.js) in child processes, on the embedded database, and to and
// from an S3 bucket (s3rver).
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Services } from "../../server/container";
import { createServices } from "../../server/container-factory";
import { notices } from "../../server/db/schema";
import { createApp } from "../../server/http";
import { runBuilt, temporaryFolders } from "../fixtures/commands";
import { type FakeS3, startFakeS3 } from "../fixtures/fake-s3";
import { origin, throwawayPostgres } from "../fixtures/test-app";

const run = (command: "backup" | "restore", env: Record<string, string>, args: string[]) =>
  runBuilt(command, env, args);
const temporary = temporaryFolders();

const secret = randomBytes(32).toString("hex");

/** The app on this data folder, as the server opens it, for as long as `work` runs. */
async function withServer<T>(
  env: Record<string, string>,
  work: (services: Services) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: origin,
    LOG_LEVEL: "silent",
    SAMPLE_CONTENT: "off",
    BETTER_AUTH_SECRET: secret,
    ...env,
  });
  const services = await createServices(config, pino({ level: "silent" }));
  try {
    return await work(services);
  } finally {
    await services.pageCache.close();
    await services.database.close();
  }
}

/** The status of a sign-in with e-mail and password, as a browser on the site sends it. */
async function signInStatus(services: Services, email: string, password: string): Promise<number> {
  const response = await createApp(services).request(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe("npm run backup and npm run restore on the embedded database", () => {
  const env = { DATA_DIR: "", BETTER_AUTH_SECRET: secret };
  beforeAll(() => {
    env.DATA_DIR = temporary("data");
  });

  it("backs up a stopped data folder, refuses one a server holds, and restores into an empty one only", async () => {
    const office = { ADMIN_EMAIL: "office@school.test", ADMIN_PASSWORD: "office-password-1" };
    const busy = await withServer({ ...env, ...office }, async (services) => {
      await services.db.insert(notices).values({ title: "kept by the backup" });
      return run("backup", env, []);
    });
    expect(busy.code).toBe(3);
    expect(busy.stderr).toMatch(/open in another process \(pid \d+\)/);
    expect(busy.stderr).toMatch(/BACKUP_SCHEDULE/);

    const backup = await run("backup", env, ["--to", path.join(env.DATA_DIR, "copies")]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 0 files/);
    const [archive] = readdirSync(path.join(env.DATA_DIR, "copies"));
    const file = path.join(env.DATA_DIR, "copies", archive as string);

    // A new machine: a key of its own signs its sessions, and the admin is not named again.
    const target = { DATA_DIR: temporary("target"), BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
    const restored = await run("restore", target, [file]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables and 0 files from the backup of/);
    expect(restored.stdout).toMatch(/everyone signs in again \(passwords are kept\)/);
    await withServer(target, async (services) => {
      expect(await signInStatus(services, office.ADMIN_EMAIL, office.ADMIN_PASSWORD)).toBe(200);
      expect(await signInStatus(services, office.ADMIN_EMAIL, "not-the-password")).toBe(401);
    });

    const again = await run("restore", target, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The embedded database in .* is not empty .*add --force/);
    expect(again.stderr).toMatch(/Nothing was changed/);
    const forced = await run("restore", target, [file, "--force"]);
    expect(forced.code).toBe(0);
    await withServer(target, async (services) => {
      const rows = await services.db.select({ title: notices.title }).from(notices);
      expect(rows).toEqual([{ title: "kept by the backup" }]);
    });

    const missing = await run("restore", { DATA_DIR: temporary("none") }, [`${file}.nothing`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No such archive/);
    const usage = await run("backup", env, ["--unknown"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run backup/);
  }, 120_000);
});

describe("backups in the S3 bucket", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3?.close());

  it("go to the bucket's backups/ and restore from there, images included", async () => {
    const env = { ...s3.env, DATA_DIR: temporary("data"), BETTER_AUTH_SECRET: secret };
    await withServer(env, async (services) => {
      const sharp = (await import("sharp")).default;
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .png()
        .toBuffer();
      const file = await services.images.store({ bytes, name: "photo.png", uploadedBy: null });
      await services.db.insert(notices).values({ title: "with a photo", imageFileId: file.id });
    });
    const backup = await run("backup", env, ["--to", "s3"]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const location = /to (s3:\/\/\S+\.tar\.gz)/.exec(backup.stdout)?.[1];
    expect(location).toMatch(new RegExp(`^s3://${s3.bucket}/backups/maktab-backup-`));

    const target = { ...s3.env, DATA_DIR: temporary("target"), BETTER_AUTH_SECRET: secret };
    const restored = await run("restore", target, [location as string]);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/and [1-9]\d* files/);
    const gone = await run("restore", { ...target, DATA_DIR: temporary("x") }, [`${location}.nothing`]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/No such archive/);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("npm run backup on PostgreSQL", () => {
  it("runs beside a server on a connection of its own, and restores into an empty database", async () => {
    const source = await throwawayPostgres();
    const target = await throwawayPostgres();
    await source.handle.close();
    await target.handle.close();
    try {
      const env = { DATABASE_URL: source.url, DATA_DIR: temporary("data"), BETTER_AUTH_SECRET: secret };
      const folder = temporary("backups");
      const backup = await withServer(env, async (services) => {
        await services.db.insert(notices).values({ title: "on PostgreSQL" });
        return run("backup", env, ["--to", folder]);
      });
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      const [archive] = readdirSync(folder);
      const into = { DATABASE_URL: target.url, DATA_DIR: temporary("data"), BETTER_AUTH_SECRET: secret };
      const restored = await run("restore", into, [path.join(folder, archive as string)]);
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toMatch(/\(postgres, \d{4}_\w+\)/);
      await withServer(into, async (services) => {
        expect(await services.db.select({ title: notices.title }).from(notices)).toEqual([
          { title: "on PostgreSQL" },
        ]);
      });
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
