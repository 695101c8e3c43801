// The run as a short Markdown report (printed, and written beside the JSON).
import { missTable } from "./cache-misses";
import { wholePageAgent } from "./counting";
import { costRatios } from "./data-figures";
import type { LighthouseFigure } from "./lighthouse";
import type { LoadFigure } from "./load";
import { idleRssSeconds } from "./options";
import type { BenchResults, DatabaseResult } from "./results";
import { resultsDayConnections, resultsDaySubjects } from "./results-day";
import { slowLink } from "./slow-link";
import { kb } from "./stats";

/** A Markdown table with padded columns, readable in a terminal as well. */
export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(headers), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });
const passMark = (pass: boolean | null) => (pass === null ? "not measured" : pass ? "pass" : "FAIL");

/** "12 pass, 1 FAIL, 3 not measured: the run fails." under the budgets table. */
export function budgetSummary(budgets: BenchResults["budgets"]): string {
  const count = (pass: boolean | null) => budgets.filter((b) => b.pass === pass).length;
  const failed = count(false);
  const unmeasured = count(null);
  return (
    `${count(true)} pass, ${failed} FAIL, ${unmeasured} not measured: ` +
    (failed > 0
      ? "the run fails (exit code 1)."
      : unmeasured > 0
        ? "no budget fails, but not every budget was measured on this machine."
        : "every budget holds.")
  );
}

/** "812 req/s · 1.1/3.2 ms · ×0.45" for one run. */
export function loadCell(figure: LoadFigure | undefined): string {
  if (!figure) return "";
  if (figure.requests === 0) return "no answer";
  const share = figure.ratioToStatic === null ? "" : ` · ×${figure.ratioToStatic.toFixed(2)}`;
  return `${number(Math.round(figure.requestsPerSecond))} · ${figure.p50Ms}/${figure.p99Ms}${share}`;
}

export function loadTable(figures: LoadFigure[]): string {
  const connections = [...new Set(figures.map((f) => f.connections))].sort((a, b) => a - b);
  const groups = new Map<string, LoadFigure[]>();
  for (const figure of figures) {
    const key = `${figure.target}\u0000${figure.auth}`;
    groups.set(key, [...(groups.get(key) ?? []), figure]);
  }
  const rows = [...groups.values()].map((group) => [
    group[0]!.target,
    group[0]!.auth,
    ...connections.map((c) => loadCell(group.find((f) => f.connections === c))),
    String(group.reduce((sum, f) => sum + f.errors, 0)),
  ]);
  return markdownTable(
    ["target", "auth", ...connections.map((c) => `${c} conn: req/s · p50/p99 ms · ×static`), "errors"],
    rows,
  );
}

function startTable(databases: DatabaseResult[], postgresSkipped: string | undefined): string {
  const cell = (value: number | undefined, unit: string) =>
    value === undefined ? "–" : `${number(value)} ${unit}`;
  const skipped =
    postgresSkipped && !databases.some((db) => db.database === "postgres")
      ? [["PostgreSQL", ...Array(5).fill("not measured")]]
      : [];
  return markdownTable(
    [
      "database",
      "cold start, fresh",
      "cold start, seeded",
      `idle RSS (${idleRssSeconds} s)`,
      "loaded RSS (peak)",
      "seed",
    ],
    databases
      .map((db) => [
        db.database === "embedded" ? "embedded (PGlite)" : "PostgreSQL",
        cell(db.coldStartFreshMs, "ms"),
        cell(db.coldStartMs, "ms"),
        cell(db.idleRssMb, "MB"),
        cell(db.loadedRssMb, "MB"),
        db.seed ? `${(db.seed.ms / 1000).toFixed(1)} s` : "–",
      ])
      .concat(skipped),
  );
}

const dbName = (db: DatabaseResult) => (db.database === "embedded" ? "embedded" : "PostgreSQL");

