// Whether an error means that the database is not answering (stopped, unreachable, shutting down,
// cut off, timed out, closed), as against refusing one statement (a constraint, a bad value). A
// request that meets such an error gets 503 with Retry-After, from the REST API and from the pages
// alike (docs/decisions/0044-database-outage-answers.md), instead of 500 "Something went wrong".
import { sqlState } from "./database-errors";

/** What a 503 for the database says in Retry-After: seconds before trying again. */
export const databaseRetryAfterSeconds = 5;

/** The database gave no answer in time: a bounded check, or a connection that stopped answering. */
export class DatabaseNotAnswering extends Error {
  override name = "DatabaseNotAnswering";
  readonly code = "ETIMEDOUT";
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
  }
}

/** `work`'s answer, or DatabaseNotAnswering when it takes longer than `ms`. */
export async function answerWithin<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseNotAnswering(ms)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// PostgreSQL's conditions (SQLSTATE) that say the server, not the statement, is the trouble: any of
// class 08 (connection exception), and these. 57014 is a statement cancelled by statement_timeout.
const serverStates = new Set([
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57014", // query_canceled: statement_timeout
  "53300", // too_many_connections
]);

// postgres.js's own codes for a connection that failed, was closed or timed out.
const driverCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

// The system's codes for a network that failed. Other dependencies meet them too (S3, SMTP, a
// payment provider), so they count only on an error that came to a database statement.
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const pgliteClosed = /^PGlite is clos(ed|ing)$/;

type Fields = { code?: unknown; cause?: unknown; errors?: unknown };

/**
 * Whether `error`, or an error it was caused by, says the database is not answering. A network
 * error counts when it reached a statement: postgres.js marks the errors it hands a statement with
 * the statement's `query`, and drizzle wraps them in an error that carries the `query` too.
 */
export function isDatabaseUnavailable(error: unknown, viaStatement = false, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error instanceof DatabaseNotAnswering || pgliteClosed.test(error.message)) return true;
  const fields = error as Fields;
  const statement = viaStatement || "query" in error;
  const code = typeof fields.code === "string" ? fields.code : "";
  if (sqlState.test(code) && (code.startsWith("08") || serverStates.has(code))) return true;
  if (driverCodes.has(code) || (statement && networkCodes.has(code))) return true;
  if (isDatabaseUnavailable(fields.cause, statement, depth + 1)) return true;
  return (
    Array.isArray(fields.errors) &&
    fields.errors.some((inner) => isDatabaseUnavailable(inner, statement, depth + 1))
  );
}
