// The large data set's figures against the sample content's (bench/data-scale.ts), for the
// budgets and the report: no more than types here, so they load nothing of the server.
import type { CostFigure } from "./counting";
import type { DataScaleResult } from "./data-scale";

export type CostRatio = { target: string; ratio: number | null; base: CostFigure; large?: CostFigure };

/** Each target's cost at `factor` over its cost with the sample content (CPU time; null: not both measured). */
export function costRatios(result: DataScaleResult): CostRatio[] {
  const base = result.runs.find((run) => run.factor === 1);
  const large = result.runs.find((run) => run.factor !== 1);
  if (!base || !large) return [];
  return base.costs.map((cost) => {
    const other = large.costs.find((c) => c.target === cost.target);
    const ratio =
      other?.cpuMs != null && cost.cpuMs != null && cost.cpuMs > 0
        ? Math.round((other.cpuMs / cost.cpuMs) * 100) / 100
        : null;
    return { target: cost.target, ratio, base: cost, large: other };
  });
}
