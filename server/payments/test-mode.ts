// The built-in test card, used when no payment provider is configured: no money moves, but the
// whole card flow (intent, card form, decline, success, recording, refund) works out of the box.
// It keeps its intents in the orders table itself: the order's providerPaymentId is the intent's
// id and its status is the intent's status. Cards are Stripe's published test numbers, with their
// meanings.
import { eq } from "drizzle-orm";
import { type Problem, problem } from "../../common/errors/problem";
import { maxAmountMinor } from "../../common/money";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { PaymentError } from "../domain/errors";
import type { PaymentProvider } from "./provider";
import { randomPart, standInPayment, standInRefund } from "./stand-in";

const intentPrefix = "test_pi_";

export function createTestModeProvider(db: Database): PaymentProvider {
  return {
    kind: "test",
    testMode: true,
    flow: "card",
    publishableKey: null,
    // No money moves: any total the site takes (Stripe's own limit is lower, see stripe.ts).
    maxAmountMinor,
    currencies: null,
    // The order domain stores both on the order row, which is all the storage an intent needs.
    async start() {
      const id = `${intentPrefix}${randomPart()}`;
      return { id, clientSecret: `${id}_secret_${randomPart()}` };
    },
    // An intent replaced on its order (the cart changed) belongs to no order any more, so it can
    // no longer be found or paid; an order's own intent ends with the order (paid or expired).
    async cancel(id) {
      const [order] = await db.select().from(orders).where(eq(orders.providerPaymentId, id)).limit(1);
      return order?.status !== "paid" && order?.status !== "paid_after_expiry";
    },
    async query(id) {
      if (!id.startsWith(intentPrefix)) return null;
      const [order] = await db.select().from(orders).where(eq(orders.providerPaymentId, id)).limit(1);
      return order?.provider === "test" ? standInPayment(id, order) : null;
    },
    refund: standInRefund,
  };
}

/** The intent id a test-mode client secret belongs to ("test_pi_x_secret_y" -> "test_pi_x"). */
export function intentIdOfClientSecret(clientSecret: string): string | null {
  const match = /^(test_pi_[0-9a-f]+)_secret_[0-9a-f]+$/.exec(clientSecret);
  return match?.[1] ?? null;
}

export type TestCard = { cardNumber: string; expMonth: number; expYear: number; cvc: string };

type Refusal = { code: string; problem: Problem };

const declined: Refusal = { code: "card_declined", problem: problem("card.declined") };

// https://docs.stripe.com/testing: the numbers people know, and what Stripe answers to each.
const testCards: Record<string, Refusal | "succeeds"> = {
  "4242424242424242": "succeeds",
  "4000056655665556": "succeeds",
  "5555555555554444": "succeeds",
  "378282246310005": "succeeds",
  "4000000000000002": declined,
  "4000000000009995": { code: "insufficient_funds", problem: problem("card.insufficientFunds") },
  "4000000000000069": { code: "expired_card", problem: problem("card.expired") },
  "4000000000000127": { code: "incorrect_cvc", problem: problem("card.incorrectCvc") },
  "4000000000000119": { code: "processing_error", problem: problem("card.processingError") },
};

/**
 * Charges a test card: answers its last four digits, or throws PaymentError with Stripe's code
 * and message. Any number that is not a published test card is declined, so a real card number
 * typed by mistake is never "accepted".
 */
export function chargeTestCard(card: TestCard, now = new Date()): { last4: string } {
  const number = card.cardNumber.replace(/[\s-]/g, "");
  const meaning = testCards[number];
  if (meaning === undefined) {
    throw new PaymentError(declined.code, problem("card.notTestCard"));
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is good until the end of its expiry month.
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    throw new PaymentError("expired_card", problem("card.expired"));
  }
  if (meaning !== "succeeds") throw new PaymentError(meaning.code, meaning.problem);
  return { last4: number.slice(-4) };
}
