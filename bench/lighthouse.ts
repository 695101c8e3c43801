// Lighthouse 12 (mobile, default throttling) with Debian's Chromium: the four scores, LCP, TBT
// and CLS of a page, median of several runs. Lighthouse 13 needs Node 22, hence 12, pinned in
// package.json's devDependencies: its own CLI from node_modules, nothing fetched at run time.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { onCleanup, removeAtEnd } from "./cleanup";
import { median } from "./stats";

export const chromiumPath = "/usr/bin/chromium";

/** The installed Lighthouse CLI (lighthouse/cli/index.js), or null when it is not installed. */
export function lighthouseCli(): string | null {
  try {
    return createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
  } catch {
    return null;
  }
}

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

export type LighthouseFigure = LighthouseRun & {
  page: string;
  path: string;
  runs: number;
  failures: string[];
};

type Report = {
  runtimeError?: { code?: string; message?: string };
  categories?: Record<string, { score: number | null } | undefined>;
  audits?: Record<string, { numericValue?: number } | undefined>;
};

/** The figures of one report; an error code when the run failed (NO_FCP, NO_NAVSTART...). */
export function parseLighthouseReport(report: Report): LighthouseRun | { error: string } {
  if (report.runtimeError?.code) return { error: report.runtimeError.code };
  const score = (id: string) => report.categories?.[id]?.score;
  const audit = (id: string) => report.audits?.[id]?.numericValue;
  const scores = [score("performance"), score("accessibility"), score("best-practices"), score("seo")];
  const metrics = [
    audit("largest-contentful-paint"),
    audit("total-blocking-time"),
    audit("cumulative-layout-shift"),
  ];
  if (
    scores.some((value) => typeof value !== "number") ||
    metrics.some((value) => typeof value !== "number")
  ) {
    return { error: "MISSING_FIGURES" };
  }
  const [performance, accessibility, bestPractices, seo] = scores.map((value) =>
    Math.round((value as number) * 100),
  );
  const [lcpMs, tbtMs, cls] = metrics as number[];
  return {
    performance: performance!,
    accessibility: accessibility!,
    bestPractices: bestPractices!,
    seo: seo!,
    lcpMs: Math.round(lcpMs!),
    tbtMs: Math.round(tbtMs!),
    cls: Math.round(cls! * 1000) / 1000,
  };
}

/** Each figure's median over the runs (Lighthouse's own scores vary run to run). */
export function medianOfRuns(runs: readonly LighthouseRun[]): LighthouseRun {
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key])) ?? Number.NaN;
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
  };
}

/** Why Lighthouse cannot run here, or null when it can. */
export function lighthouseUnavailable(): string | null {
  if (!lighthouseCli()) return "the lighthouse package is not installed: run npm ci";
  if (!existsSync(chromiumPath)) {
    return `${chromiumPath} is missing: install Debian's Chromium (apt-get install -y chromium) to run Lighthouse`;
  }
  return null;
}

async function runOnce(
  url: string,
  outputPath: string,
  cookie?: string,
): Promise<Report | { error: string }> {
  const cli = lighthouseCli();
  if (!cli) return { error: "the lighthouse package is not installed" };
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${chromeFlags}`,
      "--no-enable-error-reporting",
      // A page in Bangla: the language cookie on every request of the run.
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    // Its own process group, so a cleanup ends Lighthouse and Chromium together.
    {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const forget = onCleanup(`lighthouse ${url}`, killGroup, killGroup);
  const timer = setTimeout(killGroup, 180_000);
  const code = await new Promise<number | null>((resolve) =>
    child.once("exit", (exitCode) => resolve(exitCode)),
  );
  clearTimeout(timer);
  await forget();
  try {
    return JSON.parse(readFileSync(outputPath, "utf8")) as Report;
  } catch {
    const lastLine = stderr.trim().split("\n").pop() ?? "";
    return { error: `exit ${code}: ${lastLine.slice(0, 200)}` };
  }
}

/** `runs` successful runs of one page (a failed run is retried, up to three extra attempts). */
export async function lighthousePage(options: {
  baseUrl: string;
  page: string;
  pathname: string;
  /** A Cookie header for the page's requests (its language). */
  cookie?: string;
  runs: number;
}): Promise<LighthouseFigure | { page: string; path: string; error: string; failures: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "maktab-lighthouse-"));
  const remove = removeAtEnd(dir);
  const runs: LighthouseRun[] = [];
  const failures: string[] = [];
  try {
    for (let attempt = 0; runs.length < options.runs && attempt < options.runs + 3; attempt++) {
      const report = await runOnce(
        `${options.baseUrl}${options.pathname}`,
        path.join(dir, `run-${attempt}.json`),
        options.cookie,
      );
      const parsed = "error" in report ? report : parseLighthouseReport(report);
      if ("error" in parsed) failures.push(parsed.error);
      else runs.push(parsed);
    }
  } finally {
    await remove();
  }
  if (runs.length === 0) {
    return { page: options.page, path: options.pathname, error: failures.at(-1) ?? "no run", failures };
  }
  return { page: options.page, path: options.pathname, runs: runs.length, failures, ...medianOfRuns(runs) };
}
