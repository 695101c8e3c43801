// A budget's verdict, as the bench's report lists it: measured (pass or fail) or not measured, with
// the reason. Below budgets.ts and the parts' own budget files, which all use them.
import type { BudgetCheck } from "./results";

/** A budget with a figure: pass or fail. */
export function check(budget: string, limit: string, measured: string, pass: boolean): BudgetCheck {
  return { budget, limit, measured, pass };
}

/**
 * A budget without a figure. `fails` says whether that counts against the run: a part that
 * broke does; a part this machine cannot run (no PostgreSQL, no Chromium) or that was switched
 * off does not, but it stays in the report, with the reason.
 */
export function unmeasured(budget: string, limit: string, reason: string, fails: boolean): BudgetCheck {
  return { budget, limit, measured: `not measured (${reason})`, pass: fails ? false : null, reason };
}
