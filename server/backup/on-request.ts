// `npm run backup` while the server holds the embedded database: only the server's process can
// read it, so the command asks the server. It leaves a request file in
// DATA_DIR/backup-requests/ and sends the server SIGUSR2; the server takes the backup and writes
// the answer beside it. Whoever can write that folder (0700) and signal the server is the
// server's own user: the request grants nothing they did not have. The server writes
// `server.pid` there while it answers, so the command never signals a process that would die of
// SIGUSR2 (Node's default), such as `npm run admin` holding the folder for a moment.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Services } from "../container";
import { takeBackup } from "./backup";
import { backupPlace } from "./places";

export const requestsFolder = (dataDir: string) => path.join(dataDir, "backup-requests");
export const answeringMark = "server.pid";

export type BackupRequest = { to?: string; withSecrets: boolean };
export type BackupAnswer =
  | { file: string; bytes: number; ms: number; dumpMs: number; rows: number; tables: number; files: number }
  | { error: string };

type Deps = Pick<Services, "config" | "database" | "files" | "logger">;

async function answerAll(deps: Deps, folder: string): Promise<void> {
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".request.json"))) {
    const id = name.slice(0, -".request.json".length);
    let request: BackupRequest;
    try {
      request = JSON.parse(readFileSync(path.join(folder, name), "utf8"));
      rmSync(path.join(folder, name));
    } catch {
      continue;
    }
    let answer: BackupAnswer;
    try {
      const place = backupPlace(deps.config, request.to);
      const result = await takeBackup({
        database: deps.database,
        files: deps.files,
        dataDir: deps.config.dataDir,
        folder: place.folder,
        withSecrets: request.withSecrets === true,
      });
      const { manifest } = result;
      answer = {
        file: await place.keep(result.file),
        bytes: result.bytes,
        ms: result.ms,
        dumpMs: result.dumpMs,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        tables: manifest.tables.length,
        files: manifest.files.length,
      };
      deps.logger.info({ file: answer.file, ms: Math.round(result.ms) }, "backup taken for npm run backup");
    } catch (error) {
      answer = { error: (error as Error).message };
      deps.logger.error({ err: error }, "backup for npm run backup failed");
    }
    const partial = path.join(folder, `${id}.answer.json.partial`);
    writeFileSync(partial, JSON.stringify(answer), { mode: 0o600 });
    renameSync(partial, path.join(folder, `${id}.answer.json`));
  }
}

/** On the embedded database, answers `npm run backup` until stop(). */
export function answerBackupRequests(deps: Deps): { stop(): Promise<void> } {
  if (deps.database.kind !== "pglite") return { stop: async () => {} };
  const folder = requestsFolder(deps.config.dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const mark = path.join(folder, answeringMark);
  writeFileSync(mark, String(process.pid), { mode: 0o600 });
  let work = Promise.resolve();
  const onSignal = () => {
    work = work.then(() => answerAll(deps, folder));
  };
  process.on("SIGUSR2", onSignal);
  return {
    async stop() {
      process.off("SIGUSR2", onSignal);
      try {
        if (readFileSync(mark, "utf8") === String(process.pid)) rmSync(mark);
      } catch {
        // Gone already.
      }
      await work;
    },
  };
}

/** Whether the process holding the folder answers backup requests. */
export function serverAnswers(dataDir: string, pid: number): boolean {
  try {
    return readFileSync(path.join(requestsFolder(dataDir), answeringMark), "utf8").trim() === String(pid);
  } catch {
    return false;
  }
}

/** Asks the server (pid) for a backup and waits for its answer. */
export async function askServer(
  dataDir: string,
  pid: number,
  request: BackupRequest,
  options: { timeoutMs?: number } = {},
): Promise<BackupAnswer> {
  const folder = requestsFolder(dataDir);
  const id = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const partial = path.join(folder, `${id}.request.json.partial`);
  writeFileSync(partial, JSON.stringify(request), { mode: 0o600 });
  renameSync(partial, path.join(folder, `${id}.request.json`));
  process.kill(pid, "SIGUSR2");
  const answerFile = path.join(folder, `${id}.answer.json`);
  const deadline = Date.now() + (options.timeoutMs ?? 60 * 60_000);
  while (Date.now() < deadline) {
    try {
      const answer = JSON.parse(readFileSync(answerFile, "utf8")) as BackupAnswer;
      rmSync(answerFile, { force: true });
      return answer;
    } catch {
      // Not yet.
    }
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(folder, `${id}.request.json`), { force: true });
      return { error: `The server (pid ${pid}) stopped before it answered` };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  rmSync(path.join(folder, `${id}.request.json`), { force: true });
  return { error: `The server (pid ${pid}) did not answer in time` };
}
