// The bench's knobs, all from the environment so `npm run bench` needs no arguments.
import path from "node:path";

export type BenchOptions = {
  /** The build the bench serves (BUILD_DIR, as `npm run build` uses it). */
  buildDir: string;
  /** Run `npm run build` first (BENCH_SKIP_BUILD=1 reuses the existing build). */
  build: boolean;
  /** Seconds per load run. */
  durationSeconds: number;
  /** Concurrent connections of the load runs on the embedded database. */
  connections: number[];
  lighthouse: boolean;
  lighthouseRuns: number;
  /** A PostgreSQL server to make a throwaway database on; null skips PostgreSQL. */
  postgresUrl: string | null;
  records: number;
  comments: number;
  resultsDir: string;
  /** BENCH_CPU_PROF: a folder for the measured servers' CPU profiles (node --cpu-prof); null: none. */
  cpuProfileDir: string | null;
  /** BENCH_PARTS: which parts run (all by default; see benchParts). */
  parts: Set<BenchPart>;
  /** BENCH_DATA: the large data set, as a multiple of the sample content (10x by default). */
  dataFactor: number;
};

/**
 * The bench's parts: `load` (starts, memory, the load matrix, pages, Lighthouse, results day),
 * `counts` (queries per target and the renders after an admin's change, on a server with
 * BENCH_COUNTERS), `data` (the sample content against BENCH_DATA times as much), `messages` (the
 * message queue sending 10,000 texts while pages are read), `misses` (pages the cache cannot help
 * with: distinct pages each asked once, tracking links, analytics cookies, single renders), `2g` (a
 * looked-up marksheet on a 2G-like link in Chromium, bench/slow-link.ts), `fees` (a school of 2,000
 * students: a month's invoices, the dues list, a ledger, the payment day's lookups; bench/fees.ts).
 */
export const benchParts = ["load", "counts", "data", "messages", "misses", "2g", "fees"] as const;
export type BenchPart = (typeof benchParts)[number];

function readParts(raw: string | undefined): Set<BenchPart> {
  if (raw === undefined || raw.trim() === "") return new Set(benchParts);
  const parts = raw.split(",").map((part) => part.trim().toLowerCase());
  const unknown = parts.filter((part) => !(benchParts as readonly string[]).includes(part));
  if (unknown.length > 0 || parts.length === 0) {
    throw new Error(`BENCH_PARTS must name parts among ${benchParts.join(", ")}, not ${raw}`);
  }
  return new Set(parts as BenchPart[]);
}

function readFactor(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 10;
  const match = /^(\d+)x?$/i.exec(raw.trim());
  const factor = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(factor) || factor < 2)
    throw new Error(`BENCH_DATA must be a multiple such as 10x, not ${raw}`);
  return factor;
}

/** How long the server sits without requests before its idle memory is read. */
export const idleRssSeconds = 30;

export const defaultPostgresUrl = "postgres://postgres@127.0.0.1:5432/postgres";

const yes = (value: string | undefined) => value !== undefined && /^(1|true|on|yes)$/i.test(value.trim());
const no = (value: string | undefined) => value !== undefined && /^(0|false|off|no)$/i.test(value.trim());

function positiveNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

export function readOptions(env: Record<string, string | undefined>, root: string): BenchOptions {
  const connections = (env.BENCH_CONNECTIONS ?? "1,10,50").split(",").map((part) => Number(part.trim()));
  if (connections.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(
      `BENCH_CONNECTIONS must be whole numbers separated by commas, not ${env.BENCH_CONNECTIONS}`,
    );
  }
  const postgres = env.BENCH_POSTGRES_URL;
  return {
    buildDir: path.resolve(root, env.BUILD_DIR ?? "build"),
    build: !yes(env.BENCH_SKIP_BUILD),
    durationSeconds: positiveNumber(env, "BENCH_DURATION", 5),
    connections,
    lighthouse: !yes(env.BENCH_SKIP_LIGHTHOUSE),
    lighthouseRuns: Math.round(positiveNumber(env, "BENCH_LIGHTHOUSE_RUNS", 3)),
    postgresUrl: no(postgres) ? null : postgres || defaultPostgresUrl,
    records: Math.round(positiveNumber(env, "BENCH_RECORDS", 1000)),
    comments: Math.round(positiveNumber(env, "BENCH_COMMENTS", 10_000)),
    resultsDir: path.resolve(root, env.BENCH_RESULTS_DIR ?? "bench/results"),
    cpuProfileDir: env.BENCH_CPU_PROF ? path.resolve(root, env.BENCH_CPU_PROF) : null,
    parts: readParts(env.BENCH_PARTS),
    dataFactor: readFactor(env.BENCH_DATA),
  };
}
