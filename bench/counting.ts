// What the server counts for the bench (BENCH_COUNTERS, issue 20): the database queries of each
// target (the Server-Timing header of one request), the server's CPU time per request, and the
// renders of the home page just after an admin's change under load (GET /__bench/renders).
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { headersFor, summarise, type Target } from "./load";
import { median, round } from "./stats";

/** A user agent that isbot takes for a crawler: a signed-in page then comes whole, every query in it. */
export const wholePageAgent = "Mozilla/5.0 (compatible; maktab-bench-bot/1.0)";

export type QueryFigure = {
  target: string;
  path: string;
  /** The first request in a new content generation (just after a change), as a visitor. */
  afterChange: number | null;
  /** A signed-in request in the same generation, after another: what each signed-in view costs. */
  signedInWarm: number | null;
};

export type AfterChangeFigure = {
  connections: number;
  /** Renders of the home page started from the change's answer to `windowMs` after it. */
  rendersInWindow: number;
  windowMs: number;
  /** Renders of the home page during the whole load run (the change's included). */
  rendersDuringRun: number;
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
};

/** The queries an answer says it made (Server-Timing: queries;dur=N); null without the header. */
export function queriesOf(headers: Headers): number | null {
  const match = /(?:^|,)\s*queries;dur=(\d+)/.exec(headers.get("server-timing") ?? "");
  return match ? Number(match[1]) : null;
}

/** An admin who changes content through the API, as the dashboard's calls do. */
export function adminChanges(baseUrl: string, cookie: string) {
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return text;
  };
  let noticeId: string | undefined;
  return {
    /** Publishes a notice: a new content generation, as every change makes. */
    async publishNotice(title: string): Promise<string> {
      const { insertedId } = JSON.parse(
        await send("POST", "/api/Notice/notices", { Title: title, about: "Posted by the bench." }),
      ) as { insertedId: string };
      return insertedId;
    },
    /**
     * A change that leaves the content as it was (the bench's notice saved again unchanged): a
     * new content generation all the same, so the next request renders afresh.
     */
    async newGeneration(): Promise<void> {
      noticeId ??= await this.publishNotice("Bench notice");
      await send("PATCH", `/api/Notice/notices/${noticeId}`, { Title: "Bench notice" });
    },
  };
}

export type AdminChanges = ReturnType<typeof adminChanges>;

async function queriesFor(url: string, headers: Record<string, string>): Promise<number | null> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
  return queriesOf(response.headers);
}

/** Each target's queries: just after a change as a visitor, and signed in within a generation. */
export async function countQueries(options: {
  baseUrl: string;
  targets: Target[];
  readerCookie: string;
  admin: AdminChanges;
}): Promise<QueryFigure[]> {
  const figures: QueryFigure[] = [];
  for (const target of options.targets) {
    const url = `${options.baseUrl}${target.path}`;
    await options.admin.newGeneration();
    const afterChange = await queriesFor(url, headersFor(target.kind));
    const signedIn = {
      ...headersFor(target.kind),
      cookie: options.readerCookie,
      "user-agent": wholePageAgent,
    };
    await queriesFor(url, signedIn);
    const signedInWarm = await queriesFor(url, signedIn);
    figures.push({ target: target.name, path: target.path, afterChange, signedInWarm });
  }
  return figures;
}

