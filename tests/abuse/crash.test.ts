// Crash safety: the built server is killed with SIGKILL in the middle of a stream of creates
// (several clients posting notices as an admin). After a restart on the same data, every create
// that was acknowledged (201 with its insertedId) must be there. On PGlite (DATA_DIR) and, when
// TEST_DATABASE_URL answers, on a throwaway PostgreSQL database.
//
// Why PGlite passes without relaxing or forcing anything: its Node file system is Emscripten's
// NODEFS, which hands every write straight to the operating system, and PostgreSQL writes the
// commit's WAL before it answers. PGlite starts PostgreSQL with fsync off (-F), so the kernel may
// still hold those pages: they survive the death of the process (this test), not a power cut.
// `relaxedDurability` only concerns the in-memory file systems that sync to IndexedDB or OPFS.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { apiSignIn, type RunningServer, sessionOf, startServer } from "../e2e/harness";
import { adminAccount } from "./support";

const adminEnv = { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password };
const clients = 6;
/** Acknowledged creates to wait for before the kill, so that it lands mid-stream. */
const ackedBeforeKill = 60;

async function postgresAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * Streams creates from several clients until `ackedBeforeKill` are acknowledged, kills the
 * server hard, and answers the acknowledged ids and how many requests were cut off.
 */
async function createsUntilKilled(server: RunningServer, token: string) {
  const acknowledged: string[] = [];
  let cutOff = 0;
  let killed = false;
  let killTimer: NodeJS.Timeout | undefined;
  let sequence = 0;
  const client = async () => {
    while (!killed) {
      const title = `Crash test notice ${++sequence}`;
      try {
        const response = await fetch(`${server.url}/api/Notice/notices`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ Title: title, about: "x".repeat(500) }),
        });
        const body = await response.json();
        if (response.status === 201) acknowledged.push(body.insertedId);
        else throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
      } catch (error) {
        if (!killed) throw error;
        cutOff++;
        return;
      }
      if (!killTimer && acknowledged.length >= ackedBeforeKill) {
        // The kill comes from a timer, a moment later: by then every client has sent its next
        // create. Killing here raced the others' answers, which could all be in already.
        killTimer = setTimeout(() => {
          killed = true;
          process.kill(server.pid as number, "SIGKILL");
        }, 10);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { acknowledged, cutOff };
}

async function crashAndRestart(env: Record<string, string>, dataDir: string) {
  const first = await startServer({ env, dataDir });
  const signIn = await apiSignIn(first, adminAccount.email, adminAccount.password);
  expect(signIn.status).toBe(200);
  const { token } = sessionOf(signIn);
  const { acknowledged, cutOff } = await createsUntilKilled(first, token);
  const exit = await first.stop();
  expect(exit.signal).toBe("SIGKILL");
  // Killed mid-stream: requests were still on their way.
  expect(cutOff).toBeGreaterThan(0);
  expect(acknowledged.length).toBeGreaterThanOrEqual(ackedBeforeKill);

  const second = await startServer({ env, dataDir });
  try {
    const missing: string[] = [];
    for (const id of acknowledged) {
      const response = await fetch(`${second.url}/api/Notice/notices/${id}`);
      if (response.status !== 200) missing.push(`${id}: ${response.status}`);
    }
    expect(missing).toEqual([]);
    const total = Number(
      (await fetch(`${second.url}/api/Notice/notices?limit=1`)).headers.get("x-total-count"),
    );
    expect(total).toBeGreaterThanOrEqual(acknowledged.length);
    // And it still takes writes.
    const again = await fetch(`${second.url}/api/Notice/notices`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ Title: "After the crash" }),
    });
    expect(again.status).toBe(201);
  } finally {
    await second.stop();
  }
}

describe("a writer killed with SIGKILL mid-stream", () => {
  it("loses no acknowledged create on PGlite", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-crash-"));
    try {
      await crashAndRestart(adminEnv, dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("loses no acknowledged create on PostgreSQL", async ({ skip }) => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!(await postgresAnswers(adminUrl))) skip("PostgreSQL does not answer (set TEST_DATABASE_URL)");
    const name = `maktab_crash_${randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-crash-"));
    try {
      await crashAndRestart({ ...adminEnv, DATABASE_URL: url.toString() }, dataDir);
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