/** The results-day scenario: what was seeded, how the crowd asked, and its figures per database. */
export function resultsDaySection(results: BenchResults): string[] {
  const days = results.databases.filter((db) => db.resultsDay);
  if (days.length === 0) return [];
  const out = ["", "## Results day", ""];
  const seeded = days.find((db) => db.resultsDay?.seed)?.resultsDay?.seed;
  const parts = resultsDaySubjects.reduce((sum, subject) => sum + subject.components.length, 0);
  if (seeded) {
    const c = seeded.counts;
    out.push(
      `A published exam of Class Ten: ${number(c.students)} students, ${c.subjects} subjects in ${parts} parts ` +
        "(written and MCQ, practicals in the sciences, English written only, Higher Mathematics the optional subject), " +
        `${number(c.scores)} scores of which ${number(c.absentScores)} absent (${c.absentFromSomeSubject} students missed a subject or more); ` +
        `${number(c.passed)} pass, ${number(c.failed)} fail, ${number(c.gpa5)} with GPA 5.00. ` +
        "Made as an admin makes it, on a server of its own before the measured one starts: the exam posted to the API, " +
        "the marks sheet (CSV, from the app's own writer) imported through the API, the exam published; a few marksheets " +
        "are checked against the same grading module. " +
        days
          .map(
            (db) =>
              `${dbName(db)}: ${db.resultsDay?.seed ? `${(db.resultsDay.seed.ms / 1000).toFixed(1)} s` : "not made"}`,
          )
          .join(", ") +
        ".",
    );
  }
  out.push(
    "",
    `The crowd: at ${resultsDayConnections.lookups} connections, each request asks for a student (roll and ` +
      "registration number) from an address of its own, the class in a spread order, again and again: the measured server runs with TRUST_PROXY=on, as behind a reverse " +
      "proxy, and each request carries its own X-Forwarded-For, so the limit of 30 lookups per address in 10 minutes is " +
      "counted on every lookup (in memory: an address reaches the rate_limits table from its fifth lookup) and refuses " +
      "none. No copy of one student's marksheet is kept, so a repeat costs what a first lookup does (the class's " +
      "marksheets are read into memory once per content generation, in the warm-up). The REST lookup has the budget of issue 18; the page, filled from its " +
      "exam's template with each student's marksheet rendered apart (decision 0040), has the budget of a page rendered afresh (decision 0027). " +
      `The static file is measured again just before, at the same connections (×static). PDFs: ` +
      `${resultsDayConnections.pdfs} connections, one load run each.`,
    "",
  );
  const rows: string[][] = [];
  for (const db of days) {
    const day = db.resultsDay!;
    if (day.figures.length === 0) {
      rows.push([
        dbName(db),
        day.problem ? `not measured: ${day.problem}` : "not measured",
        "",
        "",
        "",
        "",
        "",
        "",
      ]);
      continue;
    }
    for (const f of day.figures) {
      rows.push([
        dbName(db),
        f.target,
        String(f.connections),
        number(f.requests),
        number(Math.round(f.requestsPerSecond)),
        `${f.p50Ms}/${f.p99Ms}`,
        f.ratioToStatic === null ? "" : `×${f.ratioToStatic.toFixed(f.ratioToStatic < 0.1 ? 3 : 2)}`,
        String(f.errors),
      ]);
    }
    if (day.problem) rows.push([dbName(db), `incomplete: ${day.problem}`, "", "", "", "", "", ""]);
  }
  out.push(
    markdownTable(
      ["database", "target", "conn", "requests", "req/s", "p50/p99 ms", "×static", "errors"],
      rows,
    ),
  );
  const peaks = days.filter((db) => db.resultsDay?.peakRssMb !== undefined);
  if (peaks.length > 0) {
    out.push(
      "",
      `Peak RSS after results day: ${peaks.map((db) => `${dbName(db)} ${number(db.resultsDay!.peakRssMb!)} MB`).join(", ")}.`,
    );
  }
  return out;
}