/** The page-cache keys of a path's renders (any language, people or crawlers) and their count. */
async function rendersOf(baseUrl: string, pathname: string): Promise<number> {
  const response = await fetch(`${baseUrl}/__bench/renders`);
  if (!response.ok) throw new Error(`/__bench/renders answered ${response.status}: is BENCH_COUNTERS on?`);
  const counts = (await response.json()) as Record<string, number>;
  return Object.entries(counts)
    .filter(([key]) => key.endsWith(` ${pathname}`))
    .reduce((sum, [, count]) => sum + count, 0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Visitors load the home page at `connections`; a second into the run an admin publishes a
 * notice, which makes every kept copy out of date. The server's renders of the home page from
 * the change's answer to `windowMs` after it: one, if the requests that miss together wait for
 * one render, not one each.
 */
export async function afterAdminChange(options: {
  baseUrl: string;
  admin: AdminChanges;
  connections: number;
  durationSeconds: number;
  windowMs?: number;
}): Promise<AfterChangeFigure> {
  const windowMs = options.windowMs ?? 200;
  const durationSeconds = Math.max(options.durationSeconds, 2);
  const atStart = await rendersOf(options.baseUrl, "/");
  const run = autocannon({
    url: `${options.baseUrl}/`,
    connections: options.connections,
    duration: durationSeconds,
    headers: headersFor("page"),
    timeout: 10,
  });
  await sleep(Math.min(1000, (durationSeconds * 1000) / 3));
  const before = await rendersOf(options.baseUrl, "/");
  await options.admin.publishNotice("Sports day on Friday");
  // The new generation starts before the change's answer leaves: from here on every request
  // misses the kept copy until one render replaces it.
  await sleep(windowMs);
  const after = await rendersOf(options.baseUrl, "/");
  const result = await run;
  const atEnd = await rendersOf(options.baseUrl, "/");
  const summary = summarise(result);
  return {
    connections: options.connections,
    rendersInWindow: after - before,
    windowMs,
    rendersDuringRun: atEnd - atStart,
    requests: summary.requests,
    requestsPerSecond: summary.requestsPerSecond,
    p99Ms: summary.p99Ms,
    errors: summary.errors,
  };
}

/**
 * CPU time the main thread of a process has used, in ns, from the scheduler's count
 * (/proc/<pid>/task/<pid>/schedstat); null where there is no /proc. Finer than /proc/<pid>/stat's
 * hundredths of a second, so one request's time can be read. The main thread is where a page is
 * rendered and the embedded database runs; the kept copy's compression runs on libuv's threads,
 * and costs the same whatever the size of the tables, so it is left out.
 */
export function readCpuNs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

export type CostFigure = {
  target: string;
  path: string;
  /** Queries of the first request in a new content generation. */
  queries: number | null;
  /** The server's main-thread CPU time for that request, median of the rounds, in ms. */
  cpuMs: number | null;
  /** The request's time on the client, median of the rounds, in ms. */
  ms: number;
  rounds: number;
};

/**
 * What one page costs the server when nothing is kept: at one connection, each round starts a new
 * content generation (an unchanged save, made and finished before the timing starts), then asks
 * for the page once as a visitor and reads the server's main-thread CPU time before and 50 ms after
 * the answer (the render, the queries on the embedded database, storing the kept copy). CPU time,
 * not the client's wait: other work on a shared machine stretches the wait, hardly the CPU time.
 */
export async function measureCosts(options: {
  baseUrl: string;
  pid: number;
  targets: Target[];
  admin: AdminChanges;
  rounds?: number;
}): Promise<CostFigure[]> {
  const rounds = options.rounds ?? 15;
  const figures: CostFigure[] = [];
  for (const target of options.targets) {
    const url = `${options.baseUrl}${target.path}`;
    const cpu: number[] = [];
    const wall: number[] = [];
    let queries: number | null = null;
    for (let round = 0; round < rounds; round++) {
      await options.admin.newGeneration();
      // The change's own work (its kept copies compressed, its log line) done before the timing.
      await sleep(30);
      const cpuBefore = readCpuNs(options.pid);
      const started = performance.now();
      const response = await fetch(url, { headers: headersFor(target.kind) });
      await response.arrayBuffer();
      wall.push(performance.now() - started);
      // A page that misses is kept after it is sent: part of its cost.
      await sleep(50);
      const cpuAfter = readCpuNs(options.pid);
      if (response.status >= 400) throw new Error(`${target.path} answered ${response.status}`);
      if (cpuBefore !== null && cpuAfter !== null) cpu.push((cpuAfter - cpuBefore) / 1e6);
      queries = queriesOf(response.headers);
    }
    figures.push({
      target: target.name,
      path: target.path,
      queries,
      cpuMs: cpu.length > 0 ? round(median(cpu) ?? 0, 2) : null,
      ms: round(median(wall) ?? 0, 1),
      rounds,
    });
  }
  return figures;
}
