// A guardian's account linked to a child on the register. The guardian gives the child's
// registration number; a code goes by text message to each guardian phone the register holds for
// the child (one code per guardian row, so the code given back tells which row the account
// becomes). The answer is the same whether the number is on the register or not, so asking
// tells nobody who is enrolled. An admin links or unlinks an account directly.
//
// Codes: 6 digits, 5 minutes, 3 wrong tries and they are void; kept in the store of short-lived
// codes (../short-codes.ts: keyed hashes) under "guardian-link:<account>:<registration>", never
// in a log.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { GuardianRelation } from "../../../common/people";
import { bangladeshiMobileOf } from "../../../common/phone-number";
import type { Locale } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import { enrolments, registerGuardians, registerStudents, users } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { SmsSender } from "../../sms/sender";
import { guardianLinkText } from "../../sms/texts";
import { type Actor, requireAdmin, requireUser, roleListWith, type SignedInActor } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import {
  type ClientAddress,
  enforceAddressRateLimit,
  enforceRateLimit,
  type RateLimitRule,
} from "../rate-limit";
import { type CodeRules, checkCode as checkKeptCode, keepCodes, newCode, pendingCodes } from "../short-codes";

export const guardianCodeRules = {
  length: 6,
  expiresInSeconds: 5 * 60,
  allowedAttempts: 3,
} as const satisfies CodeRules;

const minute = 60_000;
const sendLimitMessage = problem("limit.guardianCodes");

/** Text messages cost money and reach other people's phones: asking is limited three ways. */
export const guardianCodeSendLimits = {
  perAddress: { name: "guardian-code-ip", max: 10, windowMs: 60 * minute, problem: sendLimitMessage },
  perAccount: { name: "guardian-code-user", max: 5, windowMs: 60 * minute, problem: sendLimitMessage },
  // Counted for every number asked about, on the register or not: the limit tells nothing either.
  perRegistration: {
    name: "guardian-code-registration",
    max: 3,
    windowMs: 15 * minute,
    problem: sendLimitMessage,
  },
} satisfies Record<string, RateLimitRule>;

export type GuardianLinkDeps = {
  db: Database;
  sms: SmsSender;
  logger: Logger;
  /** The server's secret, which keys the codes' hashes. */
  secret: string;
  institute: string;
};

const pendingPrefix = (userId: string) => `guardian-link:${userId}:`;
const pendingOf = (userId: string, registration: string) => `${pendingPrefix(userId)}${registration}`;

/** What a set of codes is kept with: the registration number asked about. */
type CodesFor = { registration: string };

/** The child who holds this registration number (in their newest session), if any. */
export async function childOfRegistration(
  db: DatabaseOrTransaction,
  registration: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: registerStudents.id, name: registerStudents.name })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .where(eq(enrolments.registration, registration))
    .orderBy(desc(enrolments.session))
    .limit(1);
  return row ?? null;
}

export type CodeRequestAnswer = {
  /** Always true: a code went to each guardian phone the register holds, if it holds any. */
  requested: true;
  registration: string;
  expiresInSeconds: number;
};

/**
 * Sends a code to each guardian phone the register holds for the child of this registration
 * number, and keeps them as the account's pending codes for it (replacing older ones). Counted
 * against the limits first (429 past one). The same answer, and the same work in the database,
 * whether or not the number is on the register; the messages go out after the answer.
 */
export async function requestGuardianCode(
  deps: GuardianLinkDeps,
  actor: Actor,
  input: { registration: string; client: ClientAddress; locale: Locale },
): Promise<CodeRequestAnswer> {
  const user = requireUser(actor);
  const { db } = deps;
  const { perAddress, perAccount, perRegistration } = guardianCodeSendLimits;
  await enforceAddressRateLimit(db, perAddress, input.client);
  await enforceRateLimit(db, perAccount, [user.id]);
  await enforceRateLimit(db, perRegistration, [input.registration]);

  const child = await childOfRegistration(db, input.registration);
  const guardians = child
    ? await db
        .select({
          id: registerGuardians.id,
          phone: registerGuardians.phone,
          relation: registerGuardians.relation,
        })
        .from(registerGuardians)
        .where(
          and(eq(registerGuardians.registerStudentId, child.id), sql`${registerGuardians.phone} is not null`),
        )
    : [];
  const sent = guardians.map((guardian) => ({ guardian, code: newCode(guardianCodeRules) }));
  // One code per guardian row, named by it; none when the number is not on the register.
  await keepCodes<CodesFor>(db, {
    identifier: pendingOf(user.id, input.registration),
    secret: deps.secret,
    rules: guardianCodeRules,
    data: { registration: input.registration },
    codes: sent.map(({ guardian, code }) => ({ name: guardian.id, code })),
  });
  // Not awaited: a gateway's time would tell a number on the register from one that is not.
  if (child && sent.length > 0) {
    void Promise.all(
      sent.map(({ guardian, code }) =>
        deps.sms.send({
          to: guardian.phone as string,
          text: guardianLinkText(input.locale, {
            site: deps.institute,
            code,
            child: child.name,
            relation: guardian.relation,
          }),
        }),
      ),
    ).catch((error: unknown) => {
      // The sender logged the gateway's answer; here only that a link code did not go out.
      deps.logger.error(
        { err: error instanceof Error ? error.name : "unknown" },
        "a guardian link code was not sent",
      );
    });
  }
  return {
    requested: true,
    registration: input.registration,
    expiresInSeconds: guardianCodeRules.expiresInSeconds,
  };
}

