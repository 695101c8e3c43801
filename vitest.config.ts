import { accessSync, constants } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Separate from vite.config.ts: the tests need no React Router plugin.
//
// How the run is laid out (CI has 2 cores, and the whole CI must stay under 20 minutes): every
// file of every suite in one queue, one file per core, the longest first, then browser files
// spread evenly among the others.
// - An API file is one single-threaded process (the app and PGlite in WebAssembly) and keeps its
//   core busy; an abuse file that starts the built server adds one more process.
// - A browser file keeps less than one core busy (measured on 2 cores: 28 s of CPU in a 33-49 s
//   file): the server and Chromium wait on each other and on the test's polls. Run one after
//   another at the end, browser files took 600 of the run's 1,080 s; beside the rest, the run
//   took 955 s (npm test, 1.4 cores busy on average). A third worker made it slower (1,185 s,
//   with the four test files of the gallery and the routines more) and an in-process identity
//   provider missed its answer.
// Temporary folders go to memory where Linux has a tmpfs at /dev/shm (unless TMPDIR says
// otherwise): every built server the tests start (some thirty) has a PGlite cluster of about a
// thousand files in its own DATA_DIR (unpacked, or for a browser file copied from the e2e global
// setup's prepared folder) and removes it after, which on the disk cost about a fifth of each start. The test processes pass TMPDIR on to the servers and Chromium they start.
const env: Record<string, string> = {};
if (!process.env.TMPDIR) {
  try {
    accessSync("/dev/shm", constants.W_OK);
    env.TMPDIR = "/dev/shm";
  } catch {
    // No tmpfs there: the system's temporary folder, as before.
  }
}

// The longest files start first, so that neither core is left running one of them alone at the
// end: on a clean clone Vitest has no timings of its own yet (it then sorts by file size). Their
// order is their time in a full run on 2 cores (the fuzzer was first at 124-178 s until it watched
// writes with one watcher per database: 31 s).
const slowFirst = [
  "tests/e2e/no-script.test.ts",
  "tests/api/admin-cli.test.ts",
  "tests/api/backup.test.ts",
  "tests/e2e/dashboard-forms.test.ts",
  "tests/abuse/xss.test.ts",
  "tests/e2e/dashboard-lists.test.ts",
  "tests/e2e/popup-sign-in.test.ts",
  "tests/abuse/permissions.test.ts",
  "tests/e2e/dashboard-people.test.ts",
  "tests/e2e/forms.test.ts",
  "tests/e2e/lists.test.ts",
  "tests/abuse/fuzz.test.ts",
  "tests/e2e/details.test.ts",
  "tests/abuse/brute-force.test.ts",
  "tests/api/page-cache-misses.test.ts",
  "tests/api/page-cache.test.ts",
  "tests/e2e/accounts.test.ts",
  "tests/e2e/cart.test.ts",
  "tests/e2e/profile.test.ts",
  "tests/abuse/page-actions.test.ts",
];
const isBrowserFile = (file: TestSpecification) => file.moduleId.includes("/tests/e2e/");

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => slowFirst.findIndex((name) => file.moduleId.endsWith(name));
    const first = sorted.filter((file) => rank(file) !== -1).sort((a, b) => rank(a) - rank(b));
    const rest = sorted.filter((file) => rank(file) === -1);
    // Each file at its place within its own kind, so browser files come at an even pace among the
    // others and most of the time one waits for its browser while the others use the cores.
    const spread = (list: TestSpecification[]) =>
      list.map((file, index) => ({ file, at: (index + 0.5) / list.length }));
    const mixed = [
      ...spread(rest.filter(isBrowserFile)),
      ...spread(rest.filter((file) => !isBrowserFile(file))),
    ]
      .sort((a, b) => a.at - b.at)
      .map(({ file }) => file);
    return [...first, ...mixed];
  }
}

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    // postgres.js sends its own array-types statement on each new connection and never awaits it:
    // when the database-outage test's stall watch closes such a connection, the rejection has no
    // one to hear it. The server logs and ignores exactly that (server/start.ts); so does the run,
    // where the app shares the test's process. Every other unhandled error still fails the run.
    onUnhandledError: (error) =>
      !(
        error.name === "DatabaseNotAnswering" &&
        String((error as { query?: unknown }).query ?? "").includes("pg_catalog.pg_type")
      ),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", env } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each worker imports the server's modules (Better Auth, drizzle, the AWS SDK, PGlite)
          // once for all the files it runs, not once per file: about a third of the API suite's
          // time went into that. The files share no state: each makes its own app on its own
          // database (createTestApp), none mocks a module, a global or the clock.
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          setupFiles: ["tests/e2e/setup.ts"],
          // The server that the files which only read share (readOnlySite() in harness.ts).
          globalSetup: ["tests/e2e/global-setup.ts"],
          environment: "node",
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What the browser shows after a page's data reloads can take seconds on a busy CI
          // machine; the default of 1 s made such waits fail by timing, not by behaviour.
          expect: { poll: { timeout: 10_000 } },
          // On CI only, a browser test that fails gets one more try, as Playwright's own setup does:
          // a busy shared machine is not a bug in the app. The log still marks it "(retry x1)", so a
          // flaky test is seen and fixed; locally every failure counts.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        // The abuse suite: permissions, fuzzing, uploads in process; stored scripts, sign-in
        // brute force and crash safety against the built server. Its files run beside the API
        // files (see above); each has its own app or server, port and data folder. Not isolated,
        // for the same reason as the API suite.
        test: {
          name: "abuse",
          include: ["tests/abuse/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        // The container image built and run with podman (tests/container): minutes of a build,
        // so not part of `npm test`; .ci/run runs it beside the suite.
        test: {
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 1_200_000,
        },
      },
    ],
  },
});
