// The records generation: the database's count of stored changes, of content or not (an order
// paid by a provider's callback, a visitor's message, an order expired, a change made with SQL).
// A trigger on every table that a page shows takes the next value when a change commits
// (migration 0017), so it is the same for every process on the database. A signed-in person's
// own pages are kept by it (decision 0038).
import type { Database } from "../db/client";
import { sequenceState } from "../db/rows";
import { answerWithin } from "../db/unavailable";
import { freshRead } from "./fresh-read";

/**
 * The generation now, read with one small query (shared by the requests that arrive while one
 * runs); null when it cannot be read within `boundMs` (a database that does not answer): a page
 * is then not kept by it.
 */
export function createRecordsGeneration(
  db: Pick<Database, "execute">,
  boundMs: number,
): () => Promise<string | null> {
  return freshRead(() => answerWithin(sequenceState(db, "records_generation"), boundMs).catch(() => null));
}
