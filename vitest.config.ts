import { accessSync, constants } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Separate from vite.config.ts: the tests need no React Router plugin.
//
// How the run is laid out (CI has 2 cores, and the whole CI must stay under 20 minutes):
// - unit, api and abuse run first, together, one file per core. An API file is one
//   single-threaded process (the app and PGlite in WebAssembly), an abuse file that starts the
//   built server adds one more: with Vitest's default of cores - 1 workers (1 on CI) the other
//   core sat idle for the whole API suite.
// - then the e2e files, one after another (fileParallelism: false puts them in a group of their
//   own that starts when the first is done). Chromium, the built server and the test together
//   already keep both cores busy: two browser files at a time took as long in all and made the
//   timings flaky.
// Temporary folders go to memory where Linux has a tmpfs at /dev/shm (unless TMPDIR says
// otherwise): every built server the tests start (some thirty) unpacks a PGlite cluster of about
// a thousand files into its own DATA_DIR and removes it after, which on the disk cost about a
// fifth of each start. The test processes pass TMPDIR on to the servers and Chromium they start.
const env: Record<string, string> = {};
if (!process.env.TMPDIR) {
  try {
    accessSync("/dev/shm", constants.W_OK);
    env.TMPDIR = "/dev/shm";
  } catch {
    // No tmpfs there: the system's temporary folder, as before.
  }
}

// The longest files of the first group start first, so that neither core is left running one of
// them alone at the end: on a clean clone Vitest has no timings of its own yet, and once started
// the then 80-second admin CLI file five minutes in (the first group took 400 s where 300 would do).
const slowFirst = [
  "tests/abuse/xss.test.ts",
  "tests/abuse/fuzz.test.ts",
  "tests/api/phone.test.ts",
  "tests/abuse/permissions.test.ts",
  "tests/api/admin-cli.test.ts",
  "tests/api/page-cache.test.ts",
  "tests/abuse/page-actions.test.ts",
];
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowFirst.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? slowFirst.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
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
          environment: "node",
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
    ],
  },
});
