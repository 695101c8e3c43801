// Phone verification rules around Better Auth's phone number plugin (which makes, stores and
// checks the codes): only a signed-in user asks for a code, for a number in international form,
// and text messages cost money, so sending is limited per number, per account and per address.
// These limits are ours, kept in the database whether or not Better Auth's own limits are on.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { phoneNumber as phoneNumberSchema } from "../../common/schemas/account-security";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema";
import { type Actor, requireUser } from "./actor";
import { DomainError } from "./errors";
import { addressPart, enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Codes: 6 digits, valid 5 minutes, 3 wrong tries and the code is void. */
export const phoneCodeRules = { length: 6, expiresInSeconds: 5 * 60, allowedAttempts: 3 } as const;

const minute = 60_000;
const sendLimitMessage = "Too many codes were sent. Please wait before asking for another.";

export const phoneCodeSendLimits = {
  perAddress: { name: "phone-code-ip", max: 10, windowMs: 60 * minute, message: sendLimitMessage },
  perAccount: { name: "phone-code-user", max: 5, windowMs: 60 * minute, message: sendLimitMessage },
  perNumber: { name: "phone-code-number", max: 3, windowMs: 15 * minute, message: sendLimitMessage },
} satisfies Record<string, RateLimitRule>;

export const ownNumberMessage = "This number is already verified on your account";

/** The number in the form it is stored in, or an "invalid" error naming the field. */
export function normalisePhoneNumber(value: unknown): string {
  const parsed = phoneNumberSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid phone number";
    throw new DomainError("invalid", message, { phoneNumber: message });
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
  input: { phoneNumber: unknown; clientIp?: string },
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
  await enforceRateLimit(db, perAddress, [addressPart(input.clientIp)]);
  await enforceRateLimit(db, perAccount, [user.id]);
  await enforceRateLimit(db, perNumber, [phoneNumber]);
  return phoneNumber;
}

/**
 * Better Auth's plugin keeps one code per number, for whoever checks it: another account could
 * verify a number with its owner's code, and void the code with wrong guesses. So the account
 * that asked is recorded next to the code, and only that account may check it (its wrong tries
 * are then its own).
 */
const askerOf = (phoneNumber: string) => `phone-code-asker:${phoneNumber}`;

/** Records that this user asked for the code now being sent to this number. */
export async function recordPhoneCodeAsker(db: Database, actor: Actor, phoneNumber: string): Promise<void> {
  const user = requireUser(actor);
  const expiresAt = new Date(Date.now() + phoneCodeRules.expiresInSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, askerOf(phoneNumber)));
    await tx
      .insert(verifications)
      .values({ id: randomUUID(), identifier: askerOf(phoneNumber), value: user.id, expiresAt });
  });
}

/** Did this user ask for the code last sent to this number (and is it still valid)? */
export async function askedForPhoneCode(db: Database, actor: Actor, phoneNumber: string): Promise<boolean> {
  const user = requireUser(actor);
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, askerOf(phoneNumber)))
    .limit(1);
  return row !== undefined && row.value === user.id && row.expiresAt.getTime() > Date.now();
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
