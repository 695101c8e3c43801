// The performance budgets of the architecture document's section 7, checked against a run.
import type { LighthouseFigure } from "./lighthouse";
import type { BenchResults, BudgetCheck, DatabaseResult } from "./results";
import { kb } from "./stats";

export const budgets = {
  jsBrotliKb: 110,
  cssBrotliKb: 25,
  lighthousePerformance: 97,
  lighthouseLcpMs: 1800,
  lighthouseOtherScores: 100,
  homeToStaticRatio: 0.5,
  restP99Ms: 20,
  restP99Connections: 50,
  coldStartExistingMs: 2000,
  coldStartFreshMs: 5000,
  idleRssEmbeddedMb: 350,
  idleRssPostgresMb: 150,
} as const;

const dbLabel = (db: DatabaseResult) => (db.database === "embedded" ? "embedded" : "PostgreSQL");

function check(budget: string, limit: string, measured: string | null, pass: boolean): BudgetCheck {
  return measured === null
    ? { budget, limit, measured: "not measured", pass: null }
    : { budget, limit, measured, pass };
}

/**
 * The largest value, naming what breaks the limit: "max 113.2 KB (over: home, a blog)". A limit
 * is "at most" (≤) unless `below` says the value must stay under it (<).
 */
function worst<T>(
  items: T[],
  value: (item: T) => number,
  name: (item: T) => string,
  limit: number,
  unit: string,
  below = false,
) {
  if (items.length === 0) return { measured: null, pass: false };
  const highest = Math.max(...items.map(value));
  const over = items.filter((item) => (below ? value(item) >= limit : value(item) > limit)).map(name);
  const named = over.length > 4 ? [...over.slice(0, 3), `${over.length - 3} more`] : over;
  return {
    measured: `max ${highest} ${unit}${over.length > 0 ? ` (over: ${named.join(", ")})` : ""}`,
    pass: over.length === 0,
  };
}

export function checkBudgets(results: Omit<BenchResults, "budgets">): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const bundles = results.bundles;
  const js = worst(
    bundles,
    (b) => kb(b.js.brotli),
    (b) => b.page,
    budgets.jsBrotliKb,
    "KB",
  );
  checks.push(
    check("First-load JS per public page (brotli)", `≤ ${budgets.jsBrotliKb} KB`, js.measured, js.pass),
  );
  const css = worst(
    bundles,
    (b) => kb(b.css.brotli),
    (b) => b.page,
    budgets.cssBrotliKb,
    "KB",
  );
  checks.push(
    check("First-load CSS per public page (brotli)", `≤ ${budgets.cssBrotliKb} KB`, css.measured, css.pass),
  );

  const pages = results.lighthouse.filter((l): l is LighthouseFigure => !("error" in l));
  const lighthouseMeasured = pages.length > 0 && pages.length === results.lighthouse.length;
  const scores = [
    ["performance", "performance (mobile)", budgets.lighthousePerformance],
    ["accessibility", "accessibility", budgets.lighthouseOtherScores],
    ["bestPractices", "best practices", budgets.lighthouseOtherScores],
    ["seo", "SEO", budgets.lighthouseOtherScores],
  ] as const;
  for (const [key, label, limit] of scores) {
    const under = pages.filter((p) => p[key] < limit).map((p) => p.page);
    const lowest = Math.min(...pages.map((p) => p[key]));
    checks.push(
      check(
        `Lighthouse ${label}`,
        `≥ ${limit}`,
        lighthouseMeasured ? `min ${lowest}${under.length > 0 ? ` (under: ${under.join(", ")})` : ""}` : null,
        under.length === 0,
      ),
    );
  }
  const lcp = worst(
    pages,
    (p) => p.lcpMs,
    (p) => p.page,
    budgets.lighthouseLcpMs,
    "ms",
    true,
  );
  checks.push(
    check(
      "Lighthouse LCP",
      `< ${budgets.lighthouseLcpMs} ms`,
      lighthouseMeasured ? lcp.measured : null,
      lcp.pass,
    ),
  );

  for (const db of results.databases) {
    const label = dbLabel(db);
    const top =
      db.load.length > 0 ? Math.max(...db.load.map((f) => f.connections)) : budgets.restP99Connections;
    const home = db.load.find(
      (f) => f.kind === "page" && f.path === "/" && f.auth === "anonymous" && f.connections === top,
    );
    checks.push(
      check(
        `Home page req/s ÷ static file req/s, anonymous, ${top} connections (${label})`,
        `≥ ${budgets.homeToStaticRatio}`,
        home?.ratioToStatic != null ? `${home.ratioToStatic}` : null,
        (home?.ratioToStatic ?? 0) >= budgets.homeToStaticRatio,
      ),
    );
    const lists = db.load.filter((f) => f.kind === "api" && f.connections === budgets.restP99Connections);
    const p99 = worst(
      lists,
      (f) => f.p99Ms,
      (f) => `${f.target.replace(/^GET | list$/g, "")} ${f.auth}`,
      budgets.restP99Ms,
      "ms",
      true,
    );
    checks.push(
      check(
        `REST lists p99 at ${budgets.restP99Connections} connections (${label})`,
        `< ${budgets.restP99Ms} ms`,
        p99.measured,
        p99.pass,
      ),
    );
    if (db.database === "embedded") {
      checks.push(
        check(
          "Cold start, existing embedded database",
          `< ${budgets.coldStartExistingMs} ms`,
          db.coldStartMs != null ? `${db.coldStartMs} ms` : null,
          (db.coldStartMs ?? Infinity) < budgets.coldStartExistingMs,
        ),
        check(
          "Cold start, fresh embedded database",
          `< ${budgets.coldStartFreshMs} ms`,
          db.coldStartFreshMs != null ? `${db.coldStartFreshMs} ms` : null,
          (db.coldStartFreshMs ?? Infinity) < budgets.coldStartFreshMs,
        ),
      );
    }
    const rssLimit = db.database === "embedded" ? budgets.idleRssEmbeddedMb : budgets.idleRssPostgresMb;
    checks.push(
      check(
        `Idle RSS (${label})`,
        `≤ ${rssLimit} MB`,
        db.idleRssMb != null ? `${db.idleRssMb} MB` : null,
        (db.idleRssMb ?? Infinity) <= rssLimit,
      ),
    );
  }
  return checks;
}
