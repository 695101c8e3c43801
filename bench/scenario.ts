// One database's part of the bench: seed it (and make the results-day exam through the API), start
// the server on it (cold start, idle memory), run the load matrix (loaded memory), let the caller
// measure more while it serves, then run results day (bench/results-day.ts).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { removeAtEnd } from "./cleanup";
import { adminChanges, afterAdminChange, countQueries } from "./counting";
import {
  type Auth,
  benchTargets,
  headersFor,
  type LoadFigure,
  measure,
  signedInPages,
  warmUp,
  withRatios,
} from "./load";
import { type BenchPart, idleRssSeconds } from "./options";
import type { DatabaseKind, DatabaseResult } from "./results";
import {
  lookupPath,
  type ResultsDayResult,
  resultsDayConnections,
  resultsDayStudents,
  runResultsDay,
  seedResultsDay,
} from "./results-day";
import { readerAccount, type SeedVolume, seedDatabase } from "./seed";
import { type AppServer, adminAccount, readMemory, signIn, startAppServer } from "./server";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.error(`bench: ${message}`);

export type Scenario = {
  database: DatabaseKind;
  buildDir: string;
  /** PostgreSQL only: the throwaway database. */
  databaseUrl?: string;
  volume: SeedVolume;
  staticPath: string;
  connections: number[];
  durationSeconds: number;
  /**
   * Also time a start on an empty database: a temporary DATA_DIR for the embedded database; for
   * PostgreSQL, `freshDatabaseUrl` (a second throwaway database, so the seeded one stays as the
   * seed leaves it).
   */
  freshStart: boolean;
  freshDatabaseUrl?: string;
  /** Runs while the server still serves, after the load runs. */
  whileServing?: (
    server: AppServer,
    seeded: { blogId: string; albumId: string; marksheetPath?: string },
  ) => Promise<void>;
  /** BENCH_CPU_PROF: the measured server writes a CPU profile here when it stops. */
  cpuProfileDir?: string;
  /** BENCH_PARTS: `load` and `counts` run here (bench/options.ts). */
  parts: Set<BenchPart>;
};

/** Visitors on the home page when an admin changes something (the issue's 50). */
export const afterChangeConnections = 50;

export async function runScenario(scenario: Scenario): Promise<DatabaseResult> {
  const { database, buildDir, databaseUrl } = scenario;
  const result: DatabaseResult = { database, load: [] };
  const label = database === "embedded" ? "embedded" : "PostgreSQL";

  const load = scenario.parts.has("load");
  if (scenario.freshStart && load) {
    if (databaseUrl && !scenario.freshDatabaseUrl) {
      throw new Error("a fresh start on PostgreSQL needs an empty database of its own (freshDatabaseUrl)");
    }
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-fresh-"));
    const remove = removeAtEnd(emptyDir);
    const fresh = await startAppServer({
      buildDir,
      dataDir: emptyDir,
      databaseUrl: scenario.freshDatabaseUrl,
    });
    result.coldStartFreshMs = fresh.coldStartMs;
    log(`${label}: cold start on an empty database ${fresh.coldStartMs} ms`);
    await fresh.stop();
    await remove();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-"));
  const removeDataDir = removeAtEnd(dataDir);
  try {
    const handle = openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "db") });
    try {
      await handle.migrate();
      result.seed = await seedDatabase({
        db: handle.db,
        filesRoot: path.join(dataDir, "files"),
        volume: scenario.volume,
      });
    } finally {
      await handle.close();
    }
    log(
      `${label}: seeded in ${(result.seed.ms / 1000).toFixed(1)} s (${JSON.stringify(result.seed.counts)})`,
    );

    // The results-day exam is made as an admin makes it, through the API, on a server of its own
    // that stops before the measured one starts, so its import counts in neither the measured
    // start nor its memory. (That server also makes the admin account, which the measured start
    // then finds, as any start on a database in use does.)
    const resultsDay: ResultsDayResult = { figures: [] };
    if (load) {
      result.resultsDay = resultsDay;
      await makeResultsDayExam(scenario, dataDir, resultsDay);
    }

    if (load) await measureLoad(scenario, result, dataDir, resultsDay);
    if (scenario.parts.has("counts")) await measureCounts(scenario, result, dataDir);
  } finally {
    await removeDataDir();
  }
  return result;
}