export type PendingGuardianCode = { registration: string; expiresInSeconds: number };

/** The account's codes that can still be used, newest first. */
export async function pendingGuardianCodes(db: Database, actor: Actor): Promise<PendingGuardianCode[]> {
  const user = requireUser(actor);
  const pending = await pendingCodes<CodesFor>(db, { prefix: pendingPrefix(user.id) }, guardianCodeRules);
  return pending.map(({ data, expiresInSeconds }) => ({ registration: data.registration, expiresInSeconds }));
}

const codeRefusal = (key: "family.codeWrong" | "family.codeExpired" | "family.codeVoid" | "family.noCode") =>
  DomainError.ofField("invalid", "code", problem(key));

type CodeCheck =
  | { found: "guardian"; guardian: string }
  | { found: "family.codeWrong" | "family.codeExpired" | "family.codeVoid" | "family.noCode" };

const refusals = {
  none: "family.noCode",
  expired: "family.codeExpired",
  void: "family.codeVoid",
  wrong: "family.codeWrong",
} as const;

/**
 * Checks a code against the account's pending codes for this registration number: a right one
 * names its guardian row and is used up; a wrong one counts a try, and the third voids the codes.
 * The row is locked meanwhile, so two checks at once cannot both use one code.
 */
async function checkCode(
  deps: GuardianLinkDeps,
  user: SignedInActor,
  input: { registration: string; code: string },
): Promise<CodeCheck> {
  const checked = await checkKeptCode<CodesFor>(deps.db, {
    identifier: pendingOf(user.id, input.registration),
    secret: deps.secret,
    rules: guardianCodeRules,
    code: input.code,
    voidOnLastTry: true,
  });
  return checked.found === "right"
    ? { found: "guardian", guardian: checked.name }
    : { found: refusals[checked.found] };
}

export type LinkedChild = { id: string; name: string; relation: GuardianRelation };

/**
 * Confirms a code: the guardian row it was sent for gets the account, and the account the
 * guardian role; audited. 400 naming `code` for a wrong, expired or void code, or none.
 */
export async function confirmGuardianCode(
  deps: GuardianLinkDeps,
  actor: Actor,
  input: { registration: string; code: string },
): Promise<LinkedChild> {
  const user = requireUser(actor);
  const checked = await checkCode(deps, user, input);
  if (checked.found !== "guardian") throw codeRefusal(checked.found);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: registerGuardians.id,
        child: registerGuardians.registerStudentId,
        relation: registerGuardians.relation,
        childName: registerStudents.name,
      })
      .from(registerGuardians)
      .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
      .where(eq(registerGuardians.id, checked.guardian))
      .for("update");
    // The row went from the register since the code was sent.
    if (!row) throw codeRefusal("family.noCode");
    const [already] = await tx
      .select({ id: registerGuardians.id })
      .from(registerGuardians)
      .where(and(eq(registerGuardians.registerStudentId, row.child), eq(registerGuardians.userId, user.id)))
      .limit(1);
    if (already) throw new DomainError("conflict", problem("family.alreadyLinked"));
    await tx.update(registerGuardians).set({ userId: user.id }).where(eq(registerGuardians.id, row.id));
    await giveGuardianRole(tx, user.id);
    await recordAudit(tx, user, {
      action: "update",
      subject: "user",
      subjectId: user.id,
      label: `${user.email} linked as ${row.relation} of ${row.childName} by a code sent to the register's phone`,
    });
    return { id: row.child, name: row.childName, relation: row.relation };
  });
}

export async function giveGuardianRole(tx: DatabaseOrTransaction, userId: string) {
  const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const role = roleListWith(account?.role, "guardian");
  if (role !== account?.role) await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/** Takes the guardian role from an account no longer linked to any child. */
async function dropGuardianRoleIfUnlinked(tx: DatabaseOrTransaction, userId: string) {
  const [left] = await tx
    .select({ id: registerGuardians.id })
    .from(registerGuardians)
    .where(eq(registerGuardians.userId, userId))
    .limit(1);
  if (left) return;
  const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!account) return;
  const role = roleListWith(account.role, "guardian", false);
  if (role !== account.role) await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/**
 * The guardian takes their own link to a child away. 404 (the same as for a child who does not
 * exist) unless the account is one of the child's guardians.
 */
export async function unlinkOwnChild(
  db: Database,
  actor: Actor,
  childId: string,
): Promise<{ unlinked: true }> {
  const user = requireUser(actor);
  if (!uuidPattern.test(childId)) throw notFound("child");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: registerGuardians.id,
        relation: registerGuardians.relation,
        childName: registerStudents.name,
      })
      .from(registerGuardians)
      .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
      .where(and(eq(registerGuardians.registerStudentId, childId), eq(registerGuardians.userId, user.id)))
      .for("update");
    if (!row) throw notFound("child");
    await tx.update(registerGuardians).set({ userId: null }).where(eq(registerGuardians.id, row.id));
    await dropGuardianRoleIfUnlinked(tx, user.id);
    await recordAudit(tx, user, {
      action: "update",
      subject: "user",
      subjectId: user.id,
      label: `${user.email} unlinked as ${row.relation} of ${row.childName}`,
    });
    return { unlinked: true as const };
  });
}

