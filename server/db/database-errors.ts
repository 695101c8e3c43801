// What a database error says about itself without its values: its SQLSTATE code and condition
// name, and the table, column and constraint PostgreSQL names. Both drivers attach more (the
// statement's parameters, PostgreSQL's "Failing row contains (...)" detail, the row's values in a
// message), which may be a session token or a password hash: none of that is read here.
import { getTableName, isTable, type Table } from "drizzle-orm";
import * as schema from "./schema";

export type DatabaseError = {
  code: string;
  /** The condition's name in PostgreSQL's appendix A ("unique_violation"). */
  kind: string;
  table?: string;
  column?: string;
  constraint?: string;
  schema?: string;
  dataType?: string;
  severity?: string;
};

// The conditions a school's database meets; others are named by their class.
const conditions: Record<string, string> = {
  "08000": "connection_exception",
  "08001": "sqlclient_unable_to_establish_sqlconnection",
  "08003": "connection_does_not_exist",
  "08004": "sqlserver_rejected_establishment_of_sqlconnection",
  "08006": "connection_failure",
  "08P01": "protocol_violation",
  "22001": "string_data_right_truncation",
  "22003": "numeric_value_out_of_range",
  "22007": "invalid_datetime_format",
  "22008": "datetime_field_overflow",
  "22012": "division_by_zero",
  "22021": "character_not_in_repertoire",
  "22P02": "invalid_text_representation",
  "23000": "integrity_constraint_violation",
  "23502": "not_null_violation",
  "23503": "foreign_key_violation",
  "23505": "unique_violation",
  "23514": "check_violation",
  "23P01": "exclusion_violation",
  "25006": "read_only_sql_transaction",
  "25P02": "in_failed_sql_transaction",
  "28000": "invalid_authorization_specification",
  "28P01": "invalid_password",
  "3D000": "invalid_catalog_name",
  "40001": "serialization_failure",
  "40P01": "deadlock_detected",
  "42501": "insufficient_privilege",
  "42601": "syntax_error",
  "42703": "undefined_column",
  "42883": "undefined_function",
  "42P01": "undefined_table",
  "53100": "disk_full",
  "53200": "out_of_memory",
  "53300": "too_many_connections",
  "55000": "object_not_in_prerequisite_state",
  "55006": "object_in_use",
  "55P03": "lock_not_available",
  "57014": "query_canceled",
  "57P01": "admin_shutdown",
  "57P02": "crash_shutdown",
  "57P03": "cannot_connect_now",
  "58030": "io_error",
  XX000: "internal_error",
};
const classes: Record<string, string> = {
  "08": "connection_exception",
  "22": "data_exception",
  "23": "integrity_constraint_violation",
  "25": "invalid_transaction_state",
  "40": "transaction_rollback",
  "42": "syntax_error_or_access_rule_violation",
  "53": "insufficient_resources",
  "54": "program_limit_exceeded",
  "55": "object_not_in_prerequisite_state",
  "57": "operator_intervention",
  "58": "system_error",
  XX: "internal_error",
};

/** A SQLSTATE code: five digits or capital letters ("23505", "57P01"). */
export const sqlState = /^[0-9A-Z]{5}$/;
type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/**
 * The database error `error` is, or undefined when it is not one: PGlite's (pg-protocol's field
 * names) or postgres.js's PostgresError (PostgreSQL's own names, `table_name`...).
 */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = error as unknown as Fields;
  const code = text(fields.code);
  if (!code || !sqlState.test(code) || !text(fields.severity)) return undefined;
  const found: DatabaseError = {
    code,
    kind: conditions[code] ?? classes[code.slice(0, 2)] ?? "database_error",
  };
  const named = {
    table: text(fields.table) ?? text(fields.table_name),
    column: text(fields.column) ?? text(fields.column_name),
    constraint: text(fields.constraint) ?? text(fields.constraint_name),
    schema: text(fields.schema) ?? text(fields.schema_name),
    dataType: text(fields.dataType) ?? text(fields.data_type_name),
    severity: text(fields.severity),
  };
  for (const [key, value] of Object.entries(named)) if (value) Object.assign(found, { [key]: value });
  return found;
}

/** The SQLSTATE of the database error `error` is or wraps (drizzle wraps it as `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const found = databaseErrorOf(e);
    if (found) return found.code;
  }
  return undefined;
}

let tableNames: Set<string> | undefined;
/** Our tables' names: a message may name them ("relation "sessions" does not exist"). */
const ourTables = () => {
  tableNames ??= new Set(
    Object.values(schema).flatMap((value) => (isTable(value) ? [getTableName(value as Table)] : [])),
  );
  return tableNames;
};

/**
 * PostgreSQL's message with every quoted part left out unless it is a name the error itself
 * gives (table, column, constraint, type) or one of our tables: a message can quote a value
 * ("invalid input syntax for type uuid: "..."").
 */
export function databaseMessage(message: string, error: DatabaseError): string {
  const names = new Set([error.table, error.column, error.constraint, error.schema, error.dataType]);
  return message.replace(/"([^"]*)"/g, (quoted, inside: string) =>
    names.has(inside) || ourTables().has(inside) ? quoted : '"…"',
  );
}

/**
 * The statement's verb and the tables it names ("select sessions"), from drizzle's SQL text,
 * which holds placeholders ($1), never values.
 */
export function statementOf(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? "statement";
  const tables = new Set<string>();
  for (const match of query.matchAll(/\b(?:from|into|update|join)\s+"([\w]+)"/gi)) {
    if (match[1] && ourTables().has(match[1])) tables.add(match[1]);
  }
  return [verb, ...tables].join(" ");
}
