import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the tests need no React Router plugin.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
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
        // brute force and crash safety against the built server.
        test: {
          name: "abuse",
          include: ["tests/abuse/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
