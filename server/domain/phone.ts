// Phone code rules around Better Auth's phone number plugin (which makes the codes): a signed-in
// user asks for one to verify a number on the profile; anybody asks for one to sign in (or up)
// with a Bangladeshi mobile number. Text messages cost money, so sending is limited per number,
// per account (when signed in) and per address.
// These limits are ours, kept in the database whether or not Better Auth's own limits are on.

import { eq } from "drizzle-orm";
import { problem, problemOfIssue } from "../../common/errors/problem";
import { phoneNumber as phoneNumberSchema } from "../../common/schemas/account-security";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { type Actor, requireUser } from "./actor";
import { DomainError } from "./errors";
import {
  addressPart,
  type ClientAddress,
  enforceAddressRateLimit,
  enforceRateLimit,
  perAddressRule,
  type RateLimitRule,
  rateLimitWaitSeconds,
} from "./rate-limit";
import { type CodeRules, checkCode as checkKeptCode, keepCodes, pendingCodes } from "./short-codes";

/** Codes: 6 digits, valid 5 minutes, 3 wrong tries and the code is void. */
export const phoneCodeRules = {
  length: 6,
  expiresInSeconds: 5 * 60,
  allowedAttempts: 3,
} as const satisfies CodeRules;

const minute = 60_000;
const sendLimitMessage = problem("limit.phoneCodes");

export const phoneCodeSendLimits = {
  perAddress: { name: "phone-code-ip", max: 10, windowMs: 60 * minute, problem: sendLimitMessage },
  perAccount: { name: "phone-code-user", max: 5, windowMs: 60 * minute, problem: sendLimitMessage },
  perNumber: { name: "phone-code-number", max: 3, windowMs: 15 * minute, problem: sendLimitMessage },
} satisfies Record<string, RateLimitRule>;

export const ownNumberMessage = problem("phone.ownNumber");

/** The number in the form it is stored in, or an "invalid" error naming the field. */
export function normalisePhoneNumber(value: unknown): string {
  const parsed = phoneNumberSchema.safeParse(value);
  if (!parsed.success) {
    const found = problemOfIssue(parsed.error.issues[0]?.message ?? "");
    throw new DomainError("invalid", found, { phoneNumber: found });
  }
  return parsed.data;
}

/**
 * May this user be sent a code for this number now? Counts the attempt against every limit and
 * throws RateLimitError (429) past one of them. A number already verified on the same account
 * needs no code.
 */
