// The cache-miss part's budgets (issue 42), one set per database, for `npm run bench`'s table and
// `npm run bench:misses`.
import { check, unmeasured } from "./budget-verdicts";
import { missBudgets } from "./cache-misses";
import type { BenchResults, BudgetCheck } from "./results";

/**
 * Pages the cache cannot help with, per database (issue 42; bench/cache-misses.ts): distinct pages
 * each asked once within the budget for every cache miss, and tracking links and analytics
 * cookies answered from the kept copy.
 */
export function cacheMissBudgets(
  results: Pick<BenchResults, "cacheMisses" | "postgresSkipped">,
  skipped: string | null,
): BudgetCheck[] {
  const rows = (database: string) => {
    const at = `${missBudgets.coldConnections} connections (${database})`;
    return {
      rate: [
        `Distinct pages each asked once (cache misses) req/s ÷ static file req/s, ${at}`,
        `≥ ${missBudgets.coldRatioToStatic}`,
      ],
      p99: [`Distinct pages each asked once (cache misses) p99, ${at}`, `< ${missBudgets.coldP99Ms} ms`],
      cpu: [`CPU time per cache miss, all threads (${database})`, `≤ ${missBudgets.coldCpuMs} ms`],
      tracking: [
        `Answers from the cache for links with tracking parameters (${database})`,
        `≥ ${missBudgets.keptHitRatio}`,
      ],
      cookies: [
        `Answers from the cache for visitors with analytics cookies (${database})`,
        `≥ ${missBudgets.keptHitRatio}`,
      ],
    } as const;
  };
  const none = (database: string, why: string, fails: boolean) =>
    Object.values(rows(database)).map(([budget, limit]) => unmeasured(budget, limit, why, fails));
  if (skipped) return none("embedded", skipped, false);
  const checks: BudgetCheck[] = [];
  for (const database of ["embedded", "PostgreSQL"] as const) {
    const measured = results.cacheMisses?.find((run) => run.database === database);
    if (!measured) {
      if (database === "embedded") checks.push(...none(database, "the cache misses were not measured", true));
      else checks.push(...none(database, results.postgresSkipped ?? "not measured", false));
      continue;
    }
    const cold = measured.figures.find((figure) => figure.run === "cold cache");
    const hits = (run: string) => measured.figures.find((figure) => figure.run === run)?.hitRatio;
    const row = rows(database);
    const why = measured.problem ?? "not measured";
    const ratio = cold?.ratioToStatic ?? null;
    checks.push(
      ratio === null
        ? unmeasured(...row.rate, why, true)
        : check(
            ...row.rate,
            `${ratio} (${cold?.requestsPerSecond} req/s)`,
            ratio >= missBudgets.coldRatioToStatic,
          ),
      cold
        ? check(...row.p99, `${cold.p99Ms} ms`, cold.p99Ms < missBudgets.coldP99Ms)
        : unmeasured(...row.p99, why, true),
      cold?.cpuMsPerRequest != null
        ? check(...row.cpu, `${cold.cpuMsPerRequest} ms`, cold.cpuMsPerRequest <= missBudgets.coldCpuMs)
        : unmeasured(...row.cpu, why, true),
    );
    for (const [run, [budget, limit]] of [
      ["tracking parameters", row.tracking],
      ["analytics cookies", row.cookies],
    ] as const) {
      const ratio = hits(run);
      checks.push(
        ratio === undefined
          ? unmeasured(budget, limit, why, true)
          : check(budget, limit, String(ratio), ratio >= missBudgets.keptHitRatio && !measured.problem),
      );
    }
  }
  return checks;
}
