// The records generation: the database's count of stored changes, of content or not (an order
// paid by a provider's callback, a visitor's message, an order expired, a change made with SQL).
// A trigger on every table that a page shows takes the next value when a change commits
// (migration 0017), so it is the same for every process on the database. A signed-in person's
// own pages are kept under it (decision 0038).
import type { Database } from "../db/client";
import { sequenceState } from "../db/rows";
import { freshRead } from "./fresh-read";

/**
 * The generation now, read with one small query (shared by the requests that arrive while one
 * runs); null when it cannot be read: a page is then not kept by it.
 */
export function createRecordsGeneration(db: Pick<Database, "execute">): () => Promise<string | null> {
  return freshRead(() => sequenceState(db, "records_generation"));
}
