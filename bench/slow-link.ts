// A guardian on a 2G-like link (issue 39): 50 KB/s each way, 300 ms round trip, a CPU four times
// slower, in Chromium (its DevTools protocol: Network.emulateNetworkConditions and
// Emulation.setCPUThrottlingRate). A first visit (nothing cached) asks for a student's marksheet
// by roll and registration; measured: from the request to the marksheet in the page, in
// English and in Bangla (there, with the Bangla font's file arrived: before it, a computer without
// a Bangla font shows empty boxes). The budget: readable within 3 s.
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { removeAtEnd } from "./cleanup";
import { chromiumPath } from "./lighthouse";
import { lookupPath, seedResultsDay } from "./results-day";
import { adminAccount, signIn, startAppServer } from "./server";

export const slowLink = {
  /** Bytes a second, each way. */
  throughput: 50 * 1024,
  /** Added to each round trip, ms. */
  latencyMs: 300,
  cpuSlowdown: 4,
  /** Students in the exam (a class: what is looked up does not depend on it). */
  students: 40,
  /** Runs per language; the median is kept. */
  runs: 3,
} as const;

export type SlowLinkFigure = {
  language: "English" | "Bangla";
  /** Median of the runs: the request to the marksheet on the screen. */
  readableMs: number;
  runsMs: number[];
  /** Bytes the page, its files and fonts took (pictures too, if any), in the median run. */
  transferredBytes: number;
};

/** `skipped`: this machine cannot measure it (no Chromium); `problem`: the run broke. */
export type SlowLinkResult = { figures: SlowLinkFigure[]; problem?: string; skipped?: string };

const log = (message: string) => console.error(`bench: ${message}`);

export async function runSlowLink(options: { buildDir: string }): Promise<SlowLinkResult> {
  if (!existsSync(chromiumPath))
    return { figures: [], skipped: `${chromiumPath} is missing: apt-get install -y chromium` };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-slow-"));
  const removeDataDir = removeAtEnd(dataDir);
  const result: SlowLinkResult = { figures: [] };
  try {
    const server = await startAppServer({ buildDir: options.buildDir, dataDir });
    try {
      const admin = await signIn(server.url, adminAccount.email, adminAccount.password);
      const seed = await seedResultsDay(server.url, admin, slowLink.students);
      const student = seed.students[1]!;
      const address = `${server.url}${lookupPath("page", seed.examId, student)}`;
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
      });
      try {
        for (const language of ["English", "Bangla"] as const) {
          const runs: { ms: number; bytes: number }[] = [];
          for (let run = 0; run < slowLink.runs; run++)
            runs.push(await readMarksheet(browser, server.url, address, language));
          const sorted = [...runs].sort((a, b) => a.ms - b.ms);
          const median = sorted[Math.floor(sorted.length / 2)]!;
          result.figures.push({
            language,
            readableMs: median.ms,
            runsMs: runs.map((r) => r.ms),
            transferredBytes: median.bytes,
          });
          log(
            `2G link: the marksheet in ${language} readable after ${median.ms} ms (${runs.map((r) => r.ms).join(", ")})`,
          );
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
    log(`2G link: ${error instanceof Error ? error.stack : error}`);
  } finally {
    await removeDataDir();
  }
  return result;
}

/** One first visit: a new context (nothing cached), the link and the CPU slowed, the lookup opened. */
async function readMarksheet(
  browser: import("playwright-core").Browser,
  baseUrl: string,
  address: string,
  language: "English" | "Bangla",
): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    await context.addCookies([
      { name: "maktab_lang", value: language === "Bangla" ? "bn" : "en", url: baseUrl },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: slowLink.latencyMs,
      downloadThroughput: slowLink.throughput,
      uploadThroughput: slowLink.throughput,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowLink.cpuSlowdown });
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    // Readable: the marksheet in the page (and, in Bangla, the Bangla font's file arrived), from
    // the navigation's start, the request (performance.now()); read once Playwright sees it, so
    // an upper bound (an init script's own polling saw nothing in this Chromium, CPU slowed).
    const response = await page.goto(address, { waitUntil: "commit", timeout: 60_000 });
    await page
      .locator(".marksheet")
      .first()
      .waitFor({ state: "visible", timeout: 60_000 })
      .catch(async (error) => {
        const text = await page
          .locator("main")
          .textContent({ timeout: 5_000 })
          .catch(() => "");
        throw new Error(
          `no marksheet in ${language} after 60 s (HTTP ${response?.status()}): ${text?.replace(/\s+/g, " ").slice(0, 300)}`,
          { cause: error },
        );
      });
    const ms = Math.round(
      await page.evaluate(async (bangla) => {
        if (bangla) await document.fonts.ready;
        return performance.now();
      }, language === "Bangla"),
    );
    await page.waitForLoadState("networkidle");
    await cdp.detach();
    return { ms, bytes };
  } finally {
    await context.close();
  }
}