/** The results-day exam, made through the API on a server of its own (see runScenario). */
async function makeResultsDayExam(scenario: Scenario, dataDir: string, resultsDay: ResultsDayResult) {
  const { buildDir, databaseUrl } = scenario;
  const label = scenario.database === "embedded" ? "embedded" : "PostgreSQL";
  try {
    const seeder = await startAppServer({ buildDir, dataDir, databaseUrl });
    try {
      const admin = await signIn(seeder.url, adminAccount.email, adminAccount.password);
      resultsDay.seed = await seedResultsDay(seeder.url, admin, resultsDayStudents);
    } catch (error) {
      throw new Error(`${errorText(error)}\n--- server output ---\n${seeder.logs().slice(-4000)}`, {
        cause: error,
      });
    } finally {
      await seeder.stop();
    }
    log(
      `${label}: results-day exam made through the API in ${(resultsDay.seed.ms / 1000).toFixed(1)} s (${JSON.stringify(resultsDay.seed.counts)})`,
    );
  } catch (error) {
    resultsDay.problem = `the exam could not be made: ${errorText(error).split("\n")[0]}`;
    log(`${label}: results day: ${errorText(error)}`);
  }
}

/**
 * The queries of each target and the renders after an admin's change, on a server of their own
 * with BENCH_COUNTERS (the load runs' server does without the counting), on the same data.
 */
async function measureCounts(scenario: Scenario, result: DatabaseResult, dataDir: string): Promise<void> {
  const label = scenario.database === "embedded" ? "embedded" : "PostgreSQL";
  if (!result.seed) return;
  const server = await startAppServer({
    buildDir: scenario.buildDir,
    dataDir,
    databaseUrl: scenario.databaseUrl,
    env: { BENCH_COUNTERS: "1" },
  });
  try {
    const reader = await signIn(server.url, readerAccount.email, readerAccount.password);
    const admin = adminChanges(
      server.url,
      await signIn(server.url, adminAccount.email, adminAccount.password),
    );
    const targets = benchTargets(result.seed.blogId, scenario.staticPath).filter((t) => t.kind !== "static");
    await warmUp(server.url, targets, reader);
    result.queries = await countQueries({ baseUrl: server.url, targets, readerCookie: reader, admin });
    for (const figure of result.queries) {
      log(
        `${label}: ${figure.target}: ${figure.afterChange ?? "?"} queries after a change, ${figure.signedInWarm ?? "?"} signed in`,
      );
    }
    // The home page kept again before the visitors come.
    await warmUp(server.url, targets.slice(0, 1), reader, 2);
    result.afterChange = await afterAdminChange({
      baseUrl: server.url,
      admin,
      connections: afterChangeConnections,
      durationSeconds: scenario.durationSeconds,
    });
    log(
      `${label}: after an admin's change at ${afterChangeConnections} conn: ${result.afterChange.rendersInWindow} render(s) of the home page in ${result.afterChange.windowMs} ms, ` +
        `${result.afterChange.rendersDuringRun} during the run, ${Math.round(result.afterChange.requestsPerSecond)} req/s, p99 ${result.afterChange.p99Ms} ms`,
    );
  } catch (error) {
    result.countsProblem = errorText(error);
    log(`${label}: counts: ${errorText(error)}\n--- server output ---\n${server.logs().slice(-4000)}`);
  } finally {
    await server.stop();
  }
}

