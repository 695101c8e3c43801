// Messages from the contact section. Anyone may write; each client address may send a few per
// window (the limit is kept in the database, so it holds across app processes). The dashboard
// inbox reads them later.

import { contactInput } from "../../common/schemas/contact";
import { fieldErrorsOf } from "../../common/schemas/field-errors";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { DomainError } from "./errors";
import { addressPart, enforceRateLimit, type RateLimitRule } from "./rate-limit";

export const contactRateLimit: RateLimitRule = {
  name: "contact",
  max: 5,
  windowMs: 10 * 60 * 1000,
  message: "Too many messages. Please try again later.",
};

export type ContactAnswer = { acknowledged: true; insertedId: string };

/** Checks the message, counts it against the sender's address, and stores it. */
export async function sendContactMessage(
  db: Database,
  input: unknown,
  options: { clientIp?: string },
): Promise<ContactAnswer> {
  const parsed = contactInput.safeParse(input);
  if (!parsed.success) {
    throw new DomainError("invalid", "Invalid contact message", fieldErrorsOf(parsed.error));
  }
  await enforceRateLimit(db, contactRateLimit, [addressPart(options.clientIp)]);
  const [row] = await db
    .insert(contactMessages)
    .values({ ...parsed.data, ipAddress: options.clientIp ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("The contact message was not stored");
  return { acknowledged: true, insertedId: row.id };
}
