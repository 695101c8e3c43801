// The rows of a raw query: PGlite's driver answers { rows }, postgres.js an array.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";

export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * A sequence's state as text (its last value and whether it was taken): it changes with every
 * nextval. Null when it cannot be read.
 */
export async function sequenceState(db: Pick<Database, "execute">, name: string): Promise<string | null> {
  try {
    const [row] = await rowsOf<{ value: string }>(
      db,
      sql`select last_value || ':' || is_called as value from ${sql.identifier(name)}`,
    );
    return row?.value ?? null;
  } catch {
    return null;
  }
}
