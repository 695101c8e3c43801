// Text messages (phone verification codes). By default each one is written to DATA_DIR/outbox/sms
// as a JSON file {to, text, encoding, segments, createdAt}; with SMS_URL it is POSTed as JSON
// {to, text, encoding, segments} to the gateway with "Authorization: Bearer SMS_TOKEN" (encoding
// "GSM-7" or "UCS-2", segments the number of messages it is sent as: common/sms-segments.ts). A gateway that answers other than 2xx, or
// cannot be reached, fails the send with SmsNotSentError, which the caller turns into its own
// answer (the phone code call: a 502, server/auth/auth.ts); the log has the details.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { type SmsEncoding, smsEncodingOf, smsSegmentsOf } from "../../common/sms-segments";
import type { Config } from "../config";

export type TextMessage = { to: string; text: string };

/** A message as it leaves: with how it is encoded and how many parts it is sent as. */
type OutgoingMessage = TextMessage & { encoding: SmsEncoding; segments: number };

function outgoing(message: TextMessage): OutgoingMessage {
  const encoding = smsEncodingOf(message.text);
  return { to: message.to, text: message.text, encoding, segments: smsSegmentsOf(message.text, encoding) };
}

export type SmsSender = {
  send(message: TextMessage): Promise<void>;
  /** The outbox folder when messages are written to files; undefined with a gateway. */
  outboxDir?: string;
};

export function outboxSmsDir(dataDir: string) {
  return path.join(dataDir, "outbox", "sms");
}

/** The gateway did not take the message: it refused it, or could not be reached. */
export class SmsNotSentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SmsNotSentError";
  }
}

export function createSmsSender(config: Pick<Config, "dataDir" | "sms">, logger: Logger): SmsSender {
  const gateway = config.sms;
  if (gateway) {
    return {
      async send(text) {
        const message = outgoing(text);
        let response: Response;
        try {
          response = await fetch(gateway.url, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
            body: JSON.stringify(message),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          logger.error({ err: error }, "the SMS gateway could not be reached");
          throw new SmsNotSentError("The SMS gateway could not be reached", { cause: error });
        }
        // Only the status matters; the body is dropped so the connection is freed.
        await response.body?.cancel().catch(() => {});
        if (!response.ok) {
          logger.error({ status: response.status }, "the SMS gateway refused a message");
          throw new SmsNotSentError(`The SMS gateway answered ${response.status}`);
        }
        // No number: a log carries no personal detail beyond an account id.
        const { encoding, segments } = message;
        logger.info({ encoding, segments }, "text message sent through the gateway");
      },
    };
  }
  const outboxDir = outboxSmsDir(config.dataDir);
  return {
    outboxDir,
    async send(text) {
      const message = outgoing(text);
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`,
      );
      await writeFile(file, `${JSON.stringify({ ...message, createdAt: new Date().toISOString() })}\n`);
      const { encoding, segments } = message;
      logger.info({ encoding, segments, file }, "text message written to the outbox");
    },
  };
}
