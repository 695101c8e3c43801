// The shape of a bench run's results, as written to bench/results/*.json.
import type { PageBundle } from "./bundles";
import type { LighthouseFigure } from "./lighthouse";
import type { LoadFigure } from "./load";
import type { SeedSummary } from "./seed";

export type DatabaseKind = "embedded" | "postgres";

export type DatabaseResult = {
  database: DatabaseKind;
  seed?: SeedSummary;
  /** Spawn to the first 200 on / with an empty database (migrations included). */
  coldStartFreshMs?: number;
  /** Spawn to the first 200 on / with the seeded database. */
  coldStartMs?: number;
  /** VmRSS 2 s after the first page. */
  idleRssMb?: number;
  /** VmHWM (the peak) after the load runs. */
  loadedRssMb?: number;
  load: LoadFigure[];
  /** Why this database was not measured (or not completely). */
  problem?: string;
};

export type LighthouseFailure = { page: string; path: string; error: string; failures: string[] };

export type BudgetCheck = { budget: string; limit: string; measured: string; pass: boolean | null };

export type BenchResults = {
  startedAt: string;
  finishedAt: string;
  totalSeconds: number;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverageAtStart: number[] };
  settings: {
    durationSeconds: number;
    connections: number[];
    records: number;
    comments: number;
    lighthouseRuns: number;
  };
  databases: DatabaseResult[];
  bundles: (PageBundle & { htmlOnly: string[] })[];
  lighthouse: (LighthouseFigure | LighthouseFailure)[];
  lighthouseSkipped?: string;
  budgets: BudgetCheck[];
};
