// Text messages (phone verification codes). By default each one is written to DATA_DIR/outbox/sms
// as a JSON file {to, text, createdAt}; with SMS_URL it is POSTed as JSON {to, text} to the
// gateway with "Authorization: Bearer SMS_TOKEN". A gateway that answers other than 2xx, or
// cannot be reached, fails the send with a 502 (code SMS_NOT_SENT): the person asking for a code
// is told it did not go out, not that it was sent; the log has the details.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { APIError } from "better-auth/api";
import type { Logger } from "pino";
import type { Config } from "../config";

export type TextMessage = { to: string; text: string };

export type SmsSender = {
  send(message: TextMessage): Promise<void>;
  /** The outbox folder when messages are written to files; undefined with a gateway. */
  outboxDir?: string;
};

export function outboxSmsDir(dataDir: string) {
  return path.join(dataDir, "outbox", "sms");
}

/** What a caller of /api/auth/phone-number/send-otp gets when the gateway fails. */
export const smsNotSent = {
  code: "SMS_NOT_SENT",
  message: "The text message could not be sent. Please try again in a moment.",
} as const;

export function createSmsSender(config: Pick<Config, "dataDir" | "sms">, logger: Logger): SmsSender {
  const gateway = config.sms;
  if (gateway) {
    return {
      async send(message) {
        let response: Response;
        try {
          response = await fetch(gateway.url, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
            body: JSON.stringify(message),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          logger.error({ err: error, to: message.to }, "the SMS gateway could not be reached");
          throw new APIError("BAD_GATEWAY", { ...smsNotSent });
        }
        // Only the status matters; the body is dropped so the connection is freed.
        await response.body?.cancel().catch(() => {});
        if (!response.ok) {
          logger.error({ status: response.status, to: message.to }, "the SMS gateway refused a message");
          throw new APIError("BAD_GATEWAY", { ...smsNotSent });
        }
        logger.info({ to: message.to }, "text message sent through the gateway");
      },
    };
  }
  const outboxDir = outboxSmsDir(config.dataDir);
  return {
    outboxDir,
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`,
      );
      await writeFile(file, `${JSON.stringify({ ...message, createdAt: new Date().toISOString() })}\n`);
      logger.info({ to: message.to, file }, "text message written to the outbox");
    },
  };
}
