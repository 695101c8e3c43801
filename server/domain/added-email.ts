// An e-mail address a phone account adds (issue 36): until its owner opens the link mailed to it,
// the account keeps its placeholder, so nothing is ever mailed to an address nobody confirmed
// (the confirmation link is the one mail that goes there) and nobody signs in with it. The link
// is good for a day; its token is kept only as a hash, in Better Auth's verification table.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { problem } from "../../common/errors/problem";
import { isPlaceholderEmail } from "../../common/phone-accounts";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { SignedInActor } from "./actor";
import { DomainError } from "./errors";

export type AddedEmailDeps = { db: Database; mail: Mailer; logger: Logger; publicUrl: string };

/** How long the link works. */
export const addedEmailLinkMs = 24 * 60 * 60 * 1000;

const identifierOf = (token: string) => `added-email:${createHash("sha256").update(token).digest("hex")}`;

const linkProblem = () => problem("account.emailLinkInvalid");

/**
 * Mails a confirmation link to the address a phone account asked to add; the account's address
 * stays its placeholder until the link is opened (confirmAddedEmail). Best effort: a mail that
 * cannot go is logged, and the person may ask again.
 */
export async function askToAddEmail(deps: AddedEmailDeps, user: SignedInActor, email: string): Promise<void> {
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
