// Query plans with volume, on the embedded database and on PostgreSQL (when TEST_DATABASE_URL is
// set): 1,000 records of every kind and 10,000 comments, then the public and admin lists, records
// and the home page are asked for through the app while every query is recorded. Each recorded
// query is explained: none may read a large table from end to end. PostgreSQL's autovacuum
// gathers the planner's statistics (the test runs VACUUM ANALYZE in its place); on the embedded
// database, which has none, the server's own upkeep does (server/db/upkeep.ts). A search (`q`, a contains match) is the known
// exception: it reads the table it searches (docs/decisions/0013-page-cache.md); so is the total
// of the whole comment list, which counts every comment a reader may see.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Logger as QueryLogger } from "drizzle-orm/logger";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import pino from "pino";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHome } from "../../app/routes/home.server";
import { loadConfig } from "../../server/config";
import type { Database, DatabaseHandle } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { defaultDatabaseTimeouts } from "../../server/db/timeouts";
import { vacuumAndAnalyze } from "../../server/db/upkeep";
import { anonymous } from "../../server/domain/actor";
import { createApp } from "../../server/http";
import { projectRoot } from "../../server/project-root";
import { createServices } from "../../server/services-factory";
import { origin } from "../fixtures/test-app";

const adminUrl = process.env.TEST_DATABASE_URL;

const largeTables = [
  "admissions",
  "blogs",
  "comments",
  "notices",
  "results",
  "services",
  "students",
  "teachers",
] as const;

const volume = `
insert into admissions (title, about, price_minor, image_url, created_at)
  select 'Admission ' || g, repeat('About the admission. ', 20), 10000 + g, 'https://img.example/a.jpg', now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into notices (title, about, created_at)
  select 'Notice ' || g, repeat('About the notice. ', 20), now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into results (title, information, created_at)
  select 'Result ' || g, repeat('Result information. ', 20), now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into services (name, about, created_at)
  select 'Service ' || g, repeat('About the service. ', 20), now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into students (name, email, description, status, created_at)
  select 'Student ' || g, 's' || g || '@example.com', repeat('Student. ', 20),
    case when g % 10 = 0 then 'rejected' when g % 10 = 1 then 'pending' else 'approved' end,
    now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into teachers (name, email, phone, address, about, status, is_featured, created_at)
  select 'Teacher ' || g, 't' || g || '@example.com', '+8801700000000', 'Dhaka', repeat('Teacher. ', 20),
    case when g % 10 = 0 then 'rejected' when g % 10 = 1 then 'pending' else 'approved' end,
    g % 50 = 0, now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into blogs (title, author_email, body, category, status, created_at)
  select 'Blog ' || g, 'author@example.com', repeat('The body of the blog. ', 60), 'news',
    case when g % 10 = 0 then 'rejected' when g % 10 = 1 then 'pending' else 'approved' end,
    now() - g * interval '1 minute' from generate_series(1, 1000) g;
insert into comments (blog_id, name, email, message, created_at)
  select b.id, 'Reader ' || g, 'r' || g || '@example.com', 'A comment ' || g, now() - g * interval '1 second'
  from generate_series(1, 10000) g
  join (select id, row_number() over (order by created_at) - 1 as n from blogs) b on b.n = g % 1000;
`;

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function seqScansOn(node: PlanNode, tables: readonly string[]): string[] {
  const here =
    node["Node Type"] === "Seq Scan" && tables.includes(node["Relation Name"] ?? "")
      ? [node["Relation Name"] as string]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => seqScansOn(child, tables))];
}

