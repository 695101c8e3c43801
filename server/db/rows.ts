// The rows of a raw query: PGlite's driver answers { rows }, postgres.js an array.
import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
