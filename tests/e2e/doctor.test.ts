// `npm run doctor` (the built build/server/doctor.js) as an operator runs it: on the setup of a
// running built server it finds nothing to fix (exit 0); on a setup with mistakes it names each,
// says what to do, and exits 1. The whole setup behind nginx with TLS is checked by
// behind-nginx.test.ts.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuilt } from "../fixtures/commands";
import { copyPreparedDataDir, getFreePort, type RunningServer, startServer } from "./harness";

describe("npm run doctor", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-doctor-"));
    copyPreparedDataDir(false, dataDir);
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("finds nothing to fix in a running server's setup, and says what it checked", async () => {
    const run = await runBuilt(
      "doctor",
      {
        PUBLIC_URL: server.url,
        HOST: "127.0.0.1",
        PORT: new URL(server.url).port,
        DATA_DIR: server.dataDir,
        BACKUP_SCHEDULE: "30 2 * * *",
      },
      [],
    );
    expect(run.stdout).toContain("ok    Configuration: every variable is valid");
    expect(run.stdout).toContain(`ok    The app: answers on ${server.url}/healthz`);
    expect(run.stdout).toContain(`ok    PUBLIC_URL: ${server.url}/healthz reaches the app`);
    expect(run.stdout).toMatch(/ok {4}Database \(embedded\): held by the running server \(pid \d+\)/);
    expect(run.stdout).toContain(
      `ok    Secrets: ${server.dataDir}/secrets/auth-secret, readable by its owner only`,
    );
    expect(run.stdout).toMatch(/ok {4}Disk space: [\d.]+ [GM]B free of/);
    expect(run.stdout).toContain("No problem found");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it("names every variable the server would refuse, and exits 1", async () => {
    const run = await runBuilt(
      "doctor",
      { DATA_DIR: server.dataDir, PUBLIC_URL: "ftp://school.example", SMS_URL: "https://sms.example/send" },
      [],
    );
    expect(run.stdout).toContain(
      "FIX   Configuration: PUBLIC_URL must be an http or https URL, such as https://school.example",
    );
    expect(run.stdout).toContain("FIX   Configuration: SMS_TOKEN must be set when SMS_URL is set");
    expect(run.stdout).toContain("2 problems to fix.");
    expect(run.code).toBe(1);
  });

  it("says what to fix in a setup with open secrets, a proxy that can be gone around and services that do not answer", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-doctor-bad-"));
    try {
      mkdirSync(path.join(dataDir, "secrets"));
      writeFileSync(path.join(dataDir, "secrets", "auth-secret"), `${"k".repeat(43)}\n`);
      chmodSync(path.join(dataDir, "secrets"), 0o755);
      chmodSync(path.join(dataDir, "secrets", "auth-secret"), 0o644);
      chmodSync(dataDir, 0o777);
      // Ports nothing listens on: the app, the database, the mail and text message services.
      const [app, database, smtp, sms] = await Promise.all([1, 2, 3, 4].map(() => getFreePort()));
      const run = await runBuilt(
        "doctor",
        {
          DATA_DIR: dataDir,
          PORT: String(app),
          PUBLIC_URL: `http://127.0.0.1:${app}`,
          TRUST_PROXY: "on",
          HOST: "0.0.0.0",
          BENCH_COUNTERS: "on",
          DATABASE_URL: `postgres://maktab@127.0.0.1:${database}/maktab`,
          SMTP_URL: `smtp://127.0.0.1:${smtp}`,
          SMS_URL: `http://127.0.0.1:${sms}/send`,
          SMS_TOKEN: "sms-token",
        },
        [],
      );
      const says = (line: string) => expect(run.stdout).toContain(line);
      says(`FIX   DATA_DIR: ${dataDir} is 777: any user of the machine can change the database and uploads`);
      says(`-> chmod 700 ${dataDir}`);
      says(`FIX   Secrets: ${dataDir}/secrets/auth-secret is 644: other users can read it`);
      says(`-> chmod 600 ${dataDir}/secrets/auth-secret`);
      says(`FIX   Secrets: ${dataDir}/secrets is 755: other users can reach what is in it`);
      says("FIX   TRUST_PROXY: on while the app listens on 0.0.0.0");
      says("-> set HOST=127.0.0.1, so that only the proxy on this machine reaches the app");
      says("FIX   BENCH_COUNTERS: on: every answer tells anyone how many database queries it cost");
      says(`FIX   The app: http://127.0.0.1:${app}/healthz does not answer (connect ECONNREFUSED`);
      says("FIX   Database (PostgreSQL): does not answer:");
      says("-> is PostgreSQL running (systemctl status postgresql)");
      says("FIX   Mail: the SMTP server in SMTP_URL does not take mail from here");
      says(`FIX   Text messages: http://127.0.0.1:${sms}/send cannot be reached`);
      says("warn  Backups: no BACKUP_SCHEDULE: the app takes no backup of itself");
      expect(run.stdout).toMatch(/\n\d+ problems to fix, \d+ warnings?\.\n$/);
      expect(run.code).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
