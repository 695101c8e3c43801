// How long the app waits for PostgreSQL, read from the environment (server/config.ts) and used by
// the pool (server/db/client.ts). Each wait is bounded, so that a database that is down or stalled
// is answered with 503 and Retry-After within seconds (docs/configuration.md, "Database timeouts").
import { z } from "zod";

export type DatabaseTimeouts = {
  /** Connecting and signing in, per connection (postgres.js connect_timeout). */
  connectSeconds: number;
  /** One statement on the server (PostgreSQL's statement_timeout); 0: no limit. */
  statementSeconds: number;
  /** A connection nobody used for this long is closed (postgres.js idle_timeout). */
  idleSeconds: number;
  /** A quick check (select 1) of /readyz and of the stall watch, and the page cache's read of its generation. */
  checkSeconds: number;
};

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectSeconds: 5,
  statementSeconds: 10,
  idleSeconds: 60,
  checkSeconds: 2,
};

const seconds = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number of seconds from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
};

/** The variables, for the environment's schema. */
export const databaseTimeoutVariables = {
  DATABASE_CONNECT_TIMEOUT: seconds(1, 120, defaultDatabaseTimeouts.connectSeconds),
  DATABASE_STATEMENT_TIMEOUT: seconds(0, 86_400, defaultDatabaseTimeouts.statementSeconds),
  DATABASE_IDLE_TIMEOUT: seconds(1, 86_400, defaultDatabaseTimeouts.idleSeconds),
  DATABASE_CHECK_TIMEOUT: seconds(1, 60, defaultDatabaseTimeouts.checkSeconds),
};

type Variables = { [Name in keyof typeof databaseTimeoutVariables]: number };

export function databaseTimeoutsOf(env: Variables): DatabaseTimeouts {
  return {
    connectSeconds: env.DATABASE_CONNECT_TIMEOUT,
    statementSeconds: env.DATABASE_STATEMENT_TIMEOUT,
    idleSeconds: env.DATABASE_IDLE_TIMEOUT,
    checkSeconds: env.DATABASE_CHECK_TIMEOUT,
  };
}
