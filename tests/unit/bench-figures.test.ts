import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { budgetsFailed, checkBudgets } from "../../bench/budgets";
import { type LighthouseRun, medianOfRuns, parseLighthouseReport } from "../../bench/lighthouse";
import { type LoadFigure, measure, summarise, withRatios } from "../../bench/load";
import { readOptions } from "../../bench/options";
import { withoutPassword } from "../../bench/postgres";
import { budgetSummary, formatReport, loadCell, markdownTable } from "../../bench/report";
import type { BenchResults } from "../../bench/results";
import type { ResultsDayFigure } from "../../bench/results-day";
import { errorText } from "../../bench/scenario";
import { parseProcStatus } from "../../bench/server";
import { median, ratio } from "../../bench/stats";

const figure = (overrides: Partial<LoadFigure>): LoadFigure => ({
  target: "home page",
  path: "/",
  kind: "page",
  auth: "anonymous",
  connections: 50,
  requestsPerSecond: 100,
  p50Ms: 5,
  p99Ms: 12,
  errors: 0,
  requests: 500,
  ratioToStatic: null,
  ...overrides,
});

/** A data-scale run: the home page's and a blog's CPU ms. */
const dataRun = (factor: number, [home, blog]: number[]) => ({
  factor,
  seed: { ms: 1000, counts: { students: 200 * factor }, blogId: "b", albumId: "a" },
  costs: [
    { target: "home page", path: "/", queries: 12, cpuMs: home!, ms: home! + 2, rounds: 15 },
    { target: "a blog", path: "/blog/b", queries: 4, cpuMs: blog!, ms: blog! + 2, rounds: 15 },
  ],
});

const resultsDayFigure = (overrides: Partial<ResultsDayFigure>): ResultsDayFigure => ({
  ...figure({}),
  target: "lookup (REST)",
  ...overrides,
});

describe("median and ratio", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(median([Number.NaN, 7])).toBe(7);
  });

  it("rounds ratios to two places and has none without a divisor", () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
  });
});

describe("load figures", () => {
  it("reports requests per second over the whole run and counts non-2xx answers as errors", () => {
    const summary = summarise({
      requests: { total: 1000, average: 0, mean: 0, min: 0, max: 0, p50: 0, p99: 0 },
      latency: { average: 4, mean: 4, min: 1, max: 80, p50: 3.04, p99: 41.26, total: 0 },
      duration: 4,
      errors: 2,
      non2xx: 3,
    });
    expect(summary).toEqual({ requestsPerSecond: 250, p50Ms: 3, p99Ms: 41.3, errors: 5, requests: 1000 });
  });

  it("divides each figure by the static file's at the same connection count", () => {
    const figures = withRatios([
      figure({ kind: "static", target: "static file", connections: 1, requestsPerSecond: 1000 }),
      figure({ kind: "static", target: "static file", connections: 50, requestsPerSecond: 4000 }),
      figure({ connections: 1, requestsPerSecond: 500 }),
      figure({ connections: 50, requestsPerSecond: 1000, auth: "signed-in" }),
      figure({ connections: 10, requestsPerSecond: 1000 }),
    ]);
    expect(figures.map((f) => f.ratioToStatic)).toEqual([1, 1, 0.5, 0.25, null]);
  });

  it("measures a server that sends compressed (binary) bodies, as the kept pages are", async () => {
    const body = randomBytes(64 * 1024);
    const server = createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "br" });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await measure({
        baseUrl: `http://127.0.0.1:${port}`,
        target: { name: "binary", path: "/", kind: "page" },
        auth: "anonymous",
        connections: 2,
        durationSeconds: 1,
      });
      expect(result.errors).toBe(0);
      expect(result.requests).toBeGreaterThan(10);
    } finally {
      server.close();
    }
  });
});

