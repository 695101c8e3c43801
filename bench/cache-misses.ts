// When the page cache cannot help, and when it should (issue 42): distinct pages each asked once
// (a cold cache: blogs, lists' pages, students' marksheets), one page asked through links that
// carry tracking parameters, and one page asked with another site's analytics cookies. Each run
// reads the server's CPU time around it, from /proc: the whole process (the render, the embedded
// database, and the kept copy's compression on libuv's threads) and its main thread.
//
// `npm run bench:misses` runs these alone, on the embedded database (and PostgreSQL with
// BENCH_POSTGRES_URL), briefly; the figures and budgets are printed, and the exit code is 1 when a
// budget fails.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { readCpuNs } from "./counting";
import { headersFor, type LoadFigure, summarise } from "./load";

/** A run's figures: its load figure and what each request cost the server. */
export type MissFigure = Pick<LoadFigure, "requestsPerSecond" | "p50Ms" | "p99Ms" | "errors" | "requests"> & {
  run: MissRun;
  connections: number;
  /** The server's CPU time per request, all its threads, in ms. */
  cpuMsPerRequest: number | null;
  /** Its main thread's (the render and the embedded database), in ms. */
  mainCpuMsPerRequest: number | null;
  /** Answers served from the page cache (X-Cache: HIT), of all. */
  hitRatio: number;
  /** Requests per second against the static file's, at the same connections. */
  ratioToStatic: number | null;
};

export type MissRun =
  | "static file"
  | "cold cache"
  | "tracking parameters"
  | "analytics cookies"
  | "home, rendered afresh"
  | "a blog, rendered afresh";

/**
 * The budgets (issue 42; the architecture's section 7 for every cache miss): distinct pages asked
 * once hold 0.05 of the static file's rate with p99 under 300 ms, at most 10 ms of CPU each; a
 * page asked through a tracking link or with analytics cookies is the kept copy (all but a few
 * answers from the cache).
 */
export const missBudgets = {
  /** The connections the budgets are for (BENCH_MISSES_CONNECTIONS' default). */
  coldConnections: 50,
  coldRatioToStatic: 0.05,
  coldP99Ms: 300,
  coldCpuMs: 10,
  keptHitRatio: 0.99,
} as const;

/** CPU time of a whole process (every thread), in ms, from /proc/<pid>/stat; null without /proc. */
export function readProcessCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's name (in parentheses, which may hold spaces): utime and stime are the
    // 12th and 13th fields, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** A random token such as other sites put in links and cookies. */
const token = () => randomBytes(12).toString("base64url");

/** Tracking parameters as Facebook, a campaign and an ad click add them, one set per request. */
export const trackingQuery = (index: number) =>
  [
    `?fbclid=IwAR${token()}`,
    `?utm_source=newsletter&utm_medium=email&utm_campaign=c${index}`,
    `?gclid=Cj0KCQiA${token()}&utm_source=google`,
  ][index % 3];

/** Google Analytics' and the Facebook pixel's cookies, a visitor's own. */
export const analyticsCookies = () =>
  `_ga=GA1.1.${Date.now() % 1e9}.${token()}; _gid=GA1.1.${token()}; _fbp=fb.1.${Date.now()}.${token()}`;

/**
 * One run: `amount` requests at `connections`, request n for `pathOf(n)` with `headersOf(n)`; the
 * server's CPU time is read before and after (and after its kept copies are stored).
 */
export async function missRun(options: {
  baseUrl: string;
  pid: number;
  run: MissRun;
  pathOf: (index: number) => string;
  headersOf?: (index: number) => Record<string, string>;
  amount: number;
  connections: number;
}): Promise<MissFigure> {
  let next = 0;
  let hits = 0;
  let answers = 0;
  const kind = options.run === "static file" ? "static" : "page";
  const cpuBefore = readProcessCpuMs(options.pid);
  const mainBefore = readCpuNs(options.pid);
  const instance = autocannon({
    url: `${options.baseUrl}${options.pathOf(0)}`,
    connections: options.connections,
    amount: options.amount,
    headers: headersFor(kind),
    timeout: 30,
    setupClient: (client) => {
      client.on("headers", ({ headers }) => {
        answers++;
        for (let i = 0; i < headers.length; i += 2) {
          if (headers[i]?.toLowerCase() === "x-cache" && headers[i + 1] === "HIT") hits++;
        }
      });
    },
    requests: [
      {
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            path: options.pathOf(index),
            headers: { ...request.headers, ...options.headersOf?.(index) },
          };
        },
      },
    ],
  });
  const result = await instance;
  // Kept copies are stored after they are sent.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cpuAfter = readProcessCpuMs(options.pid);
  const mainAfter = readCpuNs(options.pid);
  const requests = result.requests.total || 1;
  const per = (before: number | null, after: number | null, scale: number) =>
    before === null || after === null ? null : Math.round(((after - before) / scale / requests) * 100) / 100;
  return {
    run: options.run,
    connections: options.connections,
    ...summarise(result),
    cpuMsPerRequest: per(cpuBefore, cpuAfter, 1),
    mainCpuMsPerRequest: per(mainBefore, mainAfter, 1e6),
    hitRatio: answers > 0 ? Math.round((hits / answers) * 1000) / 1000 : 0,
    ratioToStatic: null,
  };
}

/** The runs as a Markdown table. */
export function missTable(database: string, figures: MissFigure[]): string {
  const rows = figures.map((figure) =>
    [
      figure.run,
      String(figure.connections),
      String(figure.requests),
      String(figure.requestsPerSecond),
      String(figure.p99Ms),
      figure.ratioToStatic === null ? "" : String(figure.ratioToStatic),
      String(figure.hitRatio),
      String(figure.cpuMsPerRequest ?? "?"),
      String(figure.mainCpuMsPerRequest ?? "?"),
    ].join(" | "),
  );
  return [
    `### Cache misses on ${database}`,
    "",
    "| run | connections | requests | req/s | p99 ms | × static | from cache | CPU ms/request | main thread ms/request |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}
