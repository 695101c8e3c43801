// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when a URL is given. Both speak
// the same SQL, so the schema, the migrations and every query are shared.
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { projectRoot } from "../project-root";
import { isOutOfSpace } from "../storage-full";
import { checkRoomForNewDatabase, holdsDatabase, openingError, removeHalfMade } from "./data-folder-space";
import { lockFolder } from "./folder-lock";
import { templateFor } from "./pglite-template";
import { queryCounter } from "./query-count";
import * as schema from "./schema";
import { watchForStalls } from "./stall-watch";
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from "./timeouts";
import { answerWithin } from "./unavailable";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** How long it waits for PostgreSQL (server/db/timeouts.ts); PGlite answers in process. */
  timeouts: DatabaseTimeouts;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other app process on this database runs its own (PostgreSQL: an
   * advisory lock), so processes starting together do not migrate or seed at the same time.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless another app process is running its own under this name (PostgreSQL: a
   * try-lock, which never waits); answers undefined when it did not run.
   */
  tryExclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /** Throws when the database does not answer within the check timeout. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(projectRoot(), "server/db/migrations");

/**
 * `url` selects PostgreSQL; otherwise PGlite keeps its files in `dataDir`
 * (in memory when `dataDir` is undefined, which the tests use).
 */
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  timeouts?: DatabaseTimeouts;
  /**
   * A dumped PGlite cluster that a new database starts as, instead of the build's empty one: the
   * tests start each of their databases from one migrated once (tests/fixtures/migrated-cluster.ts).
   */
  startFrom?: Blob;
}): DatabaseHandle {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  const checkMs = timeouts.checkSeconds * 1000;
  if (options.url) {
    const { url } = options;
    const stalls = watchForStalls(url, { checkMs, connectSeconds: timeouts.connectSeconds });
    // Every wait is bounded (docs/configuration.md, "Database timeouts"): connecting, each
    // statement on the server, and a connection that stops answering (the stall watch).
    const settings = {
      connect_timeout: timeouts.connectSeconds,
      idle_timeout: timeouts.idleSeconds,
      // After a failed connection, the next try waits this long (seconds): postgres.js grows it to
      // 20 s while the server is down, and the request that asked would wait all of it.
      backoff: (tries: number) => Math.min(3 ** tries / 100, 0.5),
      onnotice: () => {},
      socket: stalls.socket,
    };
    const statementTimeout = (seconds: number) => ({ statement_timeout: seconds * 1000 });
    const client = postgres(url, {
      ...settings,
      max: 10,
      ...(timeouts.statementSeconds > 0 ? { connection: statementTimeout(timeouts.statementSeconds) } : {}),
    });
    const db = drizzlePostgres({ client, schema, casing: "snake_case", logger: queryCounter });
    return {
      db,
      kind: "postgres",
      timeouts,
      // On a connection of its own without the statement timeout: building an index on a large
      // table may take longer than any request should.
      async migrate() {
        const own = postgres(url, { ...settings, max: 1, connection: statementTimeout(0) });
        try {
          await migratePostgres(drizzlePostgres({ client: own, schema, casing: "snake_case" }), {
            migrationsFolder,
          });
        } finally {
          await own.end({ timeout: 5 });
        }
      },
      async exclusive(work) {
        // A session lock lives on one connection: hold one aside for it.
        const connection = await client.reserve();
        try {
          // Another process may take a while over its migrations: wait for it however long.
          await connection`set statement_timeout = 0`;
          await connection`select pg_advisory_lock(hashtext('maktab startup'))`;
          try {
            return await work();
          } finally {
            await connection`select pg_advisory_unlock(hashtext('maktab startup'))`;
            await connection`reset statement_timeout`;
          }
        } finally {
          connection.release();
        }
      },
      async tryExclusive(name, work) {
        const connection = await client.reserve();
        try {
          const [row] = await connection`select pg_try_advisory_lock(hashtext(${name})) as locked`;
          if (!row?.locked) return undefined;
          try {
            return await work();
          } finally {
            await connection`select pg_advisory_unlock(hashtext(${name}))`;
          }
        } finally {
          connection.release();
        }
      },
      ping: async () => void (await answerWithin(db.execute(sql`select 1`), checkMs)),
      async close() {
        await stalls.stop();
        await client.end({ timeout: 5 });
      },
    };
  }
  // In memory there is no folder to check nor to share.
  const folder = options.dataDir;
  let fresh = false;
  let kept: string[] = [];
  let release = () => {};
  if (folder) {
    try {
      mkdirSync(folder, { recursive: true });
      fresh = !holdsDatabase(folder);
      kept = readdirSync(folder);
      // A new database that would not fit stops the start before anything is written.
      if (fresh) checkRoomForNewDatabase(folder);
      // One process per folder (folder-lock.ts).
      release = lockFolder(folder);
    } catch (error) {
      throw openingError(error, folder, fresh);
    }
  }
  // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which never
  // shrinks: a school's tables fit in 32 MB, and the budget for the idle process is 350 MB (with
  // 128 MB it idled at about 430 MB; with 32 MB at about 310 MB, and started faster). PGlite writes
  // these lines as the data folder's postgresql.conf at every start.
  const client = new PGlite(options.dataDir, {
    postgresqlconf: ["shared_buffers = 32MB"],
    // A new database starts from the dumped empty cluster instead of running initdb (2 s saved).
    loadDataDir: options.startFrom ?? templateFor(options.dataDir),
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger: queryCounter });
  return {
    db,
    kind: "pglite",
    timeouts,
    // The first statement opens (or creates) the database: the disk filling up then says which
    // folder needs how much, and a creation cut short leaves nothing behind.
    async migrate() {
      try {
        await migratePglite(db, { migrationsFolder });
      } catch (error) {
        if (!folder || !isOutOfSpace(error)) throw error;
        if (fresh) {
          await client.close().catch(() => {});
          release();
          removeHalfMade(folder, kept);
        }
        throw openingError(error, folder, fresh);
      }
    },
    // One process per PGlite folder: nobody to wait for.
    exclusive: (work) => work(),
    tryExclusive: (_name, work) => work(),
    ping: async () => void (await answerWithin(db.execute(sql`select 1`), checkMs)),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
