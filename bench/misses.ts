// `npm run bench:misses`: the cache-miss runs (bench/misses-scenario.ts) on their own, against the
// build in BUILD_DIR (built already: `npm run build`), on the embedded database and, with
// BENCH_POSTGRES_URL, on PostgreSQL (`npm run bench` runs the same as its part `misses`). Knobs:
// BENCH_MISSES_REQUESTS (requests per run, 5,000), BENCH_MISSES_CONNECTIONS (50),
// BENCH_MISSES_RECORDS (records of each kind, 1,500), BENCH_MISSES_STUDENTS (marksheets, 1,000), BENCH_MISSES_RENDERS
// (300), BENCH_CPU_PROF (a folder for the server's CPU profile). Exits 1 when a budget fails.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { budgetsFailed } from "./budgets";
import { cacheMissBudgets } from "./cache-miss-budgets";
import { missTable } from "./cache-misses";
import { cleanUpAll } from "./cleanup";
import { readMissOptions, runCacheMisses } from "./misses-scenario";
import { createThrowawayDatabase, postgresAnswers } from "./postgres";
import type { CacheMissResult } from "./results";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const options = readMissOptions(env, {
  buildDir: path.resolve(root, env.BUILD_DIR ?? "build"),
  cpuProfileDir: env.BENCH_CPU_PROF ? path.resolve(root, env.BENCH_CPU_PROF) : null,
});
const postgresUrl = env.BENCH_POSTGRES_URL || null;

async function main() {
  const cacheMisses: CacheMissResult[] = [];
  const databases: [CacheMissResult["database"], string | undefined][] = [["embedded", undefined]];
  const postgresSkipped = !postgresUrl
    ? "BENCH_POSTGRES_URL is off"
    : (await postgresAnswers(postgresUrl))
      ? undefined
      : "no PostgreSQL answers";
  const throwaway = postgresUrl && !postgresSkipped ? await createThrowawayDatabase(postgresUrl) : null;
  if (throwaway) databases.push(["PostgreSQL", throwaway.url]);
  try {
    for (const [database, url] of databases) {
      cacheMisses.push({ database, figures: await runCacheMisses(options, database, url) });
    }
  } finally {
    await throwaway?.drop();
  }
  console.log(cacheMisses.map((run) => missTable(run.database, run.figures)).join("\n\n"));
  const checks = cacheMissBudgets({ cacheMisses, ...(postgresSkipped ? { postgresSkipped } : {}) }, null);
  for (const check of checks)
    console.log(
      `- ${check.pass === false ? "FAIL" : check.pass ? "pass" : "not measured"}: ${check.budget} ${check.limit}: ${check.measured}`,
    );
  const failed = budgetsFailed(checks);
  await cleanUpAll();
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();
