// The subscribe box: an e-mail joins the list once, however often it is sent or however it is
// capitalised. Subscribing again is a success too (nothing new is stored).

import { count, desc, ilike } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { subscribeInput } from "../../common/schemas/contact";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { csvLine, csvText } from "../csv";
import type { Database } from "../db/client";
import { likePattern } from "../db/like";
import { subscribers } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError } from "./errors";
import { type ClientAddress, enforceAddressRateLimit, type RateLimitRule } from "./rate-limit";

/** Generous for people, a brake on a script filling the list. */
export const subscribeRateLimit: RateLimitRule = {
  name: "subscribe",
  max: 20,
  windowMs: 10 * 60 * 1000,
  problem: problem("limit.requests"),
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
  options: { client: ClientAddress },
): Promise<SubscribeAnswer> {
  const parsed = subscribeInput.safeParse(input);
  if (!parsed.success) {
    throw new DomainError(
      "invalid",
      problem("record.invalid", { what: "subscription" }),
      fieldProblemsOf(parsed.error),
    );
  }
  await enforceAddressRateLimit(db, subscribeRateLimit, options.client);
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

export type SubscriberListItem = { email: string; subscribedAt: string };

/** The list, newest first: admins only. q searches the e-mail. */
export async function listSubscribers(
  db: Database,
  actor: Actor,
  options: { limit?: number; offset?: number; q?: string } = {},
): Promise<{ items: SubscriberListItem[]; total: number }> {
  requireAdmin(actor);
  const q = options.q?.trim();
  const where = q ? ilike(subscribers.email, likePattern(q)) : undefined;
  const rows = await db
    .select({ email: subscribers.email, createdAt: subscribers.createdAt })
    .from(subscribers)
    .where(where)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(options.limit ?? 50)
    .offset(options.offset ?? 0);
  const [counted] = await db.select({ n: count() }).from(subscribers).where(where);
  return {
    items: rows.map((row) => ({ email: row.email, subscribedAt: row.createdAt.toISOString() })),
    total: counted?.n ?? 0,
  };
}

/** Every subscriber as CSV (oldest first): admins only. */
export async function subscribersCsv(db: Database, actor: Actor): Promise<string> {
  const admin = requireAdmin(actor);
  await recordAudit(db, admin, {
    action: "export",
    subject: "export",
    subjectId: "subscribers",
    label: "maktab-subscribers.csv",
  });
  const rows = await db
    .select({ email: subscribers.email, createdAt: subscribers.createdAt })
    .from(subscribers)
    .orderBy(subscribers.createdAt, subscribers.id);
  const lines = ["email,subscribed_at"];
  for (const row of rows) lines.push(csvLine([row.email, row.createdAt.toISOString()]));
  return csvText(lines);
}
