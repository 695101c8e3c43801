// The mailer and the SMS sender, counted for /metrics: each message handed on or failed, and
// those being handed on now (with SMTP or a gateway, the only queue there is).
import type { Mailer } from "../mail/mailer";
import type { SmsSender } from "../sms/sender";
import type { Metrics } from "./metrics";

async function counted<T>(
  metrics: Pick<Metrics, "messageSending">,
  channel: "mail" | "sms",
  transport: string,
  send: () => Promise<T>,
): Promise<T> {
  const done = metrics.messageSending(channel, transport);
  try {
    const sent = await send();
    done("sent");
    return sent;
  } catch (error) {
    done("failed");
    throw error;
  }
}

export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, "messageSending">): Mailer {
  const transport = mailer.outboxDir ? "outbox" : "smtp";
  return { ...mailer, send: (mail) => counted(metrics, "mail", transport, () => mailer.send(mail)) };
}

export function countedSms(sender: SmsSender, metrics: Pick<Metrics, "messageSending">): SmsSender {
  const transport = sender.outboxDir ? "outbox" : "gateway";
  return { ...sender, send: (message) => counted(metrics, "sms", transport, () => sender.send(message)) };
}