/** What the server counted (BENCH_COUNTERS): queries per target, renders after a change, the large data set. */
export function countedSection(results: BenchResults): string[] {
  const out: string[] = [];
  const counted = results.databases.filter((db) => db.queries || db.afterChange || db.countsProblem);
  if (counted.length > 0) {
    out.push(
      "",
      "## Database queries per request (counted by the server)",
      "",
      "From the Server-Timing header of a server started with BENCH_COUNTERS=1, on the same data: the first " +
        "request in a new content generation (just after a change: nothing kept), as a visitor; and a signed-in " +
        "request after another in the same generation (the content reads kept, the person's own part read), " +
        `sent whole (a crawler's user agent, "${wholePageAgent}"), so that the streamed sections' queries count too.`,
      "",
    );
    const rows: string[][] = [];
    for (const db of counted) {
      for (const q of db.queries ?? []) {
        rows.push([dbName(db), q.target, String(q.afterChange ?? "?"), String(q.signedInWarm ?? "?")]);
      }
      if (db.countsProblem) rows.push([dbName(db), `not complete: ${db.countsProblem}`, "", ""]);
    }
    out.push(markdownTable(["database", "target", "after a change", "signed in, warm"], rows));
    const changes = counted.filter((db) => db.afterChange);
    if (changes.length > 0) {
      out.push(
        "",
        "After an admin's change under load: visitors on the home page, anonymous; a second into the run an " +
          "admin publishes a notice through the API; the server's renders of the home page from the change's " +
          "answer to 200 ms after it.",
        "",
        markdownTable(
          [
            "database",
            "conn",
            "renders in 200 ms",
            "renders in the run",
            "requests",
            "req/s",
            "p99 ms",
            "errors",
          ],
          changes.map((db) => {
            const f = db.afterChange!;
            return [
              dbName(db),
              String(f.connections),
              String(f.rendersInWindow),
              String(f.rendersDuringRun),
              number(f.requests),
              number(Math.round(f.requestsPerSecond)),
              String(f.p99Ms),
              String(f.errors),
            ];
          }),
        ),
      );
    }
  }
  const data = results.dataScale;
  if (data) {
    const factor = results.settings.dataFactor ?? 10;
    const large = data.runs.find((run) => run.factor !== 1);
    out.push(
      "",
      `## ${factor}x the sample content (embedded database)`,
      "",
      "Each page and REST list rendered afresh at one connection: each round an admin's unchanged save starts " +
        "a new content generation, then one visitor's request; the server's main-thread CPU time (from /proc: " +
        "the render and the embedded database, not the kept copy's compression on other threads) from before " +
        "the request to 50 ms after its answer, median of the rounds. " +
        data.runs
          .map(
            (run) =>
              `×${run.factor}: ${Object.entries(run.seed.counts)
                .map(([kind, n]) => `${number(n)} ${kind}`)
                .join(", ")}`,
          )
          .join("; ") +
        ".",
      "",
    );
    if (data.problem) out.push(`Not complete: ${data.problem}`, "");
    const ratios = costRatios(data);
    if (ratios.length > 0) {
      out.push(
        markdownTable(
          [
            "target",
            "queries ×1",
            `queries ×${large?.factor ?? factor}`,
            "CPU ms ×1",
            `CPU ms ×${large?.factor ?? factor}`,
            "ratio",
          ],
          ratios.map((r) => [
            r.target,
            String(r.base.queries ?? "?"),
            String(r.large?.queries ?? "?"),
            String(r.base.cpuMs ?? "?"),
            String(r.large?.cpuMs ?? "?"),
            r.ratio === null ? "" : `×${r.ratio.toFixed(2)}`,
          ]),
        ),
      );
    }
  }
  if (results.cacheMisses?.length) {
    out.push(
      "",
      "## Cache misses",
      "",
      "Pages the page cache cannot help with: distinct pages (blogs, pages of lists, marksheets) each asked " +
        "once from addresses of their own; the kept home page asked through links with tracking parameters and " +
        "by visitors with analytics cookies; the home page and blogs rendered one at a time.",
    );
    for (const run of results.cacheMisses) {
      out.push("");
      if (run.problem) out.push(`Not complete on ${run.database}: ${run.problem}`, "");
      out.push(missTable(run.database, run.figures));
    }
  }
  const queue = results.messageQueue;
  if (queue) {
    out.push(
      "",
      "## Message queue (embedded database)",
      "",
      `An admin sends one text to every guardian of ${number(queue.texts)} children; the queue sends them to a ` +
        `fake sms.net.bd on loopback at SMS_RATE_PER_SECOND=${queue.ratePerSecond}, inside the server, while ` +
        "a signed-in page (the profile, rendered each time) is read at 50 connections, before the message and " +
        "while it is sent.",
      "",
    );
    if (queue.problem) out.push(`Not complete: ${queue.problem}`, "");
    out.push(
      markdownTable(
        ["texts", "seconds", "texts/s", "numbers texted twice", "page p99 before", "page p99 while sending"],
        [
          [
            number(queue.texts),
            String(queue.seconds ?? "?"),
            String(queue.textsPerSecond ?? "?"),
            String(queue.duplicates),
            queue.quiet
              ? `${queue.quiet.p99Ms} ms (${number(Math.round(queue.quiet.requestsPerSecond))} req/s)`
              : "?",
            queue.whileSending
              ? `${queue.whileSending.p99Ms} ms (${number(Math.round(queue.whileSending.requestsPerSecond))} req/s)`
              : "?",
          ],
        ],
      ),
    );
  }
  const fees = results.fees;
  if (fees) {
    out.push(
      "",
      "## Tuition fees (embedded database)",
      "",
      `A school of ${number(fees.students)} students in 20 classes, tuition 1,200 taka a month with late fines: ` +
        "generating each month's invoices for the whole school, then at 50 connections the whole school's dues " +
        "list (REST, as an admin), a student's ledger (the dashboard page) and the payment day's lookups at " +
        "/api/fees/pay/lookup, each a different student from a different address.",
      "",
    );
    if (fees.problem) out.push(`Not complete: ${fees.problem}`, "");
    out.push(`Generating a month: ${fees.generateMs.map((ms) => `${number(ms)} ms`).join(", ")}.`, "");
    const figures = [fees.staticFigure, fees.duesList, fees.ledger, fees.lookups].filter(
      (figure): figure is NonNullable<typeof figure> => figure !== undefined,
    );
    out.push(
      markdownTable(
        ["target", "req/s", "p50", "p99", "errors", "÷ static"],
        figures.map((figure) => [
          figure.target,
          number(Math.round(figure.requestsPerSecond)),
          `${figure.p50Ms} ms`,
          `${figure.p99Ms} ms`,
          String(figure.errors),
          figure.ratioToStatic === null ? "" : String(figure.ratioToStatic),
        ]),
      ),
    );
  }
  const slow = results.slowLink;
  if (slow && !slow.skipped) {
    out.push(
      "",
      "## A marksheet on a 2G-like link (Chromium)",
      "",
      `A first visit (nothing cached, a 360 px screen) to the result lookup with a student's marksheet, the link ` +
        `slowed to ${slowLink.throughput / 1024} KB/s each way and ${slowLink.latencyMs} ms round trip and the CPU ` +
        `${slowLink.cpuSlowdown}x (DevTools protocol): from the request to the marksheet in the page ` +
        `(in Bangla, with the Bangla font's file arrived). Median of ${slowLink.runs} runs.`,
      "",
    );
    if (slow.problem) out.push(`Not complete: ${slow.problem}`, "");
    out.push(
      markdownTable(
        ["language", "readable after", "runs", "transferred"],
        slow.figures.map((figure) => [
          figure.language,
          `${number(figure.readableMs)} ms`,
          figure.runsMs.map((ms) => `${number(ms)} ms`).join(", "),
          `${kb(figure.transferredBytes)} KB`,
        ]),
      ),
    );
  }
  return out;
}

