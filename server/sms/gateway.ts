// What the message queue (server/messages/) needs of an SMS gateway: send one text and say how it
// went, and, where the gateway tells them, its balance and a sent text's delivery report. The
// outbox and the generic JSON gateway are in gateways.ts, sms.net.bd in sms-net-bd.ts.

/**
 * How a send went. "temporary": the gateway said try again later (busy, out of balance, could not
 * be reached at all); "permanent": it refused this text for good (a wrong number); "unknown": the
 * gateway may or may not have taken it (a timeout after the request left): never sent again.
 */
export type SendOutcome =
  | { kind: "sent"; gatewayId: string | null }
  | { kind: "temporary"; reason: string }
  | { kind: "permanent"; reason: string }
  | { kind: "unknown"; reason: string };

/** A sent text's fate as the gateway reports it; "sent" while it does not know yet. */
export type DeliveryReport = { state: "sent" | "delivered" | "failed"; reason: string | null };

export type SmsGateway = {
  /** Shown to the admin: "outbox", "json", "sms.net.bd". */
  name: string;
  /** `to` is +8801XXXXXXXXX. */
  send(message: { to: string; text: string }): Promise<SendOutcome>;
  /** The account's balance as the gateway writes it (taka), or null when it does not tell. */
  balance(): Promise<string | null>;
  /** The delivery report of a sent text by the gateway's id, or null when it keeps none. */
  report(gatewayId: string): Promise<DeliveryReport | null>;
};

/** Errors of fetch that mean the request never reached the gateway: safe to send again. */
const notReached = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** A failed fetch as an outcome: temporary when the gateway was never reached, else unknown. */
export function outcomeOfFetchError(error: unknown): SendOutcome {
  const code = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (code && notReached.has(code)) return { kind: "temporary", reason: `unreachable (${code})` };
  const name = (error as { name?: string } | undefined)?.name;
  return { kind: "unknown", reason: name === "TimeoutError" ? "no answer in time" : "connection lost" };
}
