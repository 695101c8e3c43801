import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { type LighthouseRun, medianOfRuns, parseLighthouseReport } from "../../bench/lighthouse";
import { measure, summarise, withRatios } from "../../bench/load";
import { readOptions } from "../../bench/options";
import { withoutPassword } from "../../bench/postgres";
import { loadCell, markdownTable } from "../../bench/report";
import { errorText } from "../../bench/scenario";
import { parseProcStatus } from "../../bench/server";
import { median, ratio } from "../../bench/stats";
import { figure } from "../fixtures/bench-figures";

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
    expect(defaults.parts).toEqual(new Set(["load", "counts", "data", "messages", "misses", "2g", "fees"]));
    expect(defaults.dataFactor).toBe(10);
    const parts = readOptions({ BENCH_PARTS: "counts, data", BENCH_DATA: "5x" }, "/repo");
    expect(parts.parts).toEqual(new Set(["counts", "data"]));
    expect(parts.dataFactor).toBe(5);
    expect(() => readOptions({ BENCH_PARTS: "load,lighthouse" }, "/repo")).toThrow(/BENCH_PARTS/);
    expect(() => readOptions({ BENCH_DATA: "big" }, "/repo")).toThrow(/BENCH_DATA/);
  });
});
