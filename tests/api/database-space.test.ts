// The embedded database on a disk without room, on real small filesystems (tmpfs,
// tests/fixtures/small-disk.ts): the start stops with the folder and the space it needs, not
// PGlite's "ErrnoError errno 51", and leaves nothing half-made; a database whose disk filled up
// is kept whole and opens again once there is room.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { DataFolderFullError } from "../../server/db/data-folder-space";
import { notices } from "../../server/db/schema";
import { projectFolder } from "../fixtures/commands";
import { mountSmallDisk, type SmallDisk } from "../fixtures/small-disk";

const tiny = mountSmallDisk(2);
const roomy = mountSmallDisk(100);
const skipped = "skipped" in tiny ? tiny.skipped : "skipped" in roomy ? roomy.skipped : undefined;
if (skipped) console.warn(`database disk-space tests skipped: ${skipped}`);

/** Opens (creating when new) and migrates, as a start does; closes again. */
async function start(folder: string) {
  const database = openDatabase({ dataDir: folder });
  try {
    await database.migrate();
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

describe.skipIf(skipped)("the embedded database's disk", () => {
  const [small, large] = [tiny, roomy] as SmallDisk[];
  afterAll(() => {
    small?.unmount();
    large?.unmount();
  });

  it("refuses to create a database where it cannot fit, naming the folder and the space, writing nothing", async () => {
    const folder = path.join(small!.folder, "db");
    const error = await start(folder).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DataFolderFullError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^The embedded database in ${folder} needs at least 64 MB of free space on its disk, which has [0-2] MB free\\.`,
      ),
    );
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it("stops the server's start with that message", async () => {
    const folder = path.join(small!.folder, "db");
    const script =
      'import("./server/start.ts").then((m) => m.startServer({ build: {}, mode: "production" }))';
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: projectFolder,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: small!.folder,
        PUBLIC_URL: "http://localhost:3999",
        PORT: "3999",
        BETTER_AUTH_SECRET: "a".repeat(64),
        SAMPLE_CONTENT: "off",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      `The embedded database in ${folder} needs at least 64 MB of free space on its disk`,
    );
    expect(output).not.toMatch(/ErrnoError|errno 51|\n\s+at /);
  }, 60_000);

  it("keeps a database whose disk filled up, says what it needs, and opens it once there is room", async () => {
    const folder = path.join(large!.folder, "db");
    const made = await start(folder);
    await made.db.execute(sql`insert into notices (title) values ('Kept through a full disk')`);
    await made.close();

    large!.fill();
    const error = await start(folder).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DataFolderFullError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^The embedded database in ${folder} needs at least 32 MB of free space on its disk, which has 0 MB free\\.`,
      ),
    );
    expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${folder}.lock`)).toBe(false);

    large!.empty();
    const reopened = await start(folder);
    const rows = await reopened.db.select({ title: notices.title }).from(notices);
    expect(rows.map((row) => row.title)).toEqual(["Kept through a full disk"]);
    await reopened.close();
  }, 60_000);
});
