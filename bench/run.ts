// `npm run bench`: builds, seeds, serves and measures the site, checks the budgets of the
// architecture document's section 7, writes bench/results/ and prints the table. Exits 1 when a
// budget fails; a budget this machine cannot measure (no PostgreSQL, no Chromium) is listed as
// "not measured" with the reason and does not change the exit code.
// Knobs (environment): see bench/options.ts and docs/development.md's "Benchmarks" section.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { budgetsFailed, checkBudgets } from "./budgets";
import { measurePage, readRouterManifest, staticCeilingFile } from "./bundles";
import { cleanUpAll, interrupted, onCleanup } from "./cleanup";
import { runDataScale } from "./data-scale";
import { runFees } from "./fees";
import { lighthousePage, lighthouseUnavailable } from "./lighthouse";
import { signedInPages } from "./load";
import { runMessageQueue } from "./message-queue";
import { readMissOptions, runCacheMisses } from "./misses-scenario";
import { readOptions } from "./options";
import { createThrowawayDatabase, postgresAnswers, withoutPassword } from "./postgres";
import { formatReport } from "./report";
import type { BenchResults, CacheMissResult, DatabaseResult } from "./results";
import { runScenario } from "./scenario";
import type { AppServer } from "./server";
import { runSlowLink } from "./slow-link";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (message: string) => console.error(`bench: ${message}`);

/** A page as a visitor who chose Bangla gets it (the language cookie, app/routes/language.ts). */
const inBangla = "maktab_lang=bn";

type SeededIds = { blogId: string; albumId: string; marksheetPath?: string };

/**
 * Public pages whose first load is measured; the blog's and the album's ids once seeded. The
 * reading pages run no React in the browser (decision 0059); login and register do.
 */
const publicPages = ({
  blogId,
  albumId,
  marksheetPath,
}: SeededIds): { page: string; path: string; cookie?: string }[] => [
  { page: "home", path: "/" },
  { page: "home (Bangla)", path: "/", cookie: inBangla },
  { page: "admissions", path: "/admitionAll" },
  { page: "services", path: "/services" },
  { page: "results", path: "/resultAll" },
  { page: "blogs", path: "/blogs" },
  { page: "a blog", path: `/blog/${blogId}` },
  { page: "students", path: "/AllStudent" },
  { page: "teachers", path: "/teacher" },
  { page: "notices", path: "/notices" },
  { page: "calendar", path: "/events" },
  { page: "downloads", path: "/downloads" },
  { page: "gallery", path: "/gallery" },
  { page: "an album", path: `/gallery/${albumId}` },
  { page: "class routine", path: "/classRoome" },
  { page: "result lookup", path: "/results" },
  // A student's marksheet, looked up (the results-day exam's first student, when it was made).
  ...(marksheetPath ? [{ page: "a marksheet", path: marksheetPath }] : []),
  { page: "login", path: "/login" },
  { page: "register", path: "/register" },
];

