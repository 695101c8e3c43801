// `npm run admin -- <command> EMAIL`: accounts from the server's command line, for the first
// admin, a locked-out office or a forgotten password; `grant|revoke ROLE EMAIL-OR-PHONE` gives and
// takes the roles (a phone number in any Bangladeshi form: 01..., +880..., Bangla digits). It works on the database the server uses
// (DATA_DIR's embedded one, or DATABASE_URL) through the same code: Better Auth makes accounts and
// sets passwords (its hashing, its rules), the domain gives and takes the admin role (never the
// last admin, in the audit trail). A password is never taken from the command line, where `ps`
// shows it to everyone on the machine.
//
// Exit codes: 0 done (or nothing to do), 1 refused (no such account, the last admin, a password
// Better Auth does not accept), 2 wrong usage, 3 the database cannot be opened (the server holds
// the embedded one, or PostgreSQL does not answer).
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { type Role, roles } from "../common/people";
import { maxPasswordLength, minPasswordLength } from "../common/schemas/users";
import { ConfigError, loadConfig } from "../server/config";
import type { Services } from "../server/container";
import { DataFolderFullError } from "../server/db/data-folder-space";
import { FolderInUseError } from "../server/db/folder-lock";
import { users } from "../server/db/schema";
import type { SignedInActor } from "../server/domain/actor";
import { DomainError } from "../server/domain/errors";
import {
  disableUser,
  enableUser,
  ensureAdminAccount,
  makeAdmin,
  removeAdmin,
  setRole,
} from "../server/domain/users";

/** A refusal to report: its message, and the exit code. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3,
  ) {
    super(message);
  }
}

/**
 * Whoever runs this holds the server's files and database, so they act as an admin. They have no
 * account: the audit trail names the command, and its account id stays empty.
 */
const commandLine = {
  kind: "user",
  id: null as unknown as string,
  email: "command line (npm run admin)",
  name: "npm run admin",
  image: null,
  roles: new Set(["admin"]),
  isAdmin: true,
} satisfies SignedInActor;

type Command = {
  summary: string;
  /** Asks for a password (ADMIN_PASSWORD, --password-stdin, or typed). */
  password?: boolean;
  /** Takes a role before the account (grant, revoke). */
  role?: boolean;
  run(services: Services, email: string, password: string, role: Role): Promise<string>;
};

