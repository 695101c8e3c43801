// The data folder on disk: room left for uploads, the database and backups, and who may read or
// write it, the generated secret above all (whoever reads it can sign in as anyone).
import { existsSync, readdirSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { scheduledLabel } from "../backup/schedule";
import type { Config } from "../config";
import { secretFileOf } from "./configuration";
import { type Finding, fail, ok, warn } from "./finding";

const gib = 1024 ** 3;
const shown = (bytes: number) =>
  bytes >= gib ? `${(bytes / gib).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

/** Whether `free` bytes of `total` leave room: backups and uploads need some, and a full disk stops writes. */
export function spaceVerdict(free: number, total: number): "ok" | "warn" | "fail" {
  if (free < 512 * 1024 ** 2 || free < total * 0.02) return "fail";
  if (free < 2 * gib || free < total * 0.1) return "warn";
  return "ok";
}

/** The nearest folder that exists: DATA_DIR before its first start is made inside one. */
function existing(folder: string): string {
  let at = path.resolve(folder);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function space(topic: string, folder: string): Finding {
  const at = existing(folder);
  const stats = statfsSync(at);
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  const says = `${shown(free)} free of ${shown(total)} where ${folder} is`;
  const verdict = spaceVerdict(free, total);
  const fix = "free some room (old backups in BACKUP_DIR, journalctl --vacuum-size=200M) or grow the disk";
  if (verdict === "fail")
    return fail(topic, `${says}: uploads, backups and the database's writes will fail`, fix);
  if (verdict === "warn") return warn(topic, `${says}: little room left`, fix);
  return ok(topic, says);
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, "0");

/** Who owns and may use a file or folder that only the service's user should. */
function privateEntry(topic: string, file: string, mode: number, isFolder: boolean): Finding[] {
  const stats = statSync(file);
  const findings: Finding[] = [];
  const wanted = isFolder ? "700" : "600";
  if ((stats.mode & mode) !== 0) {
    findings.push(
      fail(
        topic,
        `${file} is ${octal(stats.mode)}: ${isFolder ? "other users can reach what is in it" : "other users can read it"}`,
        `chmod ${wanted} ${file}`,
      ),
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    findings.push(
      warn(
        topic,
        `${file} belongs to user ${stats.uid}, and the doctor runs as user ${uid}`,
        "run the doctor as the service's user (sudo -u maktab ...): it then checks what the server can do",
      ),
    );
  }
  return findings;
}

export function fileFindings(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const findings: Finding[] = [space("Disk space", config.dataDir)];
  const backupsApart =
    config.backups.to !== "s3" &&
    existsSync(existing(config.backups.to)) &&
    statSync(existing(config.backups.to)).dev !== statSync(existing(config.dataDir)).dev;
  if (backupsApart) findings.push(space("Disk space for backups", config.backups.to));

  if (!existsSync(config.dataDir)) {
    findings.push(
      ok("DATA_DIR", `${config.dataDir} does not exist yet: the server makes it at its first start`),
    );
  } else {
    const stats = statSync(config.dataDir);
    if ((stats.mode & 0o002) !== 0) {
      findings.push(
        fail(
          "DATA_DIR",
          `${config.dataDir} is ${octal(stats.mode)}: any user of the machine can change the database and uploads`,
          `chmod 700 ${config.dataDir}`,
        ),
      );
    } else if ((stats.mode & 0o007) !== 0) {
      findings.push(
        warn(
          "DATA_DIR",
          `${config.dataDir} is ${octal(stats.mode)}: other users can read the uploads and the database`,
          `chmod 700 ${config.dataDir}`,
        ),
      );
    } else {
      findings.push(ok("DATA_DIR", `${config.dataDir}, ${octal(stats.mode)}`));
    }
  }

  const secretFile = secretFileOf(config.dataDir);
  if (env.BETTER_AUTH_SECRET) {
    findings.push(
      ok("Secrets", "BETTER_AUTH_SECRET comes from the environment (keep its file readable by root only)"),
    );
  } else if (!existsSync(secretFile)) {
    findings.push(ok("Secrets", `${secretFile} is made at the server's first start (mode 600)`));
  } else {
    const problems = [
      ...privateEntry("Secrets", path.dirname(secretFile), 0o077, true),
      ...privateEntry("Secrets", secretFile, 0o077, false),
    ];
    findings.push(
      ...(problems.length > 0 ? problems : [ok("Secrets", `${secretFile}, readable by its owner only`)]),
    );
  }
  return findings;
}

/** Whether the scheduled backups are being taken: the newest one in BACKUP_DIR, against the schedule. */
export function backupFindings(config: Config, now = new Date()): Finding[] {
  const { schedule, to } = config.backups;
  // Without a schedule the settings' check says so; the bucket is listed by the app, not here.
  if (!schedule || to === "s3") return [];
  const [next, after] = new Cron(schedule, { paused: true }).nextRuns(2, now);
  const interval = next && after ? after.getTime() - next.getTime() : 86_400_000;
  const taken = existsSync(to)
    ? readdirSync(to)
        .filter((name) => name.startsWith(`${scheduledLabel}-`) && name.endsWith(".tar.gz"))
        .map((name) => ({ name, at: statSync(path.join(to, name)).mtime }))
        .sort((a, b) => b.at.getTime() - a.at.getTime())
    : [];
  const newest = taken[0];
  if (!newest) {
    return [
      warn(
        "Backups",
        `none taken yet in ${to}${next ? ` (the first is due ${next.toISOString()})` : ""}`,
        "if the server has run past a scheduled time, read its log: journalctl -u maktab | grep backup",
      ),
    ];
  }
  const hours = (now.getTime() - newest.at.getTime()) / 3_600_000;
  const age = hours < 48 ? `${Math.round(hours)} hours` : `${Math.round(hours / 24)} days`;
  if (now.getTime() - newest.at.getTime() > interval * 1.5 + 3_600_000) {
    return [
      fail(
        "Backups",
        `the newest scheduled backup, ${newest.name}, is ${age} old: the schedule (${schedule}) has been missed`,
        "is the server running? read its log: journalctl -u maktab | grep backup",
      ),
    ];
  }
  return [ok("Backups", `${taken.length} scheduled in ${to}, the newest ${age} old`)];
}
