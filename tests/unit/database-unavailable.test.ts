// Which errors say that the database is not answering (503 with Retry-After), and which are a
// refusal of one statement or another dependency's trouble (server/db/unavailable.ts). The errors
// are made as the drivers make them: postgres.js's PostgresError and connection errors, Node's
// system errors, drizzle's wrapper of a failed statement. A closed PGlite is in
// tests/api/database-outage.test.ts.
import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { answerWithin, DatabaseNotAnswering, isDatabaseUnavailable } from "../../server/db/unavailable";

/** A server's error as postgres.js makes it, by its SQLSTATE. */
const serverError = (code: string) =>
  new postgres.PostgresError({ code, severity: "FATAL", message: `condition ${code}` } as never);

/** A system error of Node's network calls. */
const systemError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });

/** As postgres.js hands a connection's error to a statement: marked with the statement. */
const toStatement = (error: Error) => Object.assign(error, { query: "select 1", parameters: [] });

describe("a database that is not answering", () => {
  it("is told by PostgreSQL's conditions for the server, not the statement", () => {
    for (const code of ["57P01", "57P02", "57P03", "57014", "53300", "08000", "08006", "08001", "08P01"]) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], serverError(code))), code).toBe(
        true,
      );
    }
    for (const code of ["23505", "23503", "22P02", "42P01", "40001", "42501"]) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(false);
      expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], serverError(code))), code).toBe(
        false,
      );
    }
  });

  it("is told by a connection that failed, was closed or timed out on the way to a statement", () => {
    for (const code of ["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]) {
      expect(isDatabaseUnavailable(systemError(code)), code).toBe(true);
    }
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]) {
      expect(isDatabaseUnavailable(toStatement(systemError(code))), code).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], systemError(code))), code).toBe(
        true,
      );
    }
    expect(isDatabaseUnavailable(new DatabaseNotAnswering(1000))).toBe(true);
  });

  it("is not told by another server's network trouble (S3, mail, a payment provider)", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND"]) {
      expect(isDatabaseUnavailable(systemError(code)), code).toBe(false);
      // fetch's "fetch failed", caused by the refused connection.
      expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: systemError(code) })), code).toBe(
        false,
      );
    }
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("is told within a bound by a check that gets no answer", async () => {
    const never = new Promise<never>(() => {});
    const error = await answerWithin(never, 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseNotAnswering);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await expect(answerWithin(Promise.resolve("answer"), 1000)).resolves.toBe("answer");
  });
});