async function accountWith(services: Services, email: string) {
  const [row] = await services.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The commands, by name: each is one entry, so a new one (disable, say) is one more. */
const commands: Record<string, Command> = {
  create: {
    summary: "make a new account that is an admin",
    password: true,
    async run(services, email, password) {
      if (await accountWith(services, email)) {
        throw new Refusal(
          `An account with the e-mail ${email} exists already: 'promote' makes it an admin, 'reset-password' sets its password`,
          1,
        );
      }
      await ensureAdminAccount(
        services.db,
        async (account) => {
          await services.auth.api.signUpEmail({ body: account });
        },
        { email, password },
      );
      return `Created the admin account ${email}. Sign in at ${services.config.publicUrl}/login`;
    },
  },
  promote: {
    summary: "make an existing account an admin",
    async run(services, email) {
      const answer = await makeAdmin(services.db, commandLine, email);
      return answer.modifiedCount === 0 ? `${email} is an admin already` : `${email} is an admin now`;
    },
  },
  demote: {
    summary: "take the admin role from an account (never from the last admin)",
    async run(services, email) {
      const answer = await removeAdmin(services.db, commandLine, email);
      return answer.modifiedCount === 0 ? `${email} is not an admin` : `${email} is no longer an admin`;
    },
  },
  disable: {
    summary: "stop an account from signing in and end its sessions (never the last admin)",
    async run(services, email) {
      const answer = await disableUser(services.db, commandLine, email);
      return answer.modifiedCount === 0
        ? `${email} is disabled already`
        : `Disabled ${email}: it cannot sign in, and its sessions are signed out`;
    },
  },
  enable: {
    summary: "let a disabled account sign in again",
    async run(services, email) {
      const answer = await enableUser(services.db, commandLine, email);
      return answer.modifiedCount === 0
        ? `${email} is not disabled`
        : `Enabled ${email}: it can sign in again`;
    },
  },
  grant: {
    summary: `give a role (${roles.join(", ")}): grant ROLE EMAIL-OR-PHONE`,
    role: true,
    async run(services, who, _password, role) {
      const answer = await setRole(services.db, commandLine, { who }, role, true);
      const name = answer.email;
      return answer.changed ? `${name} holds the role ${role} now` : `${name} holds the role ${role} already`;
    },
  },
  revoke: {
    summary: "take a role (never admin from the last admin): revoke ROLE EMAIL-OR-PHONE",
    role: true,
    async run(services, who, _password, role) {
      const answer = await setRole(services.db, commandLine, { who }, role, false);
      const name = answer.email;
      return answer.changed
        ? `${name} no longer holds the role ${role}`
        : `${name} does not hold the role ${role}`;
    },
  },
  "reset-password": {
    summary: "set an account's password and sign out all its sessions",
    password: true,
    async run(services, email, password) {
      const account = await accountWith(services, email);
      if (!account) throw new Refusal(`No account with the e-mail ${email}`, 1);
      // Better Auth's own reset, with a token made here instead of mailed: the same length rules,
      // hashing and ending of sessions as the reset link.
      const context = await services.auth.$context;
      const token = randomBytes(32).toString("base64url");
      await context.internalAdapter.createVerificationValue({
        identifier: `reset-password:${token}`,
        value: account.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      await services.auth.api.resetPassword({ body: { token, newPassword: password } });
      return `Set the password of ${email}; its sessions are signed out`;
    },
  },
};

const usage = [
  "Usage: npm run admin -- <command> EMAIL [--password-stdin]",
  "       npm run admin -- grant|revoke ROLE EMAIL-OR-PHONE",
  "",
  "Commands:",
  ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(15)} ${command.summary}`),
  "",
  "create and reset-password take the password from ADMIN_PASSWORD, or from standard input with",
  "--password-stdin (its first line), or ask for it when run in a terminal; never from the command",
  "line. The database is the server's: DATA_DIR's embedded one (stop the server first) or DATABASE_URL.",
].join("\n");

type Parsed = { command: Command; name: string; email: string; role: Role; passwordStdin: boolean };

function parse(args: string[]): Parsed {
  const passwordStdin = args.includes("--password-stdin");
  const rest = args.filter((arg) => arg !== "--password-stdin");
  if (rest.some((arg) => /^--?p(ass(word)?)?(=|$)/i.test(arg))) {
    throw new Refusal(
      "A password is not taken from the command line, where others see it (ps): set ADMIN_PASSWORD or use --password-stdin",
      2,
    );
  }
  const [name, ...after] = rest;
  if (name === undefined) throw new Refusal(usage, 2);
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new Refusal(`Unknown command '${name}'\n\n${usage}`, 2);
  let role: Role = "admin";
  if (command.role) {
    const given = after.shift() ?? "";
    const known = roles.find((one) => one === given.trim().toLowerCase());
    if (!known) throw new Refusal(`'${name}' needs a role: one of ${roles.join(", ")}\n\n${usage}`, 2);
    role = known;
  }
  const [email, ...extra] = after;
  if (!email || (email.startsWith("-") && !command.role)) {
    const what = command.role ? "an e-mail address or a phone number" : "an e-mail address";
    throw new Refusal(`'${name}' needs ${what}\n\n${usage}`, 2);
  }
  if (extra.length > 0) throw new Refusal(`Unexpected: ${extra.join(" ")}\n\n${usage}`, 2);
  if (passwordStdin && !command.password) throw new Refusal(`'${name}' takes no password`, 2);
  return { command, name, email: email.trim(), role, passwordStdin };
}

async function readStdinLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

/** Asks in the terminal without echoing what is typed. */
async function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      lines.question(question, (answer) => resolve(answer));
      muted = true;
    });
  } finally {
    process.stderr.write("\n");
    lines.close();
  }
}

async function passwordFor(parsed: Parsed, adminPassword: string | undefined): Promise<string> {
  if (!parsed.command.password) return "";
  if (parsed.passwordStdin) return readStdinLine();
  if (adminPassword) return adminPassword;
  if (!process.stdin.isTTY) {
    throw new Refusal(`'${parsed.name}' needs a password: set ADMIN_PASSWORD or use --password-stdin`, 2);
  }
  const first = await ask("Password: ");
  if ((await ask("Again: ")) !== first) throw new Refusal("The two passwords differ", 2);
  return first;
}

/** What Better Auth and the domain say when they refuse, as one line. */
function refusalOf(error: unknown): Refusal | null {
  if (error instanceof Refusal) return error;
  if (error instanceof DomainError) return new Refusal(error.message, 1);
  if (error instanceof FolderInUseError || error instanceof DataFolderFullError)
    return new Refusal(error.message, 3);
  if (error instanceof ConfigError) return new Refusal(error.message, 2);
  const apiError = error as { name?: string; body?: { message?: string; code?: string }; message?: string };
  // Better Auth says only "Password too short": the office is told what it takes.
  if (apiError?.name === "APIError" && apiError.body?.code === "PASSWORD_TOO_SHORT")
    return new Refusal(`The password is too short: it needs at least ${minPasswordLength} characters`, 1);
  if (apiError?.name === "APIError" && apiError.body?.code === "PASSWORD_TOO_LONG")
    return new Refusal(`The password is too long: at most ${maxPasswordLength} characters`, 1);
  if (apiError?.name === "APIError")
    return new Refusal(apiError.body?.message ?? apiError.message ?? "Refused", 1);
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "28P01" || code === "3D000") {
    return new Refusal(`The database does not answer: ${(error as Error).message}`, 3);
  }
  return null;
}

async function main(args: string[]): Promise<number> {
  let services: Services | undefined;
  try {
    if (["help", "--help", "-h"].includes(args[0] ?? "")) {
      console.log(usage);
      return 0;
    }
    const parsed = parse(args);
    // ADMIN_EMAIL and ADMIN_PASSWORD mean "make sure this admin exists" to the server; here the
    // password is this command's, and the e-mail is the one named.
    const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: adminPassword, ...env } = process.env;
    const config = loadConfig({ LOG_LEVEL: "error", ...env, SAMPLE_CONTENT: "off" });
    const password = await passwordFor(parsed, adminPassword);
    // Loaded only now (Better Auth, the database drivers...): a wrong usage is told at once.
    const { createServices } = await import("../server/container-factory");
    services = await createServices(config, pino({ level: config.logLevel }, pino.destination(2)));
    const done = await parsed.command.run(services, parsed.email, password, parsed.role);
    // Servers on the same PostgreSQL or Redis forget the sessions and pages they remember.
    await services.pageCache.invalidate();
    console.log(done);
    return 0;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    console.error(refusal.message);
    return refusal.exitCode;
  } finally {
    await services?.pageCache.close();
    await services?.database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