describe("Lighthouse reports", () => {
  const report = (performance: number, lcp: number) => ({
    categories: {
      performance: { score: performance },
      accessibility: { score: 1 },
      "best-practices": { score: 0.96 },
      seo: { score: 1 },
    },
    audits: {
      "largest-contentful-paint": { numericValue: lcp },
      "total-blocking-time": { numericValue: 12.4 },
      "cumulative-layout-shift": { numericValue: 0.01234 },
    },
  });

  it("reads the four scores as 0-100 and the three metrics", () => {
    expect(parseLighthouseReport(report(0.97, 1523.7))).toEqual({
      performance: 97,
      accessibility: 100,
      bestPractices: 96,
      seo: 100,
      lcpMs: 1524,
      tbtMs: 12,
      cls: 0.012,
    });
  });

  it("names a failed run by its error code, so it can be retried", () => {
    expect(parseLighthouseReport({ runtimeError: { code: "NO_FCP" } })).toEqual({ error: "NO_FCP" });
    expect(parseLighthouseReport({ categories: { performance: { score: null } } })).toEqual({
      error: "MISSING_FIGURES",
    });
  });

  it("takes each figure's median over the runs", () => {
    const runs = [report(0.9, 3000), report(0.99, 1000), report(0.95, 2000)].map(
      (r) => parseLighthouseReport(r) as LighthouseRun,
    );
    expect(medianOfRuns(runs)).toMatchObject({ performance: 95, lcpMs: 2000 });
  });
});

describe("the Markdown report", () => {
  it("pads columns so the table lines up", () => {
    expect(markdownTable(["a", "long header"], [["wide cell", "x"]])).toBe(
      ["| a         | long header |", "|-----------|-------------|", "| wide cell | x           |"].join(
        "\n",
      ),
    );
  });

  it("shows req/s, p50/p99 and the ratio to the static file in one cell", () => {
    expect(loadCell(figure({ requestsPerSecond: 1234.4, p50Ms: 3.1, p99Ms: 9, ratioToStatic: 0.5 }))).toBe(
      "1,234 · 3.1/9 · ×0.50",
    );
    expect(loadCell(figure({ requests: 0, requestsPerSecond: 0 }))).toBe("no answer");
  });
});

