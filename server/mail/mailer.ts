// Outgoing e-mail. nodemailer builds every message; it goes to the SMTP server of SMTP_URL, or,
// by default, into DATA_DIR/outbox/mail as an .eml file (one per message, openable in any mail
// program), so a fresh install can reply from the inbox and reset passwords without a mail server.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { isPlaceholderEmail } from "../../common/phone-accounts";
import type { Config } from "../config";

/** A mail to a phone account's placeholder address (common/phone-accounts.ts): never sent. */
export class UndeliverableAddressError extends Error {
  constructor() {
    super("This account has no e-mail address: the mail was not sent");
    this.name = "UndeliverableAddressError";
  }
}

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The Message-ID this one answers, so mail programs thread the reply. */
  inReplyTo?: string;
};

export type SentMail = {
  messageId: string;
  /** Where it went: the SMTP server, or the .eml file written to the outbox. */
  transport: "smtp" | "outbox";
  file?: string;
};

export type Mailer = {
  send(mail: Mail): Promise<SentMail>;
  /** The outbox folder when mail is written to files; undefined with SMTP. */
  outboxDir?: string;
};

export function outboxMailDir(dataDir: string) {
  return path.join(dataDir, "outbox", "mail");
}

export function createMailer(config: Pick<Config, "dataDir" | "mail" | "publicUrl">, logger: Logger): Mailer {
  const domain = new URL(config.publicUrl).hostname || "localhost";
  const message = (mail: Mail) => ({
    from: config.mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    inReplyTo: mail.inReplyTo,
    references: mail.inReplyTo,
    messageId: `<${randomUUID()}@${domain}>`,
  });

  // nodemailer (about 15 MB of memory) is loaded with the first mail, not at start.
  let transporter: Promise<Transporter> | undefined;
  const transport = (options: Parameters<typeof import("nodemailer").createTransport>[0]) => {
    transporter ??= import("nodemailer").then((module) => module.default.createTransport(options));
    return transporter;
  };

  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl) {
    return {
      async send(mail) {
        if (isPlaceholderEmail(mail.to)) throw new UndeliverableAddressError();
        const info = await (await transport(smtpUrl)).sendMail(message(mail));
        logger.info({ messageId: info.messageId }, "mail sent by SMTP");
        return { messageId: info.messageId, transport: "smtp" };
      },
    };
  }

  const outboxDir = outboxMailDir(config.dataDir);
  return {
    outboxDir,
    async send(mail) {
      if (isPlaceholderEmail(mail.to)) throw new UndeliverableAddressError();
      const built = message(mail);
      const builder = await transport({ streamTransport: true, buffer: true, newline: "unix" });
      const info = await builder.sendMail(built);
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time, unique without coordination between processes.
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ messageId: built.messageId, file }, "mail written to the outbox");
      return { messageId: built.messageId, transport: "outbox", file };
    },
  };
}
