// What of an error, or of a text, may go into a log line. A log is read by more people than may
// sign in as the people it mentions (an operator, a hosting company, a log service), so it
// carries no token, cookie, password or hash, code, key, personal detail beyond an account id,
// or a statement's parameters (issue 34: a session token copied from a logged failed query
// opened the admin's calls). Errors are logged by kind, table and constraint.
import { databaseErrorOf, databaseMessage, statementOf } from "./db/database-errors";

const redacted = "[redacted]";

// The shapes secrets and personal details travel in, wherever a message puts them.
const secretShapes: [RegExp, string][] = [
  // drizzle's "Failed query: ...\nparams: a,b" and PostgreSQL's "Failing row contains (...)".
  [/\bparams:[\s\S]*/g, `params: ${redacted}`],
  [/Failing row contains[\s\S]*/g, `Failing row contains ${redacted}`],
  // An address's query string (a reset link's token, a provider's code).
  [/(\b[a-z][\w+.-]*:\/\/[^\s?#"']*)\?[^\s#"']*/gi, `$1?${redacted}`],
  [/\b(Bearer|Basic)\s+[^\s"',]+/gi, `$1 ${redacted}`],
  [/\b([\w.-]*session_token|cookie)=[^\s;"',]+/gi, `$1=${redacted}`],
  [
    /\b(token|password|passwd|secret|code|otp|key|api[_-]?key|access[_-]?token|refresh[_-]?token|id[_-]?token|signature)(["']?\s*[=:]\s*["']?)[^\s&;"',]+/gi,
    `$1$2${redacted}`,
  ],
  // Better Auth's scrypt hash: hex salt, colon, hex key.
  [/\b[0-9a-f]{32}:[0-9a-f]{64,}\b/gi, redacted],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[e-mail]"],
  // A phone number: ten digits or more, spaces or dashes between (a date's eight are left).
  [/(?<![\w.])\+?\d(?:[ -]?\d){9,}(?![\w.])/g, "[number]"],
];

/** `text` with every secret or personal detail it visibly holds left out. */
export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [shape, replacement] of secretShapes) scrubbed = scrubbed.replace(shape, replacement);
  return scrubbed;
}

// The same shapes in a written JSON line, each ending where its JSON string ends: the net under
// every field a caller may have filled with a raw value.
const inString = String.raw`(?:[^"\\]|\\.)*`;
const lineShapes: [RegExp, string][] = [
  [new RegExp(`params:${inString}`, "g"), `params: ${redacted}`],
  [new RegExp(`Failing row contains${inString}`, "g"), `Failing row contains ${redacted}`],
  [/(\b[a-z][\w+.-]*:\/\/[^\s?#"']*)\?[^\s#"'\\]*/gi, `$1?${redacted}`],
  [/\b(Bearer|Basic)\s+[^\s"',\\]+/gi, `$1 ${redacted}`],
  [/\b([\w.-]*session_token)=[^\s;"',\\]+/gi, `$1=${redacted}`],
  [/\b[0-9a-f]{32}:[0-9a-f]{64,}\b/gi, redacted],
];

/** A written log line with the shapes of secrets left out of its strings. */
export function scrubLine(line: string): string {
  let scrubbed = line;
  for (const [shape, replacement] of lineShapes) scrubbed = scrubbed.replace(shape, replacement);
  return scrubbed;
}

type LoggedError = {
  type: string;
  message: string;
  code?: string | number;
  kind?: string;
  table?: string;
  column?: string;
  constraint?: string;
  statement?: string;
  syscall?: string;
  address?: string;
  port?: number;
  status?: number;
  stack?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
};

const maxDepth = 5;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The stack's frames under a first line that says `message` (the original first line is the raw message). */
function stackOf(error: Error, type: string, message: string): string | undefined {
  const frames = error.stack?.indexOf("\n    at ");
  if (frames === undefined || frames < 0) return undefined;
  return `${type}: ${message}${error.stack?.slice(frames)}`;
}

/**
 * An error as a log line may show it: its type, a message with nothing secret, and for a
 * database error its code, kind, table, column and constraint; for a failed statement the verb
 * and the tables, never the parameters; a system error's code and call. Causes follow.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === "string" ? scrubText(error) : "(not an error)" };
  }
  const fields = error as unknown as Record<string, unknown>;
  const type = error.name && error.name !== "Error" ? error.name : error.constructor?.name || "Error";
  const cause =
    depth < maxDepth && fields.cause !== undefined ? errorForLog(fields.cause, depth + 1) : undefined;

  const database = databaseErrorOf(error);
  if (database) {
    const message = databaseMessage(error.message, database);
    return { type, message, ...database, stack: stackOf(error, type, message), ...(cause ? { cause } : {}) };
  }
  // drizzle's wrapper of a failed statement: its message holds the parameters.
  const query = text(fields.query);
  if (query !== undefined && ("params" in fields || "parameters" in fields)) {
    const statement = statementOf(query);
    const message = `Failed query: ${statement}`;
    return { type, message, statement, stack: stackOf(error, type, message), ...(cause ? { cause } : {}) };
  }

  const message = scrubText(error.message);
  const logged: LoggedError = { type, message };
  const code = fields.code;
  if (typeof code === "string" || typeof code === "number")
    logged.code = typeof code === "string" ? scrubText(code) : code;
  const syscall = text(fields.syscall);
  if (syscall) logged.syscall = syscall;
  const address = text(fields.address);
  if (address) logged.address = scrubText(address);
  if (typeof fields.port === "number") logged.port = fields.port;
  const status = fields.status ?? fields.statusCode;
  if (typeof status === "number") logged.status = status;
  const stack = stackOf(error, type, message);
  if (stack) logged.stack = stack;
  if (cause) logged.cause = cause;
  if (depth < maxDepth && Array.isArray(fields.errors)) {
    logged.errors = fields.errors.slice(0, 5).map((inner) => errorForLog(inner, depth + 1));
  }
  return logged;
}

/**
 * What a value handed to a logger by a library (Better Auth's `logger.error(message, ...args)`)
 * may show: errors as above, texts scrubbed, numbers and booleans as they are, and of an object
 * only its keys (its values may be a user, a session, a request).
 */
export function valueForLog(value: unknown): unknown {
  if (value instanceof Error) return errorForLog(value);
  if (typeof value === "string") return scrubText(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined)
    return value;
  if (Array.isArray(value)) return `(a list of ${value.length})`;
  if (typeof value === "object") return { keys: Object.keys(value).slice(0, 20) };
  return `(${typeof value})`;
}
