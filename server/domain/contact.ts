// Messages from the contact section. Anyone may write; each client address may send a few per
// window (the limit is kept in the database, so it holds across app processes). The dashboard
// inbox reads them later.

import { problem } from "../../common/errors/problem";
import { contactInput } from "../../common/schemas/contact";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { DomainError } from "./errors";
import { type ClientAddress, enforceAddressRateLimit, type RateLimitRule } from "./rate-limit";

export const contactRateLimit: RateLimitRule = {
  name: "contact",
  max: 5,
  windowMs: 10 * 60 * 1000,
  problem: problem("limit.messages"),
};

export type ContactAnswer = { acknowledged: true; insertedId: string };

/** Checks the message, counts it against the sender's address, and stores it. */
export async function sendContactMessage(
  db: Database,
  input: unknown,
  options: { client: ClientAddress },
): Promise<ContactAnswer> {
  const parsed = contactInput.safeParse(input);
  if (!parsed.success) {
    throw new DomainError(
      "invalid",
      problem("record.invalid", { what: "contactMessage" }),
      fieldProblemsOf(parsed.error),
    );
  }
  await enforceAddressRateLimit(db, contactRateLimit, options.client);
  const [row] = await db
    .insert(contactMessages)
    .values({ ...parsed.data, ipAddress: options.client.ip ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("The contact message was not stored");
  return { acknowledged: true, insertedId: row.id };
}
