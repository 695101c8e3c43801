// The cache-miss runs (issue 42) on one database: seeds `records` of each kind and a results day of
// `students` marksheets, serves them from the build, and measures distinct pages each asked once,
// shared links with tracking parameters, visitors with analytics cookies, and single renders of
// the home page and of blogs (bench/cache-misses.ts has the runs, their budgets and their table).
// `npm run bench` runs it as its part `misses`; `npm run bench:misses` on its own (bench/misses.ts).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { blogs } from "../server/db/schema";
import { analyticsCookies, type MissFigure, missRun, trackingQuery } from "./cache-misses";
import { removeAtEnd } from "./cleanup";
import { nextAddress, seedResultsDay } from "./results-day";
import { seedDatabase } from "./seed";
import { adminAccount, signIn, startAppServer } from "./server";

export type MissOptions = {
  buildDir: string;
  /** Requests per run (BENCH_MISSES_REQUESTS). */
  requests: number;
  /** Connections of the load runs (BENCH_MISSES_CONNECTIONS). */
  connections: number;
  /** Records of each kind (BENCH_MISSES_RECORDS). */
  records: number;
  /** Marksheets (BENCH_MISSES_STUDENTS). */
  students: number;
  /** Sequential renders of the home page and of blogs, for their CPU time each. */
  renders: number;
  /** A folder for the server's CPU profile (BENCH_CPU_PROF), or null. */
  cpuProfileDir: string | null;
};

export type MissDatabase = "embedded" | "PostgreSQL";

