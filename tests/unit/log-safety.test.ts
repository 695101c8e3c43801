// What of an error or a text a log line may show (server/log-safety.ts): the secrets a failed
// statement, a provider's error or a careless message carries are left out, and what an operator
// needs (the kind, table, constraint, statement, system call) stays.
import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorForLog, scrubLine, scrubText, valueForLog } from "../../server/log-safety";
import { createLogger } from "../../server/logger";

const token = "Vb3kQ9zXr2LmN8pT4wYc6dHf1sJa7eUo";
const hash = `${"a1".repeat(16)}:${"9f".repeat(32)}`;

/** A PostgresError as postgres.js makes it: PostgreSQL's field names, the detail with the row. */
function postgresError(message: string, fields: Record<string, string>) {
  return Object.assign(new Error(message), { name: "PostgresError", severity: "ERROR", ...fields });
}

describe("errorForLog", () => {
  it("logs a failed statement by its verb and tables and its cause by kind, table and constraint", () => {
    const cause = postgresError('new row for relation "sessions" violates check constraint "one_per_token"', {
      code: "23514",
      table_name: "sessions",
      constraint_name: "one_per_token",
      detail: `Failing row contains (1, ${token})`,
    });
    const failed = new DrizzleQueryError(
      'insert into "sessions" ("id", "token") values ($1, $2)',
      ["1", token],
      cause,
    );
    const logged = errorForLog(failed);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      statement: "insert sessions",
      cause: { kind: "check_violation", code: "23514", table: "sessions", constraint: "one_per_token" },
    });
    expect(logged.cause?.message).toBe(
      'new row for relation "sessions" violates check constraint "one_per_token"',
    );
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(JSON.stringify(logged)).not.toMatch(/Failing row|params|detail/);
  });

  it("reads PGlite's field names too, and leaves out a quoted value that is not a name", () => {
    const pglite = Object.assign(new Error(`invalid input syntax for type uuid: "${token}"`), {
      name: "error",
      code: "22P02",
      severity: "ERROR",
      query: "select * from orders where id = $1",
      params: [token],
    });
    const logged = errorForLog(pglite);
    expect(logged).toMatchObject({
      kind: "invalid_text_representation",
      message: 'invalid input syntax for type uuid: "…"',
    });
    expect(JSON.stringify(logged)).not.toContain(token);
    // One of our tables, named in a message, stays.
    const missing = Object.assign(new Error('relation "verifications" does not exist'), {
      code: "42P01",
      severity: "ERROR",
    });
    expect(errorForLog(missing).message).toBe('relation "verifications" does not exist');
  });

  it("keeps a system error's code and call, and a cause's", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
      syscall: "connect",
      address: "127.0.0.1",
      port: 5432,
    });
    expect(errorForLog(new Error("fetch failed", { cause: refused }))).toMatchObject({
      message: "fetch failed",
      cause: { code: "ECONNREFUSED", syscall: "connect", address: "127.0.0.1", port: 5432 },
    });
  });

  it("scrubs any other error's message and the stack's first line", () => {
    const error = new Error(
      `GET https://api.example/cb?code=123456&state=x with Bearer ${token} for head@school.test`,
    );
    const logged = errorForLog(error);
    expect(logged.message).toBe("GET https://api.example/cb?[redacted] with Bearer [redacted] for [e-mail]");
    expect(logged.stack?.split("\n")[0]).toBe(`Error: ${logged.message}`);
    expect(logged.stack).toContain("\n    at ");
  });
});

describe("scrubText and scrubLine", () => {
  it.each([
    [`Failed query: select 1\nparams: ${token},x`, "Failed query: select 1\nparams: [redacted]"],
    [`maktab.session_token=${token}; Path=/`, "maktab.session_token=[redacted]; Path=/"],
    [`password=hunter2 token: ${token}`, "password=[redacted] token: [redacted]"],
    [`stored ${hash}`, "stored [redacted]"],
    ["call +880 1712-345678 now", "call [number] now"],
    ["or 01712345678, on 2026-11-29 at 10:00", "or [number], on 2026-11-29 at 10:00"],
  ])("scrubText(%j)", (raw, scrubbed) => {
    expect(scrubText(raw)).toBe(scrubbed);
  });

  it("scrubs a written JSON line inside its strings only, so it stays JSON", () => {
    const line = JSON.stringify({
      msg: `Failed query: x\nparams: ${token}`,
      url: "https://a.b/r?token=abc",
      n: 1,
    });
    const scrubbed = scrubLine(line);
    expect(JSON.parse(scrubbed)).toEqual({
      msg: "Failed query: x\nparams: [redacted]",
      url: "https://a.b/r?[redacted]",
      n: 1,
    });
  });

  it("shows of a library's record its keys, never its values", () => {
    expect(valueForLog({ token, userId: "u1" })).toEqual({ keys: ["token", "userId"] });
    expect(valueForLog(`Bearer ${token}`)).toBe("Bearer [redacted]");
  });
});

describe("the logger", () => {
  it("redacts secret fields by name and serializes errors safely, whatever the caller passed", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }),
    );
    logger.info(
      { password: "hunter2", user: { token }, headers: { cookie: `a=${token}` } },
      `hello ${token.slice(0, 4)}`,
    );
    logger.error(
      { error: new DrizzleQueryError("select from x", [token], undefined) },
      `failed: params: ${token}`,
    );
    const text = lines.join("");
    expect(text).not.toContain(token);
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(lines[1] ?? "{}")).toMatchObject({
      error: { type: "DrizzleQueryError" },
      msg: "failed: params: [redacted]",
    });
  });
});
