// Shared by the abuse suite: an in-process app with an admin and two ordinary users, the list of
// REST endpoints, and a fingerprint of everything stored, to prove a refused request stored nothing.
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { endpoints } from "../../server/api";
import type { AnyEndpoint } from "../../server/api/endpoint";
import type { Database } from "../../server/db/client";
import { simplePdf } from "../../server/sample-content/pdf";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

export const adminAccount = { email: "head@abuse.test", password: "head-password-1" };

export type World = {
  t: TestApp;
  admin: Session;
  /** An ordinary user: the author of the comments and the buyer of the orders the tests make. */
  alice: Session;
  /** Another ordinary user. */
  bob: Session;
};

/** The SMS gateway's shared secret for its webhooks (/api/sms/inbound, /api/sms/delivery-reports). */
export const gatewaySecret = "abuse-gateway-secret-0123456789";

export async function createWorld(kind: "pglite" | "postgres" = "pglite"): Promise<World> {
  // TRUST_PROXY: each request may name its own client address, so per-address limits
  // (contact, subscribe) do not get in the way of calls that are not about them.
  const t = await createTestApp(kind, {
    ADMIN_EMAIL: adminAccount.email,
    ADMIN_PASSWORD: adminAccount.password,
    TRUST_PROXY: "on",
    SMS_INBOUND_SECRET: gatewaySecret,
  });
  const admin = await t.signIn(adminAccount.email, adminAccount.password);
  const alice = await t.signUp("alice@abuse.test", "alice-password-1", "Alice");
  const bob = await t.signUp("bob@abuse.test", "bob-password-1", "Bob");
  return { t, admin, alice, bob };
}

/** An image link (the upload tests send files instead). */
export const image = "https://img.example/photo.jpg";
/** A valid body for a create of each kind of content, and where it is sent. */
export const kinds = {
  admission: {
    path: "/api/AddAdmition",
    body: { title: "Class Six", price: "120.50", about: "Seats", image },
  },
  result: { path: "/api/result/Addresult", body: { title: "Final results", information: "All passed" } },
  blog: {
    path: "/api/blog/blogs",
    body: { title: "Sports day", email: "head@abuse.test", blog: "It rained.", catagori: "News" },
  },
  notice: { path: "/api/Notice/notices", body: { Title: "Holiday", about: "Closed on Friday" } },
  service: { path: "/api/service/addServices", body: { serviceName: "Hifz", about: "Memorising" } },
  student: {
    path: "/api/student/addStudent",
    body: { name: "Karim", email: "karim@abuse.test", description: "Class six" },
  },
  teacher: {
    path: "/api/teacher/addTeacher",
    body: { name: "Mr Rahman", email: "rahman@abuse.test", phone: "01700000000", address: "Dhaka" },
  },
  comment: {
    path: "/api/blog/comment",
    body: { name: "Alice", email: "alice@abuse.test", info: "Well done" },
  },
  event: {
    path: "/api/events",
    body: { title: "Sports day", start: "2026-12-22T08:30", end: "2026-12-22T15:00", category: "event" },
  },
  // Sent as multipart with a real PDF as `file` (createBody).
  download: {
    path: "/api/downloads",
    body: { title: "Admission form", category: "form", description: "Bring it to the office" },
  },
  album: {
    path: "/api/gallery",
    body: { title: "Sports day", description: "On the field", heldOn: "2026-12-22" },
  },
} as const;
export type Kind = keyof typeof kinds;

/** A create's body: the kind's fields, or for a kind whose records are a file, multipart with a PDF. */
export function createBody(
  kind: Kind,
  extra: Record<string, string> = {},
): Record<string, unknown> | FormData {
  const body = { ...kinds[kind].body, ...extra };
  if (kind !== "download") return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.set(name, String(value));
  const pdf = simplePdf("Admission form", ["Name:", "Class:"]);
  form.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "form.pdf");
  return form;
}