export async function allowPhoneCode(
  db: Database,
  actor: Actor,
  input: { phoneNumber: unknown; client: ClientAddress },
): Promise<string> {
  const user = requireUser(actor);
  const phoneNumber = normalisePhoneNumber(input.phoneNumber);
  const [own] = await db
    .select({ phoneNumber: users.phoneNumber, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (own?.verified && own.phoneNumber === phoneNumber) throw new DomainError("conflict", ownNumberMessage);
  const { perAddress, perAccount, perNumber } = phoneCodeSendLimits;
  await enforceAddressRateLimit(db, perAddress, input.client);
  await enforceRateLimit(db, perAccount, [user.id]);
  await enforceRateLimit(db, perNumber, [phoneNumber]);
  return phoneNumber;
}

// Better Auth's plugin keeps one code per number, for whoever checks it: another account could
// verify a number with its owner's code, void it with wrong guesses, or replace it by asking for
// its own. So each account keeps its own pending code (one at a time, the newest), with its own
// count of wrong tries (docs/decisions/0028-phone-codes.md), in the store of short-lived codes
// (short-codes.ts: hashed with the server's secret, the number beside it).
const pendingCodeOf = (userId: string) => `phone-code:${userId}`;

/** What a code is kept with: the number it went to. */
type CodeFor = { phoneNumber: string };

/** A code sent to a number, and the server's secret that keys its hash. */
export type SentPhoneCode = { phoneNumber: string; code: string; secret: string };

/** Keeps the code just sent to this number as the user's pending code (replacing an older one). */
export async function keepPendingPhoneCode(db: Database, actor: Actor, input: SentPhoneCode): Promise<void> {
  await keepCode(db, pendingCodeOf(requireUser(actor).id), input);
}

const keepCode = (db: Database, identifier: string, input: SentPhoneCode) =>
  keepCodes<CodeFor>(db, {
    identifier,
    secret: input.secret,
    rules: phoneCodeRules,
    data: { phoneNumber: input.phoneNumber },
    codes: [{ name: "", code: input.code }],
  });

/** What checking a code found; each but "verified" is refused with Better Auth's code of that name. */
export type PhoneCodeCheck =
  | "verified"
  | "OTP_NOT_FOUND"
  | "OTP_EXPIRED"
  | "TOO_MANY_ATTEMPTS"
  | "INVALID_OTP";

/**
 * Checks a code against the user's own pending code for this number, as Better Auth's plugin
 * checks its own: a right code is used up; a wrong one counts a try; once the tries are spent the
 * next attempt, right or wrong, voids the code. The row is locked meanwhile, so two checks at
 * once cannot both use one code.
 */
export async function checkPhoneCode(
  db: Database,
  actor: Actor,
  input: SentPhoneCode,
): Promise<PhoneCodeCheck> {
  return checkCode(db, pendingCodeOf(requireUser(actor).id), input, true);
}

const phoneChecks = {
  right: "verified",
  none: "OTP_NOT_FOUND",
  expired: "OTP_EXPIRED",
  void: "TOO_MANY_ATTEMPTS",
  wrong: "INVALID_OTP",
} as const satisfies Record<string, PhoneCodeCheck>;

/** `spend`: a right code is used up; else it stays for the next call (a wrong one counts all the same). */
async function checkCode(
  db: Database,
  identifier: string,
  input: SentPhoneCode,
  spend: boolean,
): Promise<PhoneCodeCheck> {
  const checked = await checkKeptCode<CodeFor>(db, {
    identifier,
    secret: input.secret,
    rules: phoneCodeRules,
    code: input.code,
    accepts: (data) => data.phoneNumber === input.phoneNumber,
    spend,
  });
  return phoneChecks[checked.found];
}

export type PendingPhoneCode = {
  phoneNumber: string;
  /** Seconds until the code expires. */
  expiresInSeconds: number;
};

/** The user's pending code, while it can still verify the number. */
export async function pendingPhoneCode(db: Database, actor: Actor): Promise<PendingPhoneCode | null> {
  const user = requireUser(actor);
  return pendingOne(db, pendingCodeOf(user.id));
}

async function pendingOne(db: Database, identifier: string): Promise<PendingPhoneCode | null> {
  const [pending] = await pendingCodes<CodeFor>(db, { identifier }, phoneCodeRules);
  return pending
    ? { phoneNumber: pending.data.phoneNumber, expiresInSeconds: pending.expiresInSeconds }
    : null;
}

/**
 * Seconds until this user may be sent another code (0: now), by the same limits that refuse a
 * send with 429 and its Retry-After; the number's limit counts when the number is known.
 */
export async function phoneCodeWaitSeconds(
  db: Database,
  actor: Actor,
  input: { phoneNumber?: string; client: ClientAddress },
): Promise<number> {
  const user = requireUser(actor);
  const { perAddress, perAccount, perNumber } = phoneCodeSendLimits;
  const waits = await Promise.all([
    rateLimitWaitSeconds(db, perAddressRule(perAddress, input.client), [addressPart(input.client)]),
    rateLimitWaitSeconds(db, perAccount, [user.id]),
    input.phoneNumber ? rateLimitWaitSeconds(db, perNumber, [input.phoneNumber]) : 0,
  ]);
  return Math.max(...waits);
}

export type PhoneState = { phoneNumber: string | null; verified: boolean };

/** The signed-in user's verified number, if any. */
export async function getOwnPhone(db: Database, actor: Actor): Promise<PhoneState> {
  const user = requireUser(actor);
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const verified = Boolean(row?.verified && row.phoneNumber);
  return { phoneNumber: verified ? (row?.phoneNumber ?? null) : null, verified };
}

// Signing in (and up) by phone: nobody is signed in yet, so the code belongs to the number. Its
// sends count per number and per address, as above; its wrong tries as above (3, then void).
const signInCodeOf = (phoneNumber: string) => `phone-sign-in:${phoneNumber}`;

/**
 * May a code to sign in be sent to this number now? The number in its stored form, or a 400
 * naming the field; past a limit, RateLimitError (429). Whether an account has the number is not
 * told here: the code is sent either way.
 */
export async function allowSignInPhoneCode(
  db: Database,
  input: { phoneNumber: unknown; client: ClientAddress },
): Promise<string> {
  const phoneNumber = normalisePhoneNumber(input.phoneNumber);
  const { perAddress, perNumber } = phoneCodeSendLimits;
  await enforceAddressRateLimit(db, perAddress, input.client);
  await enforceRateLimit(db, perNumber, [phoneNumber]);
  return phoneNumber;
}

/** Keeps the sign-in code just sent to this number (replacing an older one). */
export const keepSignInPhoneCode = (db: Database, input: SentPhoneCode) =>
  keepCode(db, signInCodeOf(input.phoneNumber), input);

/** Checks a sign-in code; `spend: false` keeps a right code (the name of a new account is still to come). */
export const checkSignInPhoneCode = (db: Database, input: SentPhoneCode & { spend: boolean }) =>
  checkCode(db, signInCodeOf(input.phoneNumber), input, input.spend);

/** The account whose verified number this is, if any: the one a phone sign-in opens. */
export async function accountOfPhone(db: Database, phoneNumber: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .limit(1);
  return row ?? null;
}

/** A sign-in code waiting for this number (for the code page after a reload), and its time left. */
export const pendingSignInCode = (db: Database, phoneNumber: string): Promise<PendingPhoneCode | null> =>
  pendingOne(db, signInCodeOf(phoneNumber));
