// The subscribe box: an e-mail joins the list once, however often it is sent or however it is
// capitalised. Subscribing again is a success too (nothing new is stored).

import { subscribeInput } from "../../common/schemas/contact";
import { fieldErrorsOf } from "../../common/schemas/field-errors";
import type { Database } from "../db/client";
import { subscribers } from "../db/schema";
import { DomainError } from "./errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Generous for people, a brake on a script filling the list. */
export const subscribeRateLimit: RateLimitRule = {
  name: "subscribe",
  max: 20,
  windowMs: 10 * 60 * 1000,
  message: "Too many requests. Please try again later.",
};

export type SubscribeAnswer = {
  acknowledged: true;
  /** The new subscriber's id, or null when the e-mail was already on the list. */
  insertedId: string | null;
  alreadySubscribed: boolean;
};

export async function subscribe(
  db: Database,
  input: unknown,
  options: { clientIp?: string },
): Promise<SubscribeAnswer> {
  const parsed = subscribeInput.safeParse(input);
  if (!parsed.success) {
    throw new DomainError("invalid", "Invalid subscription", fieldErrorsOf(parsed.error));
  }
  await enforceRateLimit(db, subscribeRateLimit, options.clientIp);
  const email = parsed.data.email.toLowerCase();
  const [row] = await db
    .insert(subscribers)
    .values({ email })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });
  return row
    ? { acknowledged: true, insertedId: row.id, alreadySubscribed: false }
    : { acknowledged: true, insertedId: null, alreadySubscribed: true };
}