export type GuardianAccount = {
  id: string;
  childId: string;
  childName: string;
  name: string;
  relation: GuardianRelation;
  account: { id: string; name: string } | null;
};

async function guardianRow(tx: DatabaseOrTransaction, guardianId: string) {
  if (!uuidPattern.test(guardianId)) throw notFound("guardian");
  const [row] = await tx
    .select({
      id: registerGuardians.id,
      childId: registerGuardians.registerStudentId,
      childName: registerStudents.name,
      name: registerGuardians.name,
      relation: registerGuardians.relation,
      userId: registerGuardians.userId,
    })
    .from(registerGuardians)
    .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
    .where(eq(registerGuardians.id, guardianId))
    .for("update");
  if (!row) throw notFound("guardian");
  return row;
}

/** The account named by its e-mail address or its phone number, or a 400 naming `account`. */
async function accountNamed(db: DatabaseOrTransaction, name: string) {
  const phone = name.includes("@") ? null : bangladeshiMobileOf(name);
  const where = phone ? eq(users.phoneNumber, phone) : sql`lower(${users.email}) = lower(${name})`;
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(where)
    .limit(1);
  if (!account) throw DomainError.ofField("invalid", "account", problem("family.notAccount"));
  return account;
}

/** The guardian row with the account of this e-mail or phone (admins); audited. */
export async function linkGuardianAccount(
  db: Database,
  actor: Actor,
  guardianId: string,
  input: { account: string },
): Promise<GuardianAccount> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const row = await guardianRow(tx, guardianId);
    const account = await accountNamed(tx, input.account);
    const [other] = await tx
      .select({ id: registerGuardians.id })
      .from(registerGuardians)
      .where(
        and(
          eq(registerGuardians.registerStudentId, row.childId),
          eq(registerGuardians.userId, account.id),
          ne(registerGuardians.id, row.id),
        ),
      )
      .limit(1);
    if (other) throw DomainError.ofField("conflict", "account", problem("family.accountLinked"));
    const before = row.userId;
    await tx.update(registerGuardians).set({ userId: account.id }).where(eq(registerGuardians.id, row.id));
    await giveGuardianRole(tx, account.id);
    if (before && before !== account.id) await dropGuardianRoleIfUnlinked(tx, before);
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: account.id,
      label: `${account.email} linked as ${row.relation} of ${row.childName}`,
    });
    const { userId: _, ...guardian } = row;
    return { ...guardian, account: { id: account.id, name: account.name } };
  });
}

/** The guardian row without its account (admins); audited. Already without one: the same answer. */
export async function unlinkGuardianAccount(
  db: Database,
  actor: Actor,
  guardianId: string,
): Promise<GuardianAccount> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const row = await guardianRow(tx, guardianId);
    if (row.userId) {
      await tx.update(registerGuardians).set({ userId: null }).where(eq(registerGuardians.id, row.id));
      await dropGuardianRoleIfUnlinked(tx, row.userId);
      await recordAudit(tx, admin, {
        action: "update",
        subject: "user",
        subjectId: row.userId,
        label: `unlinked as ${row.relation} of ${row.childName}`,
      });
    }
    const { userId: _, ...guardian } = row;
    return { ...guardian, account: null };
  });
}

/** A guardian row and its account, for the admin's form (404 for none). */
export async function readGuardianAccount(
  db: Database,
  actor: Actor,
  guardianId: string,
): Promise<GuardianAccount> {
  requireAdmin(actor);
  if (!uuidPattern.test(guardianId)) throw notFound("guardian");
  const [row] = await db
    .select({
      id: registerGuardians.id,
      childId: registerGuardians.registerStudentId,
      childName: registerStudents.name,
      name: registerGuardians.name,
      relation: registerGuardians.relation,
      accountId: users.id,
      accountName: users.name,
    })
    .from(registerGuardians)
    .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
    .leftJoin(users, eq(users.id, registerGuardians.userId))
    .where(eq(registerGuardians.id, guardianId));
  if (!row) throw notFound("guardian");
  const { accountId, accountName, ...guardian } = row;
  return { ...guardian, account: accountId ? { id: accountId, name: accountName ?? "" } : null };
}