describe("budgets", () => {
  const base: Omit<BenchResults, "budgets"> = {
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:10:00.000Z",
    totalSeconds: 600,
    machine: { cpus: 2, cpuModel: "CPU", node: "v20", platform: "linux", loadAverageAtStart: [0, 0, 0] },
    settings: { durationSeconds: 5, connections: [50], records: 1000, comments: 10000, lighthouseRuns: 3 },
    staticFile: { path: "/favicon.svg", bytes: 195 },
    databases: [
      {
        database: "embedded",
        coldStartMs: 1500,
        coldStartFreshMs: 6000,
        idleRssMb: 200,
        load: withRatios([
          figure({ kind: "static", target: "static file", path: "/favicon.svg", requestsPerSecond: 4000 }),
          figure({ requestsPerSecond: 2400 }),
          figure({ auth: "signed-in", requestsPerSecond: 400, p99Ms: 120 }),
          figure({ kind: "api", target: "GET blogs list", path: "/api/blog/blogs", p99Ms: 25 }),
        ]),
        afterChange: {
          connections: 50,
          rendersInWindow: 1,
          windowMs: 200,
          rendersDuringRun: 1,
          requests: 9000,
          requestsPerSecond: 3000,
          p99Ms: 40,
          errors: 0,
        },
        resultsDay: {
          figures: [
            resultsDayFigure({
              target: "static file",
              kind: "static",
              requestsPerSecond: 4000,
              ratioToStatic: 1,
            }),
            resultsDayFigure({ target: "lookup (REST)", kind: "api", p99Ms: 12, ratioToStatic: 0.4 }),
            resultsDayFigure({ target: "lookup (page)", p99Ms: 18, ratioToStatic: 0.35 }),
            resultsDayFigure({ target: "PDF (Bangla)", connections: 4, p99Ms: 90, ratioToStatic: null }),
          ],
        },
      },
    ],
    bundles: [
      {
        page: "home",
        path: "/",
        routes: [],
        jsFiles: [],
        js: { bytes: 1, gzip: 1, brotli: 100 * 1024 },
        css: { bytes: 1, gzip: 1, brotli: 30 * 1024 },
        html: { bytes: 1, gzip: 1, brotli: 18 * 1024 },
        htmlOnly: [],
      },
    ],
    lighthouse: [],
    lighthouseSkipped: "BENCH_SKIP_LIGHTHOUSE is set",
    dataScale: { runs: [dataRun(1, [20, 8]), dataRun(10, [22, 8.4])] },
  };
  const byName = (checks: ReturnType<typeof checkBudgets>) =>
    Object.fromEntries(checks.map((b) => [b.budget, b]));
  const lighthouseFigure = (page: string, performance: number) => ({
    page,
    path: "/",
    runs: 3,
    failures: [],
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 900,
    tbtMs: 0,
    cls: 0,
  });

  it("passes and fails each budget of section 7 from the figures", () => {
    const verdicts = Object.fromEntries(checkBudgets(base).map((b) => [b.budget, b.pass]));
    expect(verdicts).toMatchObject({
      "First-load HTML per public page (brotli)": true,
      "First-load JS per public page (brotli)": true,
      "First-load CSS per public page (brotli)": false,
      "Home page req/s ÷ static file req/s, anonymous, 50 connections (embedded)": true,
      "REST lists p99 at 50 connections (embedded)": false,
      "Cold start, existing embedded database": true,
      "Cold start, fresh embedded database": false,
      "Idle RSS (embedded)": true,
      "Results lookup (REST) p99 at 50 connections, the class in turn, each from its own address (embedded)": true,
      "Results lookup (REST) req/s ÷ static file req/s, 50 connections, the class in turn, each from its own address (embedded)": true,
      "Results lookup (page) p99 at 50 connections, the class in turn, each from its own address (embedded)": true,
      // Not measured is neither a pass nor a failure.
      "Lighthouse performance (mobile)": null,
    });
    expect(budgetsFailed(checkBudgets(base)).map((b) => b.budget)).toEqual([
      "First-load CSS per public page (brotli)",
      "REST lists p99 at 50 connections (embedded)",
      "Cold start, fresh embedded database",
    ]);
  });

  it("lists what this machine could not measure, with the reason, without failing the run", () => {
    const checks = checkBudgets({ ...base, postgresSkipped: "no PostgreSQL answers at postgres://x" });
    const unmeasured = checks.filter((b) => b.pass === null);
    expect(unmeasured.map((b) => b.budget)).toEqual([
      "Lighthouse performance (mobile)",
      "Lighthouse accessibility",
      "Lighthouse best practices",
      "Lighthouse SEO",
      "Lighthouse LCP",
      "Home page req/s ÷ static file req/s, anonymous, 50 connections (PostgreSQL)",
      "Home page rendered afresh (signed in) req/s ÷ static file req/s, 50 connections (PostgreSQL)",
      "Home page rendered afresh (signed in) p99, 50 connections (PostgreSQL)",
      "Every signed-in page req/s ÷ static file req/s, 50 connections (PostgreSQL)",
      "Every signed-in page p99, 50 connections (PostgreSQL)",
      "REST lists p99 at 50 connections (PostgreSQL)",
      "Results lookup (REST) p99 at 50 connections, the class in turn, each from its own address (PostgreSQL)",
      "Results lookup (REST) req/s ÷ static file req/s, 50 connections, the class in turn, each from its own address (PostgreSQL)",
      "Results lookup (page) p99 at 50 connections, the class in turn, each from its own address (PostgreSQL)",
      "Results lookup (page) req/s ÷ static file req/s, 50 connections, the class in turn, each from its own address (PostgreSQL)",
      "Idle RSS (PostgreSQL)",
      "Home page renders in the 200 ms after an admin's change, anonymous, under load (PostgreSQL)",
    ]);
    expect(byName(checks)["Idle RSS (PostgreSQL)"]).toMatchObject({
      measured: "not measured (no PostgreSQL answers at postgres://x)",
      reason: "no PostgreSQL answers at postgres://x",
    });
    expect(byName(checks)["Lighthouse SEO"]?.measured).toBe("not measured (BENCH_SKIP_LIGHTHOUSE is set)");
    // Nothing not measured counts as a failure.
    expect(budgetsFailed(checks).every((b) => b.pass === false)).toBe(true);
    expect(budgetsFailed(checks)).toHaveLength(3);

    const allGood = checkBudgets({
      ...base,
      postgresSkipped: "BENCH_POSTGRES_URL is off",
      bundles: [],
      databases: [],
    }).filter((b) => b.budget.includes("PostgreSQL"));
    expect(allGood.every((b) => b.pass === null)).toBe(true);
  });

  it("fails a budget whose figure is missing because its part of the run broke", () => {
    const checks = byName(
      checkBudgets({
        ...base,
        databases: [{ database: "embedded", load: [], problem: "the server exited before / answered 200" }],
        bundles: [],
        lighthouse: [],
        lighthouseSkipped: undefined,
      }),
    );
    for (const name of [
      "First-load HTML per public page (brotli)",
      "First-load JS per public page (brotli)",
      "Lighthouse LCP",
      "Home page req/s ÷ static file req/s, anonymous, 50 connections (embedded)",
      "REST lists p99 at 50 connections (embedded)",
      "Results lookup (REST) p99 at 50 connections, the class in turn, each from its own address (embedded)",
      "Results lookup (page) p99 at 50 connections, the class in turn, each from its own address (embedded)",
      "Cold start, existing embedded database",
      "Idle RSS (embedded)",
    ]) {
      expect(checks[name], name).toMatchObject({
        pass: false,
        measured: "not measured (embedded run failed: the server exited before / answered 200)",
      });
    }
  });

  it("fails Lighthouse when a page could not be measured although Chromium is there", () => {
    const checks = byName(
      checkBudgets({
        ...base,
        lighthouseSkipped: undefined,
        lighthouse: [
          lighthouseFigure("home", 100),
          { page: "a blog", path: "/blog/1", error: "NO_FCP", failures: ["NO_FCP", "NO_FCP"] },
        ],
      }),
    );
    expect(checks["Lighthouse performance (mobile)"]).toMatchObject({
      measured: "min 100 (failed on a blog: NO_FCP)",
      pass: false,
    });
    const passing = byName(
      checkBudgets({
        ...base,
        lighthouseSkipped: undefined,
        lighthouse: [lighthouseFigure("home", 100), lighthouseFigure("blogs", 96)],
      }),
    );
    expect(passing["Lighthouse performance (mobile)"]).toMatchObject({
      measured: "min 96 (under: blogs)",
      pass: false,
    });
    expect(passing["Lighthouse SEO"]).toMatchObject({ measured: "min 100", pass: true });
    expect(passing["Lighthouse LCP"]).toMatchObject({ measured: "max 900 ms", pass: true });
  });

  it("holds the REST lookup to 20 ms p99 and 0.3 of the static file, the page to 300 ms p99 and 0.05, and fails a broken day", () => {
    const embedded = base.databases[0]!;
    const verdictsFor = (figures: ReturnType<typeof resultsDayFigure>[]) =>
      byName(checkBudgets({ ...base, databases: [{ ...embedded, resultsDay: { figures } }] }));
    const slow = verdictsFor([
      resultsDayFigure({ target: "lookup (REST)", kind: "api", p99Ms: 20, ratioToStatic: 0.29 }),
      resultsDayFigure({ target: "lookup (page)", p99Ms: 640, ratioToStatic: 0.02 }),
      // PDFs run at fewer connections and have no budget.
      resultsDayFigure({ target: "PDF (English)", connections: 4, p99Ms: 900, ratioToStatic: null }),
    ]);
    const each = "50 connections, the class in turn, each from its own address (embedded)";
    expect(slow[`Results lookup (REST) p99 at ${each}`]).toMatchObject({ measured: "20 ms", pass: false });
    expect(slow[`Results lookup (REST) req/s ÷ static file req/s, ${each}`]).toMatchObject({
      measured: "0.29",
      pass: false,
    });
    expect(slow[`Results lookup (page) p99 at ${each}`]).toMatchObject({ measured: "640 ms", pass: false });
    expect(slow[`Results lookup (page) req/s ÷ static file req/s, ${each}`]).toMatchObject({
      measured: "0.02",
      pass: false,
    });
    const fast = verdictsFor([
      resultsDayFigure({ target: "lookup (REST)", kind: "api", p99Ms: 19, ratioToStatic: 0.3 }),
      resultsDayFigure({ target: "lookup (page)", p99Ms: 299, ratioToStatic: 0.05 }),
    ]);
    expect(
      [
        `Results lookup (REST) p99 at ${each}`,
        `Results lookup (REST) req/s ÷ static file req/s, ${each}`,
        `Results lookup (page) p99 at ${each}`,
        `Results lookup (page) req/s ÷ static file req/s, ${each}`,
      ].map((name) => fast[name]?.pass),
    ).toEqual([true, true, true, true]);

    const broken = byName(
      checkBudgets({
        ...base,
        databases: [{ ...embedded, resultsDay: { figures: [], problem: "the exam could not be made: 422" } }],
      }),
    );
    expect(broken[`Results lookup (REST) req/s ÷ static file req/s, ${each}`]).toMatchObject({
      measured: "not measured (results day: the exam could not be made: 422)",
      pass: false,
    });
  });

  it("prints the results day: what was seeded, how the crowd asked, and its figures", () => {
    const seed = {
      examId: "e",
      students: [],
      ms: 41_000,
      counts: {
        students: 2000,
        subjects: 10,
        scores: 44_000,
        absentScores: 120,
        passed: 1749,
        failed: 251,
        gpa5: 326,
        absentFromSomeSubject: 41,
      },
    };
    const embedded = {
      ...base.databases[0]!,
      resultsDay: { ...base.databases[0]!.resultsDay!, seed, peakRssMb: 600 },
    };
    const results = { ...base, databases: [embedded] };
    const report = formatReport({ ...results, budgets: checkBudgets(results) });
    expect(report).toContain("## Results day");
    expect(report).toContain("2,000 students, 10 subjects in 22 parts");
    expect(report).toContain("1,749 pass, 251 fail, 326 with GPA 5.00");
    expect(report).toContain("TRUST_PROXY=on");
    expect(report).toMatch(
      /\| embedded +\| lookup \(page\) +\| 50 +\| 500 +\| 100 +\| 5\/18 +\| ×0\.35 +\| 0 +\|/,
    );
    expect(report).toMatch(/\| embedded +\| PDF \(Bangla\) +\| 4 +\| 500 +\| 100 +\| 5\/90 +\| +\| 0 +\|/);
    expect(report).toContain("Peak RSS after results day: embedded 600 MB.");
  });

  it("prints not-measured budgets, PostgreSQL's reason and the static file in the report", () => {
    const partial = { ...base, postgresSkipped: "no PostgreSQL answers at postgres://x" };
    const report = formatReport({ ...partial, budgets: checkBudgets(partial) });
    expect(report).toContain("static file, /favicon.svg (195 bytes)");
    expect(report).toMatch(
      /\| Idle RSS \(PostgreSQL\) +\| ≤ 150 MB +\| not measured \(no PostgreSQL answers at postgres:\/\/x\) +\| not measured +\|/,
    );
    expect(report).toContain(
      "## Throughput, PostgreSQL\n\nPostgreSQL: not measured (no PostgreSQL answers at postgres://x).",
    );
    expect(report).toMatch(/\| PostgreSQL +\| not measured +\|/);
    expect(report).toContain("Lighthouse: not measured (BENCH_SKIP_LIGHTHOUSE is set).");
    expect(report).toContain("15 pass, 3 FAIL, 17 not measured: the run fails (exit code 1).");
    expect(report).toMatch(/\| Cold start, fresh embedded database +\| < 5000 ms +\| 6000 ms +\| FAIL +\|/);
  });

  it("holds signed-in pages to 0.05 of the static file and 300 ms p99, a change to one render, 10x data to 1.3x", () => {
    const passing = byName(checkBudgets(base));
    for (const name of [
      "Home page rendered afresh (signed in) req/s ÷ static file req/s, 50 connections (embedded)",
      "Home page rendered afresh (signed in) p99, 50 connections (embedded)",
      "Every signed-in page req/s ÷ static file req/s, 50 connections (embedded)",
      "Every signed-in page p99, 50 connections (embedded)",
      "Home page renders in the 200 ms after an admin's change, anonymous, under load (embedded)",
      "Cost of each page and REST list rendered afresh, 10x the sample content ÷ the sample content (CPU time, embedded)",
    ]) {
      expect(passing[name]?.pass, name).toBe(true);
    }
    expect(
      passing[
        "Cost of each page and REST list rendered afresh, 10x the sample content ÷ the sample content (CPU time, embedded)"
      ]?.measured,
    ).toBe("max 1.1 ×");

    const embedded = base.databases[0]!;
    const failing = byName(
      checkBudgets({
        ...base,
        databases: [
          {
            ...embedded,
            load: withRatios([
              figure({
                kind: "static",
                target: "static file",
                path: "/favicon.svg",
                requestsPerSecond: 4000,
              }),
              figure({ auth: "signed-in", requestsPerSecond: 40, p99Ms: 2400 }),
              figure({
                auth: "signed-in",
                target: "a blog",
                path: "/blog/b",
                requestsPerSecond: 400,
                p99Ms: 90,
              }),
              figure({
                auth: "admin",
                target: "dashboard overview",
                path: "/DeashBoard",
                requestsPerSecond: 400,
                p99Ms: 500,
              }),
            ]),
            afterChange: { ...embedded.afterChange!, rendersInWindow: 37 },
          },
        ],
        dataScale: { runs: [dataRun(1, [20, 8]), dataRun(10, [30, 8])] },
      }),
    );
    expect(
      failing["Every signed-in page req/s ÷ static file req/s, 50 connections (embedded)"],
    ).toMatchObject({
      measured: "min 0.01 (under: home page)",
      pass: false,
    });
    expect(failing["Every signed-in page p99, 50 connections (embedded)"]).toMatchObject({
      measured: "max 2400 ms (over: home page, dashboard overview)",
      pass: false,
    });
    expect(failing["Home page rendered afresh (signed in) p99, 50 connections (embedded)"]?.pass).toBe(false);
    expect(
      failing["Home page renders in the 200 ms after an admin's change, anonymous, under load (embedded)"],
    ).toMatchObject({ pass: false, measured: expect.stringMatching(/^37 in 200 ms at 50 connections/) });
    expect(
      failing[
        "Cost of each page and REST list rendered afresh, 10x the sample content ÷ the sample content (CPU time, embedded)"
      ],
    ).toMatchObject({ pass: false, measured: "max 1.5 × (over: home page)" });
  });

  it("lists the parts BENCH_PARTS left out as not measured, and prints what the server counted", () => {
    const countsOnly = { ...base, settings: { ...base.settings, parts: ["counts"] }, dataScale: undefined };
    const checks = checkBudgets(countsOnly);
    expect(byName(checks)["REST lists p99 at 50 connections (embedded)"]).toMatchObject({
      pass: null,
      measured: "not measured (BENCH_PARTS leaves out load)",
    });
    expect(
      byName(checks)[
        "Cost of each page and REST list rendered afresh, 10x the sample content ÷ the sample content (CPU time, embedded)"
      ],
    ).toMatchObject({ pass: null, measured: "not measured (BENCH_PARTS leaves out data)" });
    expect(budgetsFailed(checks)).toEqual([]);

    const counted = {
      ...base,
      databases: [
        {
          ...base.databases[0]!,
          queries: [{ target: "home page", path: "/", afterChange: 14, signedInWarm: 3 }],
        },
      ],
    };
    const report = formatReport({ ...counted, budgets: checkBudgets(counted) });
    expect(report).toMatch(/\| embedded +\| home page +\| 14 +\| 3 +\|/);
    expect(report).toMatch(/\| embedded +\| 50 +\| 1 +\| 1 +\| 9,000 +\| 3,000 +\| 40 +\| 0 +\|/);
    expect(report).toContain("## 10x the sample content (embedded database)");
    expect(report).toMatch(/\| home page +\| 12 +\| 12 +\| 20 +\| 22 +\| ×1\.10 +\|/);
  });

  it("sums the verdicts under the table", () => {
    const check = (pass: boolean | null) => ({ budget: "b", limit: "l", measured: "m", pass });
    expect(budgetSummary([check(true), check(true)])).toBe(
      "2 pass, 0 FAIL, 0 not measured: every budget holds.",
    );
    expect(budgetSummary([check(true), check(null)])).toBe(
      "1 pass, 0 FAIL, 1 not measured: no budget fails, but not every budget was measured on this machine.",
    );
  });
});

