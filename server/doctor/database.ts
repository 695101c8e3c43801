// The database: it answers, and how far its migrations are. The embedded one serves one process
// at a time: while the server holds it, the server's own /readyz says whether it answers. Its
// clock is the reference for this machine's when PostgreSQL runs elsewhere.
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationLevel } from "../backup/dump";
import type { Config } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { FolderInUseError } from "../db/folder-lock";
import { latestLevel } from "../db/migration-levels";
import { type Finding, fail, ok, reasonOf, warn } from "./finding";

const answerWithin = 10_000;

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The app's own address on this machine (HOST 0.0.0.0 listens on loopback too). */
export function localAppUrl(config: Config): string {
  const host = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

export type DatabaseCheck = { findings: Finding[]; databaseTime?: Date };

async function migrations(database: DatabaseHandle, topic: string): Promise<Finding> {
  const level = await migrationLevel(database.db);
  const latest = latestLevel();
  if (level === 0) return ok(topic, "empty: the server creates its tables at its next start");
  if (level < latest) {
    return ok(
      topic,
      "migrations of this version are waiting: the server applies them at its next start, after a backup (BACKUP_BEFORE_UPGRADE)",
    );
  }
  if (level > latest) {
    return fail(
      topic,
      "it was migrated by a newer version of the app than this one",
      "run the newer version, or restore the backup taken before the upgrade (docs/deployment.md, Going back)",
    );
  }
  return ok(topic, "answers, and is at this version's level");
}

async function embeddedHeldByServer(config: Config, pid: number): Promise<Finding> {
  const topic = "Database (embedded)";
  const url = `${localAppUrl(config)}/readyz`;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(answerWithin) });
    if (answer.ok) return ok(topic, `held by the running server (pid ${pid}), whose ${url} says it is ready`);
    return fail(
      topic,
      `held by the server (pid ${pid}), whose ${url} answered ${answer.status}`,
      "read the server's log: journalctl -u maktab",
    );
  } catch (error) {
    return fail(
      topic,
      `held by process ${pid}, and ${url} does not answer (${reasonOf(error)})`,
      "if that process is not the server, stop it; otherwise read the server's log: journalctl -u maktab",
    );
  }
}

export async function databaseFindings(config: Config): Promise<DatabaseCheck> {
  const embedded = !config.databaseUrl;
  const topic = embedded ? "Database (embedded)" : "Database (PostgreSQL)";
  const folder = path.join(config.dataDir, "db");
  // Opening an embedded database that is not there would make one.
  if (embedded && !existsSync(folder)) {
    return { findings: [ok(topic, `${folder} is made at the server's first start`)] };
  }
  let database: DatabaseHandle;
  try {
    database = openDatabase({ url: config.databaseUrl, dataDir: embedded ? folder : undefined });
  } catch (error) {
    if (error instanceof FolderInUseError)
      return { findings: [await embeddedHeldByServer(config, error.pid)] };
    throw error;
  }
  try {
    const result = (await within(
      database.db.execute(sql`select now() as now`),
      answerWithin,
      "the database",
    )) as Array<{ now: Date | string }> | { rows: Array<{ now: Date | string }> };
    // postgres.js answers the rows, PGlite an object holding them.
    const [row] = Array.isArray(result) ? result : result.rows;
    const databaseTime = row ? new Date(row.now) : undefined;
    return {
      findings: [await migrations(database, topic)],
      databaseTime: embedded ? undefined : databaseTime,
    };
  } catch (error) {
    return {
      findings: [
        fail(
          topic,
          `does not answer: ${reasonOf(error)}`,
          embedded
            ? "read the server's log (journalctl -u maktab); restore the last backup if the folder is damaged"
            : "is PostgreSQL running (systemctl status postgresql), and are DATABASE_URL's host, port, user, password and database right?",
        ),
      ],
    };
  } finally {
    await within(database.close(), 5_000, "closing the database").catch(() => undefined);
  }
}

/** A warning when the database's clock (PostgreSQL on another machine) and this one's disagree. */
export function databaseClock(databaseTime: Date | undefined): Finding[] {
  if (!databaseTime) return [];
  const skew = Math.round((Date.now() - databaseTime.getTime()) / 1000);
  if (Math.abs(skew) <= 5) return [];
  return [
    warn(
      "Clock",
      `this machine's clock and PostgreSQL's differ by ${Math.abs(skew)} s`,
      "keep both in time: apt-get install systemd-timesyncd",
    ),
  ];
}
