// The message queue's gateway, from the config: sms.net.bd when SMS_NET_BD_API_KEY is set, the
// generic JSON gateway when SMS_URL is (the same POST as the phone codes', server/sms/sender.ts;
// an answer {"id": "..."} is kept as the text's id), otherwise the outbox folder
// (DATA_DIR/outbox/sms), where every text counts as delivered.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { smsEncodingOf, smsSegmentsOf } from "../../common/sms-segments";
import type { Config } from "../config";
import { outcomeOfFetchError, type SendOutcome, type SmsGateway } from "./gateway";
import { outboxSmsDir } from "./sender";
import { createSmsNetBdGateway } from "./sms-net-bd";

export function createSmsGateway(
  config: Pick<Config, "dataDir" | "sms" | "smsNetBd">,
  logger: Logger,
): SmsGateway {
  if (config.smsNetBd) return createSmsNetBdGateway(config.smsNetBd);
  if (config.sms) return jsonGateway(config.sms, logger);
  return outboxGateway(outboxSmsDir(config.dataDir));
}

const encoded = (text: string) => {
  const encoding = smsEncodingOf(text);
  return { encoding, segments: smsSegmentsOf(text, encoding) };
};

function jsonGateway(gateway: { url: string; token: string }, logger: Logger): SmsGateway {
  return {
    name: "json",
    async send({ to, text }): Promise<SendOutcome> {
      let response: Response;
      try {
        response = await fetch(gateway.url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
          body: JSON.stringify({ to, text, ...encoded(text) }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        return outcomeOfFetchError(error);
      }
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (response.ok) {
        const id = typeof body?.id === "string" || typeof body?.id === "number" ? String(body.id) : null;
        return { kind: "sent", gatewayId: id };
      }
      logger.warn({ status: response.status }, "the SMS gateway refused a message");
      const reason = `the gateway answered ${response.status}`;
      return response.status === 429 || response.status >= 500
        ? { kind: "temporary", reason }
        : { kind: "permanent", reason };
    },
    balance: async () => null,
    report: async () => null,
  };
}

function outboxGateway(outboxDir: string): SmsGateway {
  return {
    name: "outbox",
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true });
      const id = randomUUID();
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.json`);
      const createdAt = new Date().toISOString();
      await writeFile(file, `${JSON.stringify({ to, text, ...encoded(text), createdAt })}\n`);
      return { kind: "sent", gatewayId: id };
    },
    balance: async () => null,
    // A file in the outbox is as delivered as it will ever be.
    report: async () => ({ state: "delivered", reason: null }),
  };
}
