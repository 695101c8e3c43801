// Text messages (phone verification codes). By default each one is written to DATA_DIR/outbox/sms
// as a JSON file {to, text, createdAt}; with SMS_URL it is POSTed as JSON {to, text} to the
// gateway with "Authorization: Bearer SMS_TOKEN", and a non-2xx answer is an error.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
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

export function createSmsSender(config: Pick<Config, "dataDir" | "sms">, logger: Logger): SmsSender {
  const gateway = config.sms;
  if (gateway) {
    return {
      async send(message) {
        const response = await fetch(gateway.url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`The SMS gateway answered ${response.status}`);
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
