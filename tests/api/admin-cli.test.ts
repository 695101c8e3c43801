// `npm run admin`, run as the office would: a child process (the built build/server/admin.js) on a data
// folder of the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set. What it does
// is checked through the app itself: who can sign in with which password, who is an admin.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/container-factory";
import { openDatabase } from "../../server/db/client";
import { createApp } from "../../server/http";
import { runBuilt } from "../fixtures/commands";
import { origin } from "../fixtures/test-app";

const admin = (env: Record<string, string>, args: string[], stdin = "") =>
  runBuilt("admin", env, args, stdin);

type Target = { env: Record<string, string>; cleanup: () => Promise<void> };

async function embedded(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-admin-cli-"));
  return {
    env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `maktab_cli_${randomBytes(6).toString("hex")}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-admin-cli-"));
  return {
    env: {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    },
    cleanup: async () => {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on the same database, as the server would open it, for as long as `work` runs. */
async function withServer<T>(
  target: Target,
  work: (
    signIn: (email: string, password: string) => Promise<{ status: number; admin?: boolean }>,
    app: ReturnType<typeof createApp>,
  ) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: origin,
    LOG_LEVEL: "silent",
    SAMPLE_CONTENT: "off",
    ...target.env,
  });
  const database = openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
  const services = await createServices(config, pino({ level: "silent" }), database);
  const app = createApp(services);
  const signIn = async (email: string, password: string) => {
    const response = await app.request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) return { status: response.status };
    const token = response.headers.get("set-auth-token");
    const flag = await app.request(`${origin}/api/User/users/${email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, admin: ((await flag.json()) as { admin: boolean }).admin };
  };
  try {
    return await work(signIn, app);
  } finally {
    await services.pageCache.close();
    await database.close();
  }
}

const targets: [string, () => Promise<Target>][] = [
  ["the embedded database", embedded],
  ...(process.env.TEST_DATABASE_URL
    ? [["PostgreSQL", postgresTarget] as [string, () => Promise<Target>]]
    : []),
];

// Each run is a new Node process that loads the server's code and opens the database: seconds.
describe.each(targets)("npm run admin on %s", (_name, makeTarget) => {
  let target: Target;
  beforeAll(async () => {
    target = await makeTarget();
  });
  afterAll(() => target?.cleanup());

  it("refuses a password on the command line and an unknown command before opening anything", async () => {
    // All three at once: none of them opens the database (which one process at a time may hold).
    const [onArgv, unknown, noPassword] = await Promise.all([
      admin(target.env, ["create", "office@school.test", "--password=secret-password"]),
      admin(target.env, ["destroy", "office@school.test"]),
      admin(target.env, ["create", "office@school.test"]),
    ]);
    expect(onArgv.code).toBe(2);
    expect(onArgv.stderr).toMatch(/ADMIN_PASSWORD or use --password-stdin/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command 'destroy'/);
    expect(unknown.stderr).toMatch(/reset-password/);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/needs a password/);
  }, 120_000);

  it("creates an admin, promotes and demotes, never the last admin, and resets a password", async () => {
    // The server's own address, where the office signs in: its PORT here.
    const created = await admin({ ...target.env, ADMIN_PASSWORD: "office-password-1", PORT: "8080" }, [
      "create",
      "office@school.test",
    ]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created the admin account office@school.test/);
    expect(created.stdout).toContain("Sign in at http://localhost:8080/login");

    const again = await admin({ ...target.env, ADMIN_PASSWORD: "office-password-1" }, [
      "create",
      "office@school.test",
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists already/);

    const lastAdmin = await admin(target.env, ["demote", "office@school.test"]);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toMatch(/at least one admin/);

    const nobody = await admin(target.env, ["promote", "nobody@school.test"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/No account with the e-mail nobody@school.test/);

    const short = await admin(
      target.env,
      ["reset-password", "office@school.test", "--password-stdin"],
      "short\n",
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/too short: it needs at least 8 characters/);

    const reset = await admin(
      target.env,
      ["reset-password", "office@school.test", "--password-stdin"],
      "a new long password\n",
    );
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/Set the password of office@school.test/);

    await withServer(target, async (signIn) => {
      expect((await signIn("office@school.test", "office-password-1")).status).toBe(401);
      expect(await signIn("office@school.test", "a new long password")).toEqual({ status: 200, admin: true });
    });
  }, 180_000);

  it("disables an account (no sign-in, its sessions end) and enables it, never the last admin", async () => {
    const created = await admin(
      { ...target.env, ADMIN_PASSWORD: "teacher-password-1", PUBLIC_URL: "https://school.example.bd/" },
      ["create", "teacher@school.test"],
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Sign in at https://school.example.bd/login");
    // A session made before the account is disabled.
    const token = await withServer(target, async (_signIn, app) => {
      const response = await app.request(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "teacher@school.test", password: "teacher-password-1" }),
      });
      expect(response.status).toBe(200);
      return response.headers.get("set-auth-token");
    });

    const disabled = await admin(target.env, ["disable", "Teacher@School.test"]);
    expect(disabled.stderr).toBe("");
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toMatch(
      /Disabled Teacher@School.test: it cannot sign in, and its sessions are signed out/,
    );
    const again = await admin(target.env, ["disable", "teacher@school.test"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/disabled already/);
    // office@ is now the only admin who can sign in.
    const last = await admin(target.env, ["disable", "office@school.test"]);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/at least one admin/);
    const nobody = await admin(target.env, ["disable", "nobody@school.test"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/No account with the e-mail nobody@school.test/);

    await withServer(target, async (signIn, app) => {
      expect((await signIn("teacher@school.test", "teacher-password-1")).status).toBe(403);
      const session = await app.request(`${origin}/api/auth/get-session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await session.json()).toBeNull();
    });

    const enabled = await admin(target.env, ["enable", "teacher@school.test"]);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toMatch(/Enabled teacher@school.test: it can sign in again/);
    const notDisabled = await admin(target.env, ["enable", "teacher@school.test"]);
    expect(notDisabled.stdout).toMatch(/is not disabled/);
    await withServer(target, async (signIn) => {
      expect(await signIn("teacher@school.test", "teacher-password-1")).toEqual({ status: 200, admin: true });
    });
  }, 180_000);

  it("refuses the embedded database while the server holds it", async (context) => {
    if (target.env.DATABASE_URL) context.skip();
    await withServer(target, async () => {
      const busy = await admin(target.env, ["promote", "office@school.test"]);
      expect(busy.code).toBe(3);
      expect(busy.stderr).toMatch(/open in another process \(pid \d+\)/);
      expect(busy.stderr).toMatch(/stop that process/);
    });
    // Once the server has stopped, it works.
    const promoted = await admin(target.env, ["promote", "office@school.test"]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(/is an admin already/);
  }, 120_000);
});