describe("bench plumbing", () => {
  it("names an error's cause, which says why a fetch failed", () => {
    const cause = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    expect(errorText(new TypeError("fetch failed", { cause }))).toBe(
      "fetch failed (UND_ERR_SOCKET: other side closed)",
    );
    expect(errorText(new Error("plain"))).toBe("plain");
    expect(errorText("text")).toBe("text");
  });

  it("prints a PostgreSQL address without its password", () => {
    expect(withoutPassword("postgres://bench:secret@db.example:5432/postgres")).toBe(
      "postgres://bench:***@db.example:5432/postgres",
    );
    expect(withoutPassword("postgres://postgres@127.0.0.1:5432/postgres")).toBe(
      "postgres://postgres@127.0.0.1:5432/postgres",
    );
  });

  it("reads current and peak memory from /proc/<pid>/status", () => {
    const status = "Name:\tnode\nVmHWM:\t  512000 kB\nVmRSS:\t  204800 kB\nThreads:\t11\n";
    expect(parseProcStatus(status)).toEqual({ rssMb: 200, peakRssMb: 500 });
    expect(parseProcStatus("Name:\tnode\n")).toBeNull();
  });

  it("takes its knobs from the environment, with the defaults of a full run", () => {
    const defaults = readOptions({}, "/repo");
    expect(defaults).toMatchObject({
      buildDir: "/repo/build",
      build: true,
      durationSeconds: 5,
      connections: [1, 10, 50],
      lighthouse: true,
      lighthouseRuns: 3,
      postgresUrl: "postgres://postgres@127.0.0.1:5432/postgres",
    });
    const quick = readOptions(
      { BENCH_DURATION: "1", BENCH_CONNECTIONS: "10", BENCH_SKIP_LIGHTHOUSE: "1", BENCH_POSTGRES_URL: "off" },
      "/repo",
    );
    expect(quick).toMatchObject({
      durationSeconds: 1,
      connections: [10],
      lighthouse: false,
      postgresUrl: null,
    });
    expect(() => readOptions({ BENCH_DURATION: "soon" }, "/repo")).toThrow(/BENCH_DURATION/);
    expect(() => readOptions({ BENCH_CONNECTIONS: "1,x" }, "/repo")).toThrow(/BENCH_CONNECTIONS/);
    expect(defaults.parts).toEqual(new Set(["load", "counts", "data"]));
    expect(defaults.dataFactor).toBe(10);
    const parts = readOptions({ BENCH_PARTS: "counts, data", BENCH_DATA: "5x" }, "/repo");
    expect(parts.parts).toEqual(new Set(["counts", "data"]));
    expect(parts.dataFactor).toBe(5);
    expect(() => readOptions({ BENCH_PARTS: "load,lighthouse" }, "/repo")).toThrow(/BENCH_PARTS/);
    expect(() => readOptions({ BENCH_DATA: "big" }, "/repo")).toThrow(/BENCH_DATA/);
  });
});
