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
};

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
  };
}
