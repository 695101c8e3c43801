// The shape of a bench run's results, as written to bench/results/*.json.
import type { PageBundle, StaticFile } from "./bundles";
import type { MissFigure } from "./cache-misses";
import type { AfterChangeFigure, QueryFigure } from "./counting";
import type { DataScaleResult } from "./data-scale";
import type { FeeBenchResult } from "./fees";
import type { LighthouseFigure } from "./lighthouse";
import type { LoadFigure } from "./load";
import type { MessageQueueResult } from "./message-queue";
import type { ResultsDayResult } from "./results-day";
import type { SeedSummary } from "./seed";
import type { SlowLinkResult } from "./slow-link";

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
  /** The exam's lookups and PDFs (bench/results-day.ts), after the load matrix. */
  resultsDay?: ResultsDayResult;
  /** Database queries per target, from the server's own count (BENCH_COUNTERS). */
  queries?: QueryFigure[];
  /** The home page's renders just after an admin's change under load. */
  afterChange?: AfterChangeFigure;
  /** Why the counted part (queries, after a change) is missing or incomplete. */
  countsProblem?: string;
  /** Why this database was not measured (or not completely). */
  problem?: string;
};

export type LighthouseFailure = { page: string; path: string; error: string; failures: string[] };

/**
 * One budget's verdict. `pass` is null for a budget not measured on this machine (no PostgreSQL,
 * no Chromium, switched off): listed with its `reason`, it does not fail the run. A figure
 * missing because a part of the run broke is a failure (false), with its reason too.
 */
export type BudgetCheck = {
  budget: string;
  limit: string;
  measured: string;
  pass: boolean | null;
  reason?: string;
};

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
    /** The parts that ran (BENCH_PARTS). */
    parts?: string[];
    /** BENCH_DATA: the large data set's multiple of the sample content. */
    dataFactor?: number;
  };
  /** The load runs' ceiling (its figure is 1 in every ×static ratio). */
  staticFile: StaticFile;
  databases: DatabaseResult[];
  /** Why PostgreSQL was not measured (nothing answers, switched off). */
  postgresSkipped?: string;
  bundles: (PageBundle & { htmlOnly: string[] })[];
  lighthouse: (LighthouseFigure | LighthouseFailure)[];
  lighthouseSkipped?: string;
  /** The sample content against a multiple of it (bench/data-scale.ts), embedded database. */
  dataScale?: DataScaleResult;
  /** 10,000 texts through the message queue while a page is read (bench/message-queue.ts). */
  messageQueue?: MessageQueueResult;
  /** Tuition fees for 2,000 students (bench/fees.ts). */
  fees?: FeeBenchResult;
  /** Pages the page cache cannot help with, per database (bench/misses-scenario.ts). */
  cacheMisses?: CacheMissResult[];
  /** A looked-up marksheet on a 2G-like link, in Chromium (bench/slow-link.ts). */
  slowLink?: SlowLinkResult;
  budgets: BudgetCheck[];
};

/** One database's cache-miss runs, or why they did not finish. */
export type CacheMissResult = {
  database: "embedded" | "PostgreSQL";
  figures: MissFigure[];
  problem?: string;
};
