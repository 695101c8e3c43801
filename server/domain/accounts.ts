// Account rules Better Auth calls back into: what a new account looks like, whoever made it
// (a form, or a first sign-in through an identity provider), and the password reset mail.

import { and, eq, isNotNull } from "drizzle-orm";
import type { Logger } from "pino";
import { problem } from "../../common/errors/problem";
import { maxNameLength } from "../../common/schemas/users";
import { firstGraphemes } from "../../common/text-rules";
import type { Database } from "../db/client";
import { accounts } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type Actor, requireUser } from "./actor";
import { addressPart, enforceRateLimit, hitRateLimit, type RateLimitRule, rateLimitKey } from "./rate-limit";

type NewUser = { email: string; name?: string | null; image?: string | null } & Record<string, unknown>;

const maxImageLength = 2048;

/**
 * A new account as `PUT /User/users` records one: a display name (the provider's, else the
 * e-mail's local part) of at most 100 letters, role "user", no phone until one is verified,
 * and a photo only when it is an http(s) link. An identity provider cannot choose a role, a
 * verified phone or a ban. An account made by a phone sign-in (`phoneSignIn`: the checked body
 * of /phone-number/verify, whose code was right) has that number, verified, and the name given.
 */
export function newAccountDefaults<T extends NewUser>(user: T, phoneSignIn?: Record<string, unknown>): T {
  const phone =
    phoneSignIn && typeof phoneSignIn.phoneNumber === "string" && phoneSignIn.phoneNumber === user.phoneNumber
      ? phoneSignIn.phoneNumber
      : null;
  const given = phone && typeof phoneSignIn?.name === "string" ? phoneSignIn.name : user.name;
  const name = (given ?? "").trim() || (phone ?? (user.email.split("@")[0] || user.email));
  const image =
    typeof user.image === "string" &&
    /^https?:\/\/\S+$/i.test(user.image) &&
    user.image.length <= maxImageLength
      ? user.image
      : null;
  return {
    ...user,
    name: firstGraphemes(name, maxNameLength),
    image,
    role: "user",
    banned: false,
    phoneNumber: phone,
    phoneNumberVerified: phone !== null,
  };
}

/** Reset mails per address per hour: more would flood someone's mailbox. */
const resetMailLimit = { max: 3, windowMs: 60 * 60_000 };

/**
 * Sends the reset link, unless this address had enough of them this hour. Runs after the answer
 * has gone (the caller does not wait), so the time taken does not tell whether the account exists.
 */
export function sendPasswordResetMail(
  deps: { db: Database; mail: Mailer; logger: Logger; publicUrl: string },
  input: { email: string; token: string },
): void {
  const link = `${deps.publicUrl}/reset-password?${new URLSearchParams({ token: input.token })}`;
  const task = async () => {
    const key = rateLimitKey("password-reset", [input.email.toLowerCase()]);
    const hit = await hitRateLimit(deps.db, key, resetMailLimit);
    if (!hit.allowed) {
      deps.logger.warn("password reset mail not sent: limit for this address reached");
      return;
    }
    await deps.mail.send({
      to: input.email,
      subject: "Reset your password / পাসওয়ার্ড নতুন করে দিন",
      text: [
        "Someone (we hope you) asked to reset the password of your account.",
        "Open this link within an hour to choose a new one:",
        "",
        link,
        "",
        "If you did not ask for this, ignore this mail: your password stays as it is.",
        "",
        "—",
        "",
        "আপনার অ্যাকাউন্টের পাসওয়ার্ড নতুন করে দেওয়ার অনুরোধ এসেছে।",
        "এক ঘণ্টার মধ্যে এই লিংকটি খুলে নতুন পাসওয়ার্ড দিন:",
        "",
        link,
        "",
        "অনুরোধটি আপনি না করে থাকলে এই মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড বদলাবে না।",
      ].join("\n"),
    });
  };
  task().catch((error: unknown) => deps.logger.error({ err: error }, "password reset mail failed"));
}

/** Whether the signed-in user has a password (an account made through a provider has none). */
export async function hasPassword(db: Database, actor: Actor): Promise<boolean> {
  const user = requireUser(actor);
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Password guesses are limited per address and account. A class signing in together from one
 * school network (one address) is not held back, as it would be by a limit per address alone;
 * Better Auth's own limit per address (server/auth/auth.ts) stays, higher, as the ceiling for
 * many accounts tried from one place.
 */
export const signInAttemptLimit: RateLimitRule = {
  name: "sign-in",
  max: 10,
  windowMs: 60_000,
  // Better Auth's own wording, which the sign-in pages already translate.
  problem: problem("limit.requests"),
};

/** Counts a sign-in attempt with a password and throws RateLimitError (429) past the limit. */
export async function allowSignInAttempt(
  db: Database,
  input: { email: unknown; clientIp?: string },
): Promise<void> {
  // A body without an e-mail is refused by Better Auth itself.
  if (typeof input.email !== "string") return;
  await enforceRateLimit(db, signInAttemptLimit, [
    addressPart({ ip: input.clientIp }),
    input.email.trim().toLowerCase(),
  ]);
}