/** The runs' sizes from the environment (BENCH_MISSES_*), with their defaults. */
export function readMissOptions(
  env: Record<string, string | undefined>,
  where: Pick<MissOptions, "buildDir" | "cpuProfileDir">,
): MissOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number, not ${env[name]}`);
    return value;
  };
  return {
    ...where,
    requests: number("BENCH_MISSES_REQUESTS", 5000),
    connections: number("BENCH_MISSES_CONNECTIONS", 50),
    records: number("BENCH_MISSES_RECORDS", 1500),
    students: number("BENCH_MISSES_STUDENTS", 1000),
    renders: number("BENCH_MISSES_RENDERS", 300),
  };
}

const log = (message: string) => console.error(`bench: ${message}`);

/** Pages of a list of `records` at `pageSize` (of which up to a tenth may be pending: not listed). */
const listPages = (base: string, records: number, pageSize: number) =>
  Array.from(
    { length: Math.max(1, Math.floor((records * 0.9) / pageSize)) },
    (_, i) => `${base}?page=${i + 1}`,
  );

/** Interleaves lists: one of each in turn, until each is used up. */
function interleave(lists: string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < lists.reduce((sum, list) => sum + list.length, 0); i++) {
    for (const list of lists) if (i < list.length) out.push(list[i] as string);
  }
  return out;
}

/** One database's cache-miss runs (bench/cache-misses.ts), on a fresh copy seeded for them. */
export async function runCacheMisses(
  options: MissOptions,
  database: MissDatabase,
  databaseUrl?: string,
): Promise<MissFigure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-misses-"));
  const remove = removeAtEnd(dataDir);
  try {
    const handle = openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "db") });
    let blogIds: string[];
    try {
      await handle.migrate();
      const seed = await seedDatabase({
        db: handle.db,
        filesRoot: path.join(dataDir, "files"),
        volume: { records: options.records, comments: options.records * 2, users: 50 },
      });
      log(`${database}: seeded in ${(seed.ms / 1000).toFixed(1)} s`);
      // The blogs a visitor may read (the seed leaves one in fifty pending).
      blogIds = (
        await handle.db
          .select({ id: blogs.id })
          .from(blogs)
          .where(eq(blogs.status, "approved"))
          .orderBy(desc(blogs.createdAt))
      ).map((row) => row.id);
    } finally {
      await handle.close();
    }
    const server = await startAppServer({
      buildDir: options.buildDir,
      dataDir,
      databaseUrl,
      // The marksheets' visitors come from addresses of their own, as behind nginx.
      env: { TRUST_PROXY: "on" },
      nodeArgs: options.cpuProfileDir
        ? [
            "--cpu-prof",
            `--cpu-prof-dir=${options.cpuProfileDir}`,
            `--cpu-prof-name=misses-${database}.cpuprofile`,
          ]
        : [],
    });
    try {
      const admin = await signIn(server.url, adminAccount.email, adminAccount.password);
      const exam = await seedResultsDay(server.url, admin, options.students);
      log(`${database}: ${options.students} marksheets in ${(exam.ms / 1000).toFixed(1)} s`);
      const marksheets = exam.students.map(
        (student) => `/results/marksheet/${exam.examId}/${student.roll}?registration=${student.registration}`,
      );
      // Distinct pages, each asked once: a blog, a page of a list, a student's marksheet.
      const distinct = interleave([
        blogIds.map((id) => `/blog/${id}`),
        listPages("/notices", options.records, 12),
        listPages("/blogs", options.records, 9),
        listPages("/AllStudent", options.records, 12),
        marksheets,
      ]);
      // The first few warm the server up (its code compiled), and are not measured again.
      const warm = 30;
      for (const address of distinct.slice(0, warm)) {
        await (
          await fetch(`${server.url}${address}`, { headers: { "x-forwarded-for": nextAddress() } })
        ).arrayBuffer();
      }
      const measured = distinct.slice(warm, warm + options.requests);
      if (measured.length < options.requests) {
        log(
          `${database}: ${measured.length} distinct pages (fewer than ${options.requests}: raise BENCH_MISSES_RECORDS)`,
        );
      }
      const base = { baseUrl: server.url, pid: server.pid, connections: options.connections };
      const figures: MissFigure[] = [];
      figures.push(
        await missRun({
          ...base,
          run: "static file",
          pathOf: () => "/favicon.svg",
          amount: options.requests,
        }),
      );
      figures.push(
        await missRun({
          ...base,
          run: "cold cache",
          pathOf: (i) => measured[i % measured.length] as string,
          headersOf: () => ({ "x-forwarded-for": nextAddress() }),
          amount: measured.length,
        }),
      );
      // The home page, kept once, then asked through shared links and with analytics cookies.
      await (await fetch(`${server.url}/`)).arrayBuffer();
      figures.push(
        await missRun({
          ...base,
          run: "tracking parameters",
          pathOf: (i) => `/${trackingQuery(i)}`,
          amount: options.requests,
        }),
      );
      figures.push(
        await missRun({
          ...base,
          run: "analytics cookies",
          pathOf: () => "/",
          headersOf: () => ({ cookie: analyticsCookies() }),
          amount: options.requests,
        }),
      );
      // One page's render, one at a time: the home page at addresses of its own (?form= is a
      // parameter it reads), and blogs not asked before (the cold run asked the others).
      figures.push(
        await missRun({
          ...base,
          connections: 1,
          run: "home, rendered afresh",
          pathOf: (i) => `/?form=${i}`,
          amount: options.renders,
        }),
      );
      const asked = new Set(distinct.slice(0, warm + measured.length));
      const unasked = blogIds.filter((id) => !asked.has(`/blog/${id}`)).slice(0, options.renders);
      if (unasked.length < options.renders) {
        throw new Error(
          `only ${unasked.length} blogs left unasked for the renders: raise BENCH_MISSES_RECORDS`,
        );
      }
      figures.push(
        await missRun({
          ...base,
          connections: 1,
          run: "a blog, rendered afresh",
          pathOf: (i) => `/blog/${unasked[i % unasked.length]}`,
          headersOf: () => ({ "x-forwarded-for": nextAddress() }),
          amount: unasked.length,
        }),
      );
      const staticRate = figures[0]?.requestsPerSecond ?? 0;
      for (const figure of figures) {
        figure.ratioToStatic =
          staticRate > 0 ? Math.round((figure.requestsPerSecond / staticRate) * 1000) / 1000 : null;
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await remove();
  }
}
