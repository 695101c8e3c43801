// Cost that grows with the page, not with the table (issue 20, item 5): the same pages and REST
// lists on the sample content and on ten times as much, each rendered afresh at one connection
// (bench/counting.ts, measureCosts), on the embedded database. Pagination and indexes doing their
// work, a page costs about the same on both.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { removeAtEnd } from "./cleanup";
import { adminChanges, type CostFigure, measureCosts } from "./counting";
import { benchTargets } from "./load";
import { type SeedSummary, type SeedVolume, seedDatabase } from "./seed";
import { adminAccount, signIn, startAppServer } from "./server";

/** The sample content's volume: a school of about 200 pupils (issue 20). */
export const sampleVolume: SeedVolume = {
  records: 20,
  comments: 2_000,
  users: 50,
  perKind: { students: 200, teachers: 30, blogs: 50, notices: 20 },
};

/** Every count of a volume times `factor` (10: about 2,000 students, 300 teachers, 500 blogs, 20,000 comments, 200 notices). */
export function scaled(volume: SeedVolume, factor: number): SeedVolume {
  const perKind = Object.fromEntries(
    Object.entries(volume.perKind ?? {}).map(([kind, count]) => [kind, count * factor]),
  );
  return {
    records: volume.records * factor,
    comments: volume.comments * factor,
    users: volume.users,
    perKind,
  };
}

export type DataScaleRun = { factor: number; seed: SeedSummary; costs: CostFigure[] };

export type DataScaleResult = {
  runs: DataScaleRun[];
  /** Why the scenario did not finish. */
  problem?: string;
};

const log = (message: string) => console.error(`bench: ${message}`);

/** Seeds a fresh embedded database with `volume`, serves it with the counters on, and measures. */
async function measureVolume(options: {
  buildDir: string;
  staticPath: string;
  volume: SeedVolume;
  factor: number;
  rounds: number;
  cpuProfileDir?: string | null;
}): Promise<DataScaleRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-data-"));
  const remove = removeAtEnd(dataDir);
  try {
    const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
    let seed: SeedSummary;
    try {
      await handle.migrate();
      seed = await seedDatabase({
        db: handle.db,
        filesRoot: path.join(dataDir, "files"),
        volume: options.volume,
      });
    } finally {
      await handle.close();
    }
    log(
      `data ×${options.factor}: seeded in ${(seed.ms / 1000).toFixed(1)} s (${JSON.stringify(seed.counts)})`,
    );
    const server = await startAppServer({
      buildDir: options.buildDir,
      dataDir,
      env: { BENCH_COUNTERS: "1" },
      nodeArgs: options.cpuProfileDir
        ? [
            "--cpu-prof",
            `--cpu-prof-dir=${options.cpuProfileDir}`,
            `--cpu-prof-name=data-x${options.factor}.cpuprofile`,
          ]
        : [],
    });
    try {
      const admin = adminChanges(
        server.url,
        await signIn(server.url, adminAccount.email, adminAccount.password),
      );
      // A REST list asks for as many records as the sample content has of its smallest kind, so
      // both data sets fill the page: 50 asked the sample's 20 admissions for 20 and the larger
      // set's for 50, and the larger page was counted as the larger table's cost.
      const targets = benchTargets(seed.blogId, options.staticPath)
        .filter((t) => t.kind !== "static")
        .map((t) =>
          t.kind === "api" ? { ...t, path: t.path.replace(/limit=\d+/, `limit=${sampleVolume.records}`) } : t,
        );
      // JIT warm-up: a few rounds that are not counted.
      await measureCosts({ baseUrl: server.url, pid: server.pid, targets, admin, rounds: 3 });
      const costs = await measureCosts({
        baseUrl: server.url,
        pid: server.pid,
        targets,
        admin,
        rounds: options.rounds,
      });
      for (const cost of costs) {
        log(
          `data ×${options.factor}: ${cost.target}: ${cost.queries ?? "?"} queries, ${cost.cpuMs ?? "?"} ms CPU`,
        );
      }
      return { factor: options.factor, seed, costs };
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error}\n--- server output ---\n${server.logs().slice(-4000)}`,
        {
          cause: error,
        },
      );
    } finally {
      await server.stop();
    }
  } finally {
    await remove();
  }
}

/** The sample content, then ten times as much, each on its own database and server. */
export async function runDataScale(options: {
  buildDir: string;
  staticPath: string;
  factor: number;
  rounds?: number;
  /** BENCH_CPU_PROF: each server's CPU profile goes here (data-x1, data-x10). */
  cpuProfileDir?: string | null;
}): Promise<DataScaleResult> {
  const result: DataScaleResult = { runs: [] };
  try {
    for (const factor of [1, options.factor]) {
      result.runs.push(
        await measureVolume({
          buildDir: options.buildDir,
          staticPath: options.staticPath,
          volume: scaled(sampleVolume, factor),
          factor,
          rounds: options.rounds ?? 15,
          cpuProfileDir: options.cpuProfileDir ?? null,
        }),
      );
    }
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
    log(`data scale: ${error instanceof Error ? error.message : error}`);
  }
  return result;
}