/** Sends a body as JSON, or a FormData as multipart. */
export function sendBody(
  t: TestApp,
  pathname: string,
  method: string,
  body: unknown,
  init: Parameters<TestApp["request"]>[1] = {},
): Response | Promise<Response> {
  return body instanceof FormData
    ? t.request(pathname, { ...init, method, body })
    : t.json(pathname, method, body, init);
}

/** How a row of a table names an endpoint: its method and first path. */
export const endpointKey = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.paths[0]}`;

/** Every call that may change something: all but GET. */
export const stateChangingEndpoints = () => endpoints.filter((endpoint) => endpoint.method !== "GET");

// Bookkeeping that a refused request may rightly touch: rate-limit counters, an audit trail of
// refusals, sessions and verification tokens (never touched by the REST calls themselves).
const bookkeeping = new Set(["rate_limits", "audit_entries", "sessions", "verifications"]);

/** Every table but the bookkeeping ones (and the test's own, named "__..."). */
async function watchedTables(db: Database): Promise<string[]> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows?: { name: string }[] } & { name: string }[];
  // PGlite answers {rows}, postgres.js an array.
  return (tables.rows ?? tables)
    .map((row) => row.name)
    .filter((name) => !bookkeeping.has(name) && !name.startsWith("__"));
}

/**
 * A hash of every row of every table but the bookkeeping ones (or of the tables named), by table.
 * Tables added later are included without a change here, so a new feature's table is watched too.
 */
export async function fingerprint(db: Database, only?: string[]): Promise<Record<string, string>> {
  const names = only ?? (await watchedTables(db));
  if (names.length === 0) return {};
  const parts = names.map(
    (name) =>
      sql`select ${name}::text as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from ${sql.identifier(name)} x`,
  );
  const query = sql.join(parts, sql` union all `);
  const result = (await db.execute(query)) as unknown as { rows?: { name: string; hash: string }[] } & {
    name: string;
    hash: string;
  }[];
  return Object.fromEntries((result.rows ?? result).map((row) => [row.name, row.hash]));
}

/**
 * What fingerprint() tells, for many requests in a row at a fraction of its cost (hashing every
 * table twice per request was most of the fuzzer's time): a trigger on every watched table notes
 * its name when a statement inserts, updates, deletes or truncates there, and only the tables
 * noted are hashed again. A write the app rolls back takes its note with it. changed() names the
 * tables whose rows differ from the last call (or from the start), as changedTables() would.
 */
export async function watchWrites(db: Database): Promise<{ changed(): Promise<string[]> }> {
  const names = await watchedTables(db);
  await db.execute(sql`create table if not exists "__written" (name text primary key)`);
  await db.execute(
    sql.raw(`create or replace function "__note_write"() returns trigger language plpgsql as $$
      begin insert into "__written" values (TG_TABLE_NAME) on conflict do nothing; return null; end $$`),
  );
  for (const name of names) {
    await db.execute(
      sql`create or replace trigger "__note_write" after insert or update or delete or truncate on ${sql.identifier(name)}
          for each statement execute function "__note_write"()`,
    );
  }
  await db.execute(sql`delete from "__written"`);
  let stored = await fingerprint(db, names);
  return {
    async changed() {
      const noted = (await db.execute(sql`delete from "__written" returning name`)) as unknown as {
        rows?: { name: string }[];
      } & { name: string }[];
      const written = (noted.rows ?? noted).map((row) => row.name);
      if (written.length === 0) return [];
      const now = await fingerprint(db, written);
      const changed = changedTables(pick(stored, written), now);
      stored = { ...stored, ...now };
      return changed;
    },
  };
}

const pick = (hashes: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, hashes[name] ?? ""]));

/** Which tables differ between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

/** Every file under a folder, relative to it (empty when the folder does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Fills `:name` segments of an endpoint's path. */
export const fillPath = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "missing"));

/** The error shape every refusal has: {error: {code, message}} with strings. */
export function errorShapeProblem(status: number, text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} answer is not JSON: ${text.slice(0, 200)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== "string" || typeof error.message !== "string" || !error.message) {
    return `${status} answer is not {error: {code, message}}: ${text.slice(0, 200)}`;
  }
  return undefined;
}
