// The fees part's budgets (issue 41's Performance section), for `npm run bench`'s table.
import { check, unmeasured } from "./budget-verdicts";
import type { LoadFigure } from "./load";
import type { BenchResults, BudgetCheck } from "./results";

export const feeBudgets = {
  /** Generating one month's invoices for the whole school of 2,000 students. */
  generateMs: 5000,
  /** The whole school's dues list and a student's ledger: the signed-in budgets (issue 20). */
  signedInToStaticRatio: 0.05,
  signedInP99Ms: 300,
  /** The payment day's lookups at /fees/pay, each a different student. */
  lookupToStaticRatio: 0.2,
  lookupP99Ms: 50,
};

export function feeBenchBudgets(results: Pick<BenchResults, "fees">, skipped: string | null): BudgetCheck[] {
  const fees = results.fees;
  const at = "50 connections (embedded)";
  const generate = [
    `Generating a month's invoices for ${fees?.students ?? 2000} students (embedded), the slowest month`,
    `< ${feeBudgets.generateMs} ms`,
  ] as const;
  const loads = [
    [
      "the whole school's dues list (REST)",
      "duesList",
      feeBudgets.signedInToStaticRatio,
      feeBudgets.signedInP99Ms,
    ],
    [
      "a student's ledger (dashboard page)",
      "ledger",
      feeBudgets.signedInToStaticRatio,
      feeBudgets.signedInP99Ms,
    ],
    [
      "dues lookups at /fees/pay, each a different student",
      "lookups",
      feeBudgets.lookupToStaticRatio,
      feeBudgets.lookupP99Ms,
    ],
  ] as const;
  const rows = [
    generate,
    ...loads.flatMap(([name, , share, p99]) => [
      [`Fees: ${name} req/s ÷ static file req/s, ${at}`, `≥ ${share}`] as const,
      [`Fees: ${name} p99, ${at}`, `< ${p99} ms`] as const,
    ]),
  ];
  if (skipped) return rows.map(([budget, limit]) => unmeasured(budget, limit, skipped, false));
  if (!fees || fees.problem)
    return rows.map(([budget, limit]) => unmeasured(budget, limit, fees?.problem ?? "not measured", true));
  const slowest = Math.max(...fees.generateMs);
  const checks = [
    check(
      generate[0],
      generate[1],
      `${fees.generateMs.join(", ")} ms (${fees.invoicesMade} invoices the first month)`,
      fees.generateMs.length > 0 && slowest < feeBudgets.generateMs && fees.invoicesMade === fees.students,
    ),
  ];
  for (const [name, key, share, p99] of loads) {
    const figure: LoadFigure | undefined = fees[key];
    const [rateRow, p99Row] = [
      [`Fees: ${name} req/s ÷ static file req/s, ${at}`, `≥ ${share}`],
      [`Fees: ${name} p99, ${at}`, `< ${p99} ms`],
    ] as const;
    if (!figure || figure.ratioToStatic === null) {
      checks.push(
        unmeasured(rateRow[0], rateRow[1], "no figure", true),
        unmeasured(p99Row[0], p99Row[1], "no figure", true),
      );
      continue;
    }
    const clean = figure.errors === 0;
    const errors = clean ? "" : `, ${figure.errors} errors`;
    checks.push(
      check(
        rateRow[0],
        rateRow[1],
        `${figure.ratioToStatic} (${Math.round(figure.requestsPerSecond)} req/s${errors})`,
        figure.ratioToStatic >= share && clean,
      ),
      check(p99Row[0], p99Row[1], `${figure.p99Ms} ms${errors}`, figure.p99Ms < p99 && clean),
    );
  }
  return checks;
}
