// What the backup and restore commands share: their configuration (the server's variables) and
// how a refusal becomes one line and an exit code.
import pino from "pino";
import { ConfigError, loadConfig } from "../server/config";
import { DataFolderFullError } from "../server/db/data-folder-space";
import { FolderInUseError } from "../server/db/folder-lock";

/** A refusal to report: its message, and the exit code (1 refused, 2 wrong usage, 3 no database). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3,
  ) {
    super(message);
  }
}

export function commandLineConfig() {
  // These commands never seed sample content nor make the server's admin.
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  const config = loadConfig({ LOG_LEVEL: "error", ...env, SAMPLE_CONTENT: "off" });
  return { config, logger: pino({ level: config.logLevel }, pino.destination(2)) };
}

/** Runs `main`, printing a refusal as one line on standard error; answers the exit code. */
export async function runCommand(
  main: () => Promise<void>,
  known: (error: unknown) => Refusal | null = () => null,
): Promise<number> {
  try {
    await main();
    return 0;
  } catch (error) {
    const refusal =
      known(error) ??
      (error instanceof Refusal
        ? error
        : error instanceof ConfigError
          ? new Refusal(error.message, 2)
          : error instanceof FolderInUseError || error instanceof DataFolderFullError
            ? new Refusal(error.message, 3)
            : null);
    if (!refusal) throw error;
    console.error(refusal.message);
    return refusal.exitCode;
  }
}

const unreachable = new Set(["ECONNREFUSED", "ENOTFOUND", "28P01", "3D000"]);

export function databaseRefusal(error: unknown): Refusal | null {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code && unreachable.has(code)
    ? new Refusal(`The database does not answer: ${(error as Error).message}`, 3)
    : null;
}