export function formatReport(results: BenchResults): string {
  const { machine, settings } = results;
  const out: string[] = [];
  out.push(`# Maktab bench, ${results.startedAt.slice(0, 16).replace("T", " ")} UTC`);
  out.push(
    "",
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average at start ${machine.loadAverageAtStart.map((l) => l.toFixed(1)).join(" ")}. ` +
      `${settings.records.toLocaleString("en-US")} records of each kind, ${settings.comments.toLocaleString("en-US")} comments; ` +
      `${settings.durationSeconds} s per load run; whole run ${Math.round(results.totalSeconds / 60)} min. ` +
      `Load is generated on the same machine; ×static is the ratio to the same server's static file, ${results.staticFile.path} (${results.staticFile.bytes.toLocaleString("en-US")} bytes), at the same connection count (the steadier figure when the machine is busy). 1 KB = 1024 bytes.`,
  );

  out.push("", "## Budgets (architecture.md, section 7)", "");
  out.push(
    markdownTable(
      ["budget", "limit", "measured", ""],
      results.budgets.map((b) => [b.budget, b.limit, b.measured, passMark(b.pass)]),
    ),
  );
  out.push("", budgetSummary(results.budgets));

  for (const db of results.databases) {
    const name = db.database === "embedded" ? "embedded database (PGlite)" : "PostgreSQL";
    // BENCH_PARTS without load: no load runs to show.
    if (db.load.length === 0 && !db.problem) continue;
    out.push("", `## Throughput, ${name}`, "");
    if (db.problem) out.push(`Not complete: ${db.problem}`, "");
    if (db.load.length > 0) out.push(loadTable(db.load));
  }
  if (results.postgresSkipped && !results.databases.some((db) => db.database === "postgres")) {
    out.push("", "## Throughput, PostgreSQL", "", `PostgreSQL: not measured (${results.postgresSkipped}).`);
  }

  out.push(...resultsDaySection(results));
  out.push(...countedSection(results));

  out.push("", "## Start and memory", "", startTable(results.databases, results.postgresSkipped));

  out.push(
    "",
    "## First-load HTML, JavaScript and CSS",
    "",
    "React: whether the page runs React in the browser; a reading page does not (decision 0059) and loads only its plain modules.",
    "CSS: the rules the page uses, inlined in its HTML, and, on a page with React, the whole public stylesheet, loaded once the page is shown.",
    "First visit: the HTML, the JavaScript and the CSS files (brotli), before pictures and fonts.",
    "",
  );
  out.push(
    markdownTable(
      [
        "page",
        "path",
        "React",
        "HTML raw",
        "HTML brotli",
        "JS files",
        "JS raw",
        "JS gzip",
        "JS brotli",
        "CSS raw",
        "CSS gzip",
        "CSS brotli",
        "first visit",
      ],
      results.bundles.map((b) => [
        b.page,
        b.path.length > 24 ? `${b.path.slice(0, 21)}...` : b.path,
        b.hydrates === false ? "no" : "yes",
        `${kb(b.html.bytes)} KB`,
        `${kb(b.html.brotli)} KB`,
        String(b.jsFiles.length),
        `${kb(b.js.bytes)} KB`,
        `${kb(b.js.gzip)} KB`,
        `${kb(b.js.brotli)} KB`,
        `${kb(b.css.bytes)} KB`,
        `${kb(b.css.gzip)} KB`,
        `${kb(b.css.brotli)} KB`,
        b.firstVisit ? `${kb(b.firstVisit.brotli)} KB` : "",
      ]),
    ),
  );
  const extra = results.bundles.filter((b) => b.htmlOnly.length > 0);
  for (const b of extra)
    out.push("", `Note: ${b.page} also loads ${b.htmlOnly.join(", ")} (not in the manifest's imports).`);

  out.push("", `## Lighthouse 12, mobile (median of ${settings.lighthouseRuns})`, "");
  if (results.lighthouseSkipped) out.push(`Lighthouse: not measured (${results.lighthouseSkipped}).`);
  else {
    out.push(
      markdownTable(
        ["page", "performance", "accessibility", "best practices", "SEO", "LCP", "TBT", "CLS", "runs"],
        results.lighthouse.map((l) =>
          "error" in l
            ? [l.page, `failed: ${l.error}`, "", "", "", "", "", "", "0"]
            : [
                l.page,
                String(l.performance),
                String(l.accessibility),
                String(l.bestPractices),
                String(l.seo),
                `${number(l.lcpMs)} ms`,
                `${number(l.tbtMs)} ms`,
                String((l as LighthouseFigure).cls),
                `${l.runs}${l.failures.length > 0 ? ` (+${l.failures.length} retried)` : ""}`,
              ],
        ),
      ),
    );
  }
  return `${out.join("\n")}\n`;
}
