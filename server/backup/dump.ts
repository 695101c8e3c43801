// A logical dump: every table's rows as JSON lines, read in one transaction so that they are one
// moment of the database (PostgreSQL: repeatable read, read only, on a connection of its own, so
// the site keeps writing meanwhile; PGlite: one transaction of the one connection, during which the
// site's own queries wait). The tables and their order come from the database itself, not from
// schema.ts, so a database at an older migration (before an upgrade) dumps just as well.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

export type DumpedTable = { name: string; rows: number; lines: string };

export type Dump = {
  tables: DumpedTable[];
  /** Tables whose rows were left out, with why. */
  leftOut: { name: string; why: string }[];
  /** The last migration applied (drizzle's created_at, the journal's `when`). */
  migration: number;
  /** Every stored file a record of this moment names (uploaded_files' variants, the downloads' documents). */
  fileKeys: string[];
};

/** Rows that are secrets: left out unless asked for. */
const secretTables: Record<string, string> = {
  sessions: "sign-in sessions (secrets)",
  verifications: "one-time codes and reset tokens (secrets)",
  provider_tokens: "payment providers' access tokens (secrets)",
};

/**
 * Columns that are secrets: emptied unless asked for. Password hashes stay: they are the school's
 * data (salted scrypt, bound to no key of this install), and without them a restored site lets
 * nobody in; the tokens that reach sign-in providers do not.
 */
const secretColumns: Record<string, string[]> = {
  accounts: ["access_token", "refresh_token", "id_token"],
  orders: ["provider_client_secret"],
};

/** Rows that only matter to the running processes, never kept. */
const passingTables: Record<string, string> = {
  rate_limits: "rate-limit counters (they start again)",
  scheduled_backups: "the schedule's own runs",
  comment_counts: "each blog's count of comments (counted again as the comments load)",
  comment_totals: "the comments of each blog status (counted again as the comments load)",
};

type Executor = Pick<Database, "execute">;

/** The app's tables, each after the tables it refers to (a self-reference aside). */
export async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint k
        join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const { child, parent } of references) if (child === name && parent !== name) visit(parent, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered;
}

/** The last applied migration's time, or 0 on a database never migrated. */
export async function migrationLevel(db: Executor): Promise<number> {
  const [present] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return 0;
  const [row] = await rowsOf<{ level: string | number | null }>(
    db,
    sql`select max(created_at) as level from drizzle.__drizzle_migrations`,
  );
  return Number(row?.level ?? 0);
}

const quoted = (name: string) => sql.identifier(name);

export async function dumpDatabase(db: Database, options: { withSecrets: boolean }): Promise<Dump> {
  return db.transaction(
    async (tx) => {
      // A large table takes longer to read whole than DATABASE_STATEMENT_TIMEOUT allows a request.
      await tx.execute(sql`set local statement_timeout = 0`);
      const tables: DumpedTable[] = [];
      const leftOut: Dump["leftOut"] = [];
      for (const name of await tablesInOrder(tx)) {
        const passing = passingTables[name];
        const secret = options.withSecrets ? undefined : secretTables[name];
        if (passing || secret) {
          leftOut.push({ name, why: (passing ?? secret) as string });
          continue;
        }
        const dropped = options.withSecrets ? [] : (secretColumns[name] ?? []);
        // PostgreSQL writes the JSON itself: every type (bigint, jsonb, timestamps, bytea) as text
        // that jsonb_populate_recordset reads back, the same on PGlite and PostgreSQL.
        const row = dropped.reduce<SQL>((json, column) => sql`${json} - ${column}::text`, sql`to_jsonb(t)`);
        const lines = await rowsOf<{ line: string }>(
          tx,
          sql`select (${row})::text as line from ${quoted(name)} t order by 1`,
        );
        tables.push({
          name,
          rows: lines.length,
          lines: lines.map((item) => `${item.line}\n`).join(""),
        });
      }
      const files = await rowsOf<{ key: string }>(
        tx,
        sql`select distinct v->>'key' as key from uploaded_files, jsonb_array_elements(variants) v
            where v->>'key' is not null order by 1`,
      );
      // The downloads' documents (migration 0013; an older database has no such table).
      const [downloads] = await rowsOf<{ present: boolean }>(
        tx,
        sql`select to_regclass('public.downloads') is not null as present`,
      );
      const documents = downloads?.present
        ? await rowsOf<{ key: string }>(tx, sql`select file_key as key from downloads order by 1`)
        : [];
      // Admission applications' PDFs (migration 0027).
      const [applications] = await rowsOf<{ present: boolean }>(
        tx,
        sql`select to_regclass('public.admission_documents') is not null as present`,
      );
      const applicationFiles = applications?.present
        ? await rowsOf<{ key: string }>(
            tx,
            sql`select file_key as key from admission_documents where file_key is not null order by 1`,
          )
        : [];
      const fileKeys = [...files, ...documents, ...applicationFiles].map((file) => file.key);
      return { tables, leftOut, migration: await migrationLevel(tx), fileKeys };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
