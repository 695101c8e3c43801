// The doctor's reading of the disk (server/doctor/files.ts): free space, where a full disk stops
// uploads, backups and the database's writes; and whether the scheduled backups are being taken.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { backupFindings, spaceVerdict } from "../../server/doctor/files";

const gb = 1024 ** 3;

describe("free disk space", () => {
  it("is a problem under 512 MB or 2 % of the disk", () => {
    expect(spaceVerdict(400 * 1024 ** 2, 20 * gb)).toBe("fail");
    expect(spaceVerdict(15 * gb, 1000 * gb)).toBe("fail");
  });
  it("is a warning under 2 GB or 10 % of the disk", () => {
    expect(spaceVerdict(1.5 * gb, 10 * gb)).toBe("warn");
    expect(spaceVerdict(50 * gb, 1000 * gb)).toBe("warn");
  });
  it("is fine above both", () => {
    expect(spaceVerdict(8 * gb, 20 * gb)).toBe("ok");
  });
});

describe("scheduled backups", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-doctor-backups-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    BACKUP_DIR: dataDir,
    BACKUP_SCHEDULE: "30 2 * * *",
    BETTER_AUTH_SECRET: "s".repeat(40),
  });
  const now = new Date("2026-11-29T12:00:00Z");
  const backupAt = (name: string, at: Date) => {
    writeFileSync(path.join(dataDir, name), "");
    utimesSync(path.join(dataDir, name), at, at);
  };

  it("says when none has been taken yet", () => {
    expect(backupFindings(config, now)).toEqual([
      expect.objectContaining({ level: "warn", says: expect.stringMatching(/^none taken yet in /) }),
    ]);
  });

  it("is a problem when the newest is older than the schedule allows", () => {
    backupAt("maktab-scheduled-2026-11-25T02-30-00-000Z-aaaaaa.tar.gz", new Date("2026-11-25T02:30:05Z"));
    expect(backupFindings(config, now)).toEqual([
      expect.objectContaining({
        level: "fail",
        says: expect.stringContaining("is 4 days old: the schedule (30 2 * * *) has been missed"),
      }),
    ]);
  });

  it("is fine when last night's is there", () => {
    backupAt("maktab-scheduled-2026-11-29T02-30-00-000Z-bbbbbb.tar.gz", new Date("2026-11-29T02:30:04Z"));
    // Not a scheduled one: left out.
    backupAt("maktab-backup-2026-11-29T11-00-00-000Z-cccccc.tar.gz", new Date("2026-11-29T11:00:00Z"));
    expect(backupFindings(config, now)).toEqual([
      expect.objectContaining({ level: "ok", says: `2 scheduled in ${dataDir}, the newest 9 hours old` }),
    ]);
  });
});