/** A database whose every query the test records, and how to ask it directly. */
type Recorded = {
  handle: DatabaseHandle;
  /** Rows of a statement with $1-style parameters. */
  rows(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs statements separated by semicolons. */
  exec(text: string): Promise<void>;
  /** What keeps the planner's statistics on this database. */
  analyse(): Promise<void>;
  drop(): Promise<void>;
};

async function openRecorded(
  kind: "pglite" | "postgres",
  logger: QueryLogger,
  dataDir: string,
): Promise<Recorded> {
  if (kind === "pglite") {
    const pglite = new PGlite();
    const db = drizzlePglite({ client: pglite, schema, casing: "snake_case", logger });
    const handle: DatabaseHandle = {
      db,
      kind: "pglite",
      timeouts: defaultDatabaseTimeouts,
      migrate: () =>
        migratePglite(db, { migrationsFolder: path.join(projectRoot(), "server/db/migrations") }),
      exclusive: (work) => work(),
      tryExclusive: (_name, work) => work(),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pglite.close(),
    };
    return {
      handle,
      rows: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows,
      exec: async (text) => void (await pglite.exec(text)),
      // The server's own upkeep: the embedded database has no autovacuum.
      analyse: () => vacuumAndAnalyze(handle),
      drop: async () => {},
    };
  }
  const name = `maktab_plans_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 4, onnotice: () => {} });
  const db = drizzle({ client, schema, casing: "snake_case", logger });
  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    timeouts: defaultDatabaseTimeouts,
    migrate: () => migrate(db, { migrationsFolder: path.join(projectRoot(), "server/db/migrations") }),
    exclusive: (work) => work(),
    tryExclusive: (_name, work) => work(),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.end({ timeout: 5 }),
  };
  void dataDir;
  return {
    handle,
    rows: (text, params) => client.unsafe(text, (params ?? []) as never[]) as never,
    exec: async (text) => void (await client.unsafe(text)),
    // What PostgreSQL's autovacuum does in time.
    analyse: async () => void (await client.unsafe("vacuum analyze")),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const kinds = adminUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(kinds)("query plans on %s with 1,000 records of each kind", (kind) => {
  const recorded: { query: string; params: unknown[] }[] = [];
  let database: Recorded;
  let db: Database;
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-plans-"));

  beforeAll(async () => {
    database = await openRecorded(
      kind,
      { logQuery: (query, params) => recorded.push({ query, params }) },
      dataDir,
    );
    const handle = database.handle;
    db = handle.db;
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
    });
    const services = await createServices(config, pino({ level: "silent" }), handle);
    app = createApp(services);
    await database.exec(volume);
    await database.analyse();
    close = async () => {
      await services.pageCache.close();
      await handle.close();
    };
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads the large tables through indexes for lists, records and the home page", async () => {
    const signIn = await app.request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "head@school.test", password: "head-password-1" }),
    });
    const bearer = { authorization: `Bearer ${signIn.headers.get("set-auth-token")}` };
    const signUp = await app.request(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "reader@school.test", password: "reader-password-1", name: "Reader" }),
    });
    const user = { authorization: `Bearer ${signUp.headers.get("set-auth-token")}` };
    const [blog] = await database.rows("select id from blogs where status = 'approved' limit 1");
    const [notice] = await database.rows("select id from notices limit 1");

    const lists = [
      "/api/Admition/admition",
      "/api/blog/blogs",
      "/api/Notice/notices",
      "/api/result/results",
      "/api/service/services",
      "/api/student/students",
      "/api/teacher/teachers",
      "/api/blog/comment",
    ];
    const calls = [
      ...lists,
      ...lists.map((list) => `${list}?offset=500&limit=20`),
      `/api/blog/comment?blogId=${blog?.id}`,
      `/api/blog/blogs/${blog?.id}`,
      `/api/Notice/notices/${notice?.id}`,
    ];
    recorded.length = 0;
    for (const call of calls) {
      for (const headers of [{}, user, bearer]) {
        const response = await app.request(`${origin}${call}`, { headers });
        expect(response.status, call).toBe(200);
      }
    }
    const home = await loadHome({ db, images: { view: () => ({ url: "" }) } as never }, anonymous);
    await Promise.all(Object.values(home).filter((value) => value instanceof Promise));

    // Also known: the total of the whole comment list (no blogId) counts every comment of a blog
    // the reader may read, so it reads every comment either way; the planner reads the small
    // table rather than an index of it. Its page of comments and a blog's comments use indexes.
    const wholeCommentCount = /^select count\(\*\) from "comments" where exists/i;
    const queries = recorded.filter(
      ({ query }) =>
        /^select/i.test(query.trim()) &&
        largeTables.some((table) => query.includes(`"${table}"`)) &&
        !/ilike/i.test(query) &&
        !wholeCommentCount.test(query.trim()),
    );
    expect(queries.length).toBeGreaterThan(30);
    const scans: string[] = [];
    for (const { query, params } of queries) {
      const rows = await database.rows(`explain (format json) ${query}`, params);
      const plan = rows[0]?.["QUERY PLAN"] ?? [];
      // postgres.js parses the JSON; PGlite may hand it over as text.
      const [explained] = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      expect(explained, query).toBeDefined();
      const tables = seqScansOn((explained as { Plan: PlanNode }).Plan, largeTables);
      if (tables.length > 0) scans.push(`${tables.join(", ")}: ${query}`);
    }
    expect(scans).toEqual([]);
  }, 120_000);
});
