// An e-mail address a phone account adds (issue 36): until its owner opens the link mailed to it,
// the account keeps its placeholder, so nothing is ever mailed to an address nobody confirmed
// (the confirmation link is the one mail that goes there) and nobody signs in with it. The link
// is good for a day; its token is kept only as a hash, in Better Auth's verification table.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, like, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { problem } from "../../common/errors/problem";
import { isPlaceholderEmail } from "../../common/phone-accounts";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type Actor, requireUser, type SignedInActor } from "./actor";
import { DomainError } from "./errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

export type AddedEmailDeps = { db: Database; mail: Mailer; logger: Logger; publicUrl: string };

/** How long the link works. */
export const addedEmailLinkMs = 24 * 60 * 60 * 1000;

const prefix = "added-email:";
const identifierOf = (token: string) => `${prefix}${createHash("sha256").update(token).digest("hex")}`;

/** Links mailed again to a waiting address: 3 an hour per account (each mail reaches a stranger's box). */
export const addedEmailResendLimit: RateLimitRule = {
  name: "added-email-resend",
  max: 3,
  windowMs: 60 * 60 * 1000,
  problem: problem("limit.emailLinks"),
};

const linkProblem = () => problem("account.emailLinkInvalid");

/**
 * Mails a confirmation link to the address a phone account asked to add; the account's address
 * stays its placeholder until the link is opened (confirmAddedEmail). Best effort: a mail that
 * cannot go is logged, and the person may ask again.
 */
export async function askToAddEmail(deps: AddedEmailDeps, user: SignedInActor, email: string): Promise<void> {
  // One address waits at a time: a newer one replaces it, and its older links stop working.
  await deps.db.delete(verifications).where(waitingFor(user.id));
  const token = randomBytes(24).toString("base64url");
  await deps.db.insert(verifications).values({
    id: randomUUID(),
    identifier: identifierOf(token),
    value: JSON.stringify({ userId: user.id, email }),
    expiresAt: new Date(Date.now() + addedEmailLinkMs),
  });
  const link = `${deps.publicUrl}/confirm-email?${new URLSearchParams({ token })}`;
  try {
    await deps.mail.send({
      to: email,
      subject: "Confirm your e-mail address / আপনার ই-মেইল ঠিকানা নিশ্চিত করুন",
      text: [
        "Someone (we hope you) added this address to their account, which signs in with a phone number.",
        "Open this link within a day to confirm it; until then no mail is sent here:",
        "",
        link,
        "",
        "If it was not you, ignore this mail: the address is not added.",
        "",
        "কেউ (আশা করি আপনি) ফোন নম্বরে চলা তাঁর অ্যাকাউন্টে এই ঠিকানাটি যোগ করেছেন। নিশ্চিত করতে এক দিনের মধ্যে ওপরের লিংকটি খুলুন।",
      ].join("\n"),
    });
  } catch (error) {
    deps.logger.error({ err: error }, "the mail confirming an added e-mail address was not sent");
  }
}

/**
 * The link opened: the account's address becomes the one asked for, verified. A link that is
 * unknown, used or expired, or for an account that has an address by now, is refused (400 naming
 * `token`); an address another account took meanwhile, 409.
 */
export async function confirmAddedEmail(db: Database, token: string): Promise<{ email: string }> {
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(token))
    throw new DomainError("invalid", linkProblem(), { token: linkProblem() });
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.identifier, identifierOf(token)), gt(verifications.expiresAt, new Date())))
      .for("update");
    if (!found) throw new DomainError("invalid", linkProblem(), { token: linkProblem() });
    const { userId, email } = JSON.parse(found.value) as { userId: string; email: string };
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!account || !isPlaceholderEmail(account.email))
      throw new DomainError("invalid", linkProblem(), { token: linkProblem() });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (taken)
      throw new DomainError("conflict", problem("auth.userExists"), { email: problem("auth.userExists") });
    await tx.update(users).set({ email, emailVerified: true }).where(eq(users.id, userId));
    await tx.delete(verifications).where(eq(verifications.id, found.id));
    return { email };
  });
}

/** The rows of links mailed for this account's added address (the account is in the value). */
const waitingFor = (userId: string) =>
  and(
    like(verifications.identifier, `${prefix}%`),
    // Only these rows' values are read as JSON (others are Better Auth's own).
    sql`(case when ${verifications.identifier} like ${`${prefix}%`} then ${verifications.value}::jsonb->>'userId' end) = ${userId}`,
  );

export type WaitingEmail = { email: string; expiresAt: Date };

/**
 * The address this account added that waits for its confirmation (the newest link's, while it
 * works), or null: the profile says so and offers to send the link again.
 */
export async function waitingEmail(db: Database, actor: Actor): Promise<WaitingEmail | null> {
  const user = requireUser(actor);
  if (!isPlaceholderEmail(user.email)) return null;
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(waitingFor(user.id), gt(verifications.expiresAt, new Date())))
    .orderBy(desc(verifications.expiresAt))
    .limit(1);
  if (!row) return null;
  const { email } = JSON.parse(row.value) as { email: string };
  return { email, expiresAt: row.expiresAt };
}

/**
 * Mails the waiting address a new link (the old one stops working), at most 3 times an hour per
 * account (429 past it); 404 when no address waits.
 */
export async function sendAddedEmailAgain(deps: AddedEmailDeps, actor: Actor): Promise<WaitingEmail> {
  const user = requireUser(actor);
  const waiting = await waitingEmail(deps.db, user);
  if (!waiting) throw new DomainError("not_found", problem("account.noEmailWaiting"));
  await enforceRateLimit(deps.db, addedEmailResendLimit, [user.id]);
  await askToAddEmail(deps, user, waiting.email);
  return (await waitingEmail(deps.db, user)) ?? waiting;
}