/** Cold start and idle memory, the load matrix, what the caller measures, then results day. */
async function measureLoad(
  scenario: Scenario,
  result: DatabaseResult,
  dataDir: string,
  resultsDay: ResultsDayResult,
): Promise<void> {
  const { database, databaseUrl } = scenario;
  const label = database === "embedded" ? "embedded" : "PostgreSQL";
  if (!result.seed) return;
  // TRUST_PROXY, as behind a reverse proxy: the results-day crowd names its addresses in
  // X-Forwarded-For (bench/results-day.ts). No other run sends that header.
  const server = await startAppServer({
    buildDir: scenario.buildDir,
    dataDir,
    databaseUrl,
    env: { TRUST_PROXY: "on" },
    nodeArgs: scenario.cpuProfileDir
      ? [
          "--cpu-prof",
          `--cpu-prof-dir=${scenario.cpuProfileDir}`,
          `--cpu-prof-name=${database}-${Date.now()}.cpuprofile`,
        ]
      : [],
  });
  try {
    result.coldStartMs = server.coldStartMs;
    // Idle means idle to V8 too: its memory reducer gives back the heap that starting up grew
    // only after some seconds without work (about 160 MB shrink to about 115 MB on PostgreSQL).
    await sleep(idleRssSeconds * 1000);
    result.idleRssMb = readMemory(server.pid)?.rssMb;
    log(
      `${label}: cold start on the seeded database ${server.coldStartMs} ms, RSS after ${idleRssSeconds} s without requests ${result.idleRssMb ?? "?"} MB`,
    );

    const cookie = await signIn(server.url, readerAccount.email, readerAccount.password);
    const targets = benchTargets(result.seed.blogId, scenario.staticPath);
    await warmUp(server.url, targets, cookie);

    const figures: LoadFigure[] = [];
    for (const target of targets) {
      // A static file is the same for everyone.
      const auths: Auth[] = target.kind === "static" ? ["anonymous"] : ["anonymous", "signed-in"];
      for (const auth of auths) {
        for (const connections of scenario.connections) {
          const figure = await measure({
            baseUrl: server.url,
            target,
            auth,
            cookie,
            connections,
            durationSeconds: scenario.durationSeconds,
          });
          figures.push(figure);
          log(
            `${label}: ${target.name}, ${auth}, ${connections} conn: ${Math.round(figure.requestsPerSecond)} req/s, ` +
              `p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.errors} errors`,
          );
        }
      }
    }
    // The pages only a signed-in person sees, at the most connections (the budget's).
    const adminCookie = await signIn(server.url, adminAccount.email, adminAccount.password);
    const top = Math.max(...scenario.connections);
    for (const page of signedInPages) {
      const pageCookie = page.auth === "admin" ? adminCookie : cookie;
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${server.url}${page.path}`, {
          headers: { ...headersFor(page.kind), cookie: pageCookie },
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`warm-up: ${page.path} answered ${response.status}`);
      }
      const figure = await measure({
        baseUrl: server.url,
        target: page,
        auth: page.auth,
        cookie: pageCookie,
        connections: top,
        durationSeconds: scenario.durationSeconds,
      });
      figures.push(figure);
      log(
        `${label}: ${page.name}, ${page.auth}, ${top} conn: ${Math.round(figure.requestsPerSecond)} req/s, ` +
          `p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.errors} errors`,
      );
    }
    result.load = withRatios(figures);
    result.loadedRssMb = readMemory(server.pid)?.peakRssMb;
    log(`${label}: peak RSS ${result.loadedRssMb ?? "?"} MB`);

    // The pages measured include a looked-up student's marksheet, when the results-day exam is there.
    const marksheetStudent = resultsDay.seed?.students[0];
    await scenario.whileServing?.(server, {
      ...result.seed,
      marksheetPath:
        resultsDay.seed && marksheetStudent
          ? lookupPath("page", resultsDay.seed.examId, marksheetStudent)
          : undefined,
    });

    // Results day last: its kept lookups fill the page cache, and the pages and Lighthouse above
    // should find it as the load runs left it.
    if (resultsDay.seed) {
      try {
        resultsDay.figures = await runResultsDay({
          baseUrl: server.url,
          pid: server.pid,
          seed: resultsDay.seed,
          staticPath: scenario.staticPath,
          durationSeconds: scenario.durationSeconds,
          lookupConnections: resultsDayConnections.lookups,
          pdfConnections: resultsDayConnections.pdfs,
          log: (message) => log(`${label}: ${message}`),
        });
        resultsDay.peakRssMb = readMemory(server.pid)?.peakRssMb;
      } catch (error) {
        resultsDay.problem = errorText(error);
        log(
          `${label}: results day: ${errorText(error)}\n--- server output ---\n${server.logs().slice(-4000)}`,
        );
      }
    }
  } catch (error) {
    throw new Error(`${errorText(error)}\n--- server output ---\n${server.logs().slice(-4000)}`, {
      cause: error,
    });
  } finally {
    await server.stop();
  }
}

/** An error's message with its cause's ("fetch failed" says little without "other side closed"). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (!(cause instanceof Error)) return error.message;
  const code = (cause as { code?: unknown }).code;
  return `${error.message} (${typeof code === "string" ? `${code}: ` : ""}${cause.message})`;
}