const lighthousePages = ({
  blogId,
  albumId,
}: SeededIds): { page: string; path: string; cookie?: string }[] => [
  { page: "home", path: "/" },
  { page: "home (Bangla)", path: "/", cookie: inBangla },
  { page: "blogs", path: "/blogs" },
  { page: "a blog", path: `/blog/${blogId}` },
  { page: "admissions", path: "/admitionAll" },
  { page: "calendar", path: "/events" },
  { page: "an album", path: `/gallery/${albumId}` },
];

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
    const forget = onCleanup(`${command} ${args.join(" ")}`, () => void child.kill("SIGTERM"));
    child.once("error", reject);
    child.once("exit", (code) => {
      void forget();
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const options = readOptions(process.env, root);
  const started = new Date();
  const loadAverageAtStart = os.loadavg();
  const volume = { records: options.records, comments: options.comments, users: 50 };

  if (options.build) {
    log(`building into ${path.relative(root, options.buildDir)}`);
    await runCommand("npm", ["run", "build"], { ...process.env, BUILD_DIR: options.buildDir });
  }
  const clientDir = path.join(options.buildDir, "client");
  if (!existsSync(path.join(options.buildDir, "server", "index.js"))) {
    throw new Error(`${options.buildDir}/server/index.js is missing: run without BENCH_SKIP_BUILD`);
  }
  const manifest = readRouterManifest(clientDir);
  // The ceiling: a small built file the same server sends as it sends every built file.
  const staticFile = staticCeilingFile(clientDir);
  log(`static ceiling: ${staticFile.path} (${staticFile.bytes} bytes)`);

  const load = options.parts.has("load");
  log(`parts: ${[...options.parts].join(", ")}`);
  const lighthouseProblem = !load
    ? "BENCH_PARTS leaves out load"
    : options.lighthouse
      ? lighthouseUnavailable()
      : "BENCH_SKIP_LIGHTHOUSE is set";
  if (options.lighthouse && lighthouseProblem) log(`Lighthouse skipped: ${lighthouseProblem}`);
  const pgAvailable = options.postgresUrl !== null && (await postgresAnswers(options.postgresUrl));
  const postgresSkipped =
    options.postgresUrl === null
      ? "BENCH_POSTGRES_URL is off"
      : pgAvailable
        ? undefined
        : `no PostgreSQL answers at ${withoutPassword(options.postgresUrl)}`;
  if (postgresSkipped) log(`PostgreSQL skipped: ${postgresSkipped}`);

  const targetsCount = 12;
  const databasesCount = pgAvailable ? 2 : 1;
  // Results day, per database: the static file and two PDF runs, and two lookup runs of up to six.
  const runs =
    (targetsCount * 2 - 1) * options.connections.length +
    (pgAvailable ? targetsCount * 2 - 1 : 0) +
    databasesCount * (3 + 2 * 6) +
    databasesCount * signedInPages.length;
  if (load)
    log(
      `up to ${runs} load runs' time of ${options.durationSeconds} s each (about ${Math.ceil((runs * (options.durationSeconds + 0.5)) / 60)} min)` +
        (lighthouseProblem
          ? ""
          : ` and ${lighthousePages({ blogId: "", albumId: "" }).length * options.lighthouseRuns} Lighthouse runs`),
    );

  const bundles: BenchResults["bundles"] = [];
  const lighthouse: BenchResults["lighthouse"] = [];
  const databases: DatabaseResult[] = [];

  const measurePagesAndLighthouse = async (server: AppServer, ids: SeededIds) => {
    for (const { page, path: pathname, cookie } of publicPages(ids)) {
      // From an address of its own: the lookups of results day are rate-limited per address.
      const response = await fetch(`${server.url}${pathname}`, {
        headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": "198.51.100.39" },
      });
      const html = await response.text();
      if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
      bundles.push(measurePage({ clientDir, manifest, page, pathname, html }));
    }
    if (lighthouseProblem) return;
    for (const { page, path: pathname, cookie } of lighthousePages(ids)) {
      log(`Lighthouse: ${page} (${options.lighthouseRuns} runs)`);
      lighthouse.push(
        await lighthousePage({ baseUrl: server.url, page, pathname, cookie, runs: options.lighthouseRuns }),
      );
    }
  };

  const common = {
    buildDir: options.buildDir,
    volume,
    staticPath: staticFile.path,
    durationSeconds: options.durationSeconds,
    ...(options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {}),
    parts: options.parts,
  };
  // The scenario seeds and serves for the load and counted parts only.
  const scenario = options.parts.has("load") || options.parts.has("counts");
  if (scenario)
    try {
      databases.push(
        await runScenario({
          ...common,
          database: "embedded",
          connections: options.connections,
          freshStart: true,
          whileServing: measurePagesAndLighthouse,
        }),
      );
    } catch (error) {
      log(`embedded database: ${error instanceof Error ? error.stack : error}`);
      databases.push({
        database: "embedded",
        load: [],
        problem: String(error instanceof Error ? error.message.split("\n")[0] : error),
      });
    }

  if (scenario && pgAvailable && options.postgresUrl) {
    // One database to seed and measure, and an empty one to time the fresh start on.
    const throwaway = await createThrowawayDatabase(options.postgresUrl);
    const empty = await createThrowawayDatabase(options.postgresUrl).catch(async (error) => {
      await throwaway.drop();
      throw error;
    });
    try {
      // Memory and the budgets need the busiest load only; the full matrix runs on the embedded database.
      databases.push(
        await runScenario({
          ...common,
          database: "postgres",
          databaseUrl: throwaway.url,
          connections: [Math.max(...options.connections)],
          freshStart: true,
          freshDatabaseUrl: empty.url,
        }),
      );
    } catch (error) {
      log(`PostgreSQL: ${error instanceof Error ? error.stack : error}`);
      databases.push({
        database: "postgres",
        load: [],
        problem: String(error instanceof Error ? error.message.split("\n")[0] : error),
      });
    } finally {
      await empty.drop();
      await throwaway.drop();
    }
  }

  // The sample content against BENCH_DATA times as much, on the embedded database.
  const dataScale = options.parts.has("data")
    ? await runDataScale({
        buildDir: options.buildDir,
        staticPath: staticFile.path,
        factor: options.dataFactor,
        cpuProfileDir: options.cpuProfileDir,
      })
    : undefined;

  // 10,000 texts through the queue while a signed-in page is read, on the embedded database.
  const messageQueue = options.parts.has("messages")
    ? await runMessageQueue({
        buildDir: options.buildDir,
        durationSeconds: Math.max(10, options.durationSeconds),
      })
    : undefined;

  // A school of 2,000 students' fees, on the embedded database.
  const fees = options.parts.has("fees")
    ? await runFees({
        buildDir: options.buildDir,
        staticPath: staticFile.path,
        cpuProfileDir: options.cpuProfileDir,
        durationSeconds: Math.max(10, options.durationSeconds),
      })
    : undefined;

  // Pages the cache cannot help with, on each database (a throwaway PostgreSQL database of their own).
  const cacheMisses: CacheMissResult[] = [];
  if (options.parts.has("misses")) {
    const missOptions = readMissOptions(process.env, {
      buildDir: options.buildDir,
      cpuProfileDir: options.cpuProfileDir,
    });
    const onDatabase = async (database: CacheMissResult["database"], url?: string) => {
      try {
        cacheMisses.push({ database, figures: await runCacheMisses(missOptions, database, url) });
      } catch (error) {
        log(`cache misses, ${database}: ${error instanceof Error ? error.stack : error}`);
        cacheMisses.push({
          database,
          figures: [],
          problem: String(error instanceof Error ? error.message.split("\n")[0] : error),
        });
      }
    };
    await onDatabase("embedded");
    if (pgAvailable && options.postgresUrl) {
      const throwaway = await createThrowawayDatabase(options.postgresUrl);
      try {
        await onDatabase("PostgreSQL", throwaway.url);
      } finally {
        await throwaway.drop();
      }
    }
  }
  // A looked-up marksheet on a 2G-like link, in Chromium, on a server of its own.
  const slowLink = options.parts.has("2g") ? await runSlowLink({ buildDir: options.buildDir }) : undefined;

  if (interrupted()) return;
  const finished = new Date();
  const cpus = os.cpus();
  const partial: Omit<BenchResults, "budgets"> = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    totalSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? "unknown CPU",
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageAtStart: loadAverageAtStart.map((l) => Math.round(l * 10) / 10),
    },
    settings: {
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      records: options.records,
      comments: options.comments,
      lighthouseRuns: options.lighthouseRuns,
      parts: [...options.parts],
      dataFactor: options.dataFactor,
    },
    staticFile,
    databases,
    ...(postgresSkipped ? { postgresSkipped } : {}),
    bundles,
    lighthouse,
    ...(lighthouseProblem ? { lighthouseSkipped: lighthouseProblem } : {}),
    ...(dataScale ? { dataScale } : {}),
    ...(messageQueue ? { messageQueue } : {}),
    ...(fees ? { fees } : {}),
    ...(options.parts.has("misses") ? { cacheMisses } : {}),
    ...(slowLink ? { slowLink } : {}),
  };
  const results: BenchResults = { ...partial, budgets: checkBudgets(partial) };
  const report = formatReport(results);

  mkdirSync(options.resultsDir, { recursive: true });
  const stamp = started.toISOString().slice(0, 16).replace(":", "-");
  for (const name of ["latest", stamp]) {
    writeFileSync(path.join(options.resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(options.resultsDir, `${name}.md`), report);
  }
  console.log(report);
  log(`results in ${path.relative(root, options.resultsDir)}/${stamp}.{json,md} and latest.{json,md}`);
  const failed = budgetsFailed(results.budgets);
  if (failed.length > 0) {
    log(`${failed.length} budget(s) failed: ${failed.map((b) => b.budget).join("; ")}`);
    process.exitCode = 1;
  }
}

main()
  .then(() => cleanUpAll())
  .catch(async (error) => {
    console.error(`bench: ${error instanceof Error ? error.stack : error}`);
    await cleanUpAll();
    process.exitCode = 1;
  });
