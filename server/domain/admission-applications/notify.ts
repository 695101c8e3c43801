// What the school tells the applying guardian, by text and e-mail, in the application's language:
// the number once the fee is paid, and every change of status. Queued in the message queue
// (docs/messages.md) in the same transaction as the change, each under a dedupe key naming the
// application and the change, so the same news never goes twice to the same address.
import { eq } from "drizzle-orm";
import { shownEmail } from "../../../common/phone-accounts";
import type { ApplicationStatus } from "../../../common/schemas/admission-applications";
import type { Locale, MessageKey } from "../../../i18n/translate";
import { guardianMessages, messageRecipients, users } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { guardianText } from "../messages/guardian-texts";
import type { ApplicationRow } from "./applications";

export const languageOf = (application: Pick<ApplicationRow, "language">): Locale =>
  application.language === "en" ? "en" : "bn";

/** The child's name as the application's language writes it. */
const childOf = (application: ApplicationRow, locale: Locale) =>
  locale === "bn" && application.childNameBn.trim() ? application.childNameBn : application.childName;

export const statusName = (locale: Locale, status: ApplicationStatus) =>
  guardianText(locale, `applications.status.${status}` as MessageKey, {});

/** The text about this application: its number at submission, or its new status. */
export function applicationText(
  locale: Locale,
  school: string,
  application: ApplicationRow,
  status: ApplicationStatus,
  note = "",
): string {
  const child = childOf(application, locale);
  if (status === "submitted") {
    return guardianText(locale, "applications.text.submitted", {
      school,
      child,
      class: application.className,
      number: application.number ?? "",
    });
  }
  return guardianText(locale, "applications.text.status", {
    school,
    number: application.number ?? "",
    child,
    status: statusName(locale, status),
    note: note ? guardianText(locale, "applications.text.note", { note }) : "",
  });
}

/** The phones and addresses the news goes to: the application's guardians and the applying account. */
async function addressesOf(db: DatabaseOrTransaction, application: ApplicationRow) {
  const phones = new Set(application.guardians.map((g) => g.phone).filter(Boolean));
  const emails = new Set(application.guardians.map((g) => g.email.trim().toLowerCase()).filter(Boolean));
  if (application.userId) {
    const [account] = await db
      .select({ email: users.email, phone: users.phoneNumber, verified: users.phoneNumberVerified })
      .from(users)
      .where(eq(users.id, application.userId));
    const shown = account ? shownEmail(account.email) : null;
    if (shown) emails.add(shown.toLowerCase());
    if (account?.phone && account.verified) phones.add(account.phone);
  }
  return { phones: [...phones], emails: [...emails] };
}

/**
 * Queues the text and e-mail about this change of the application (submitted, or a new status),
 * in the caller's transaction. `change` names the change for the dedupe key (a status history
 * row's id, or "submitted").
 */
export async function queueApplicationNews(
  db: DatabaseOrTransaction,
  school: string,
  application: ApplicationRow,
  status: ApplicationStatus,
  change: string,
  note = "",
): Promise<number> {
  const locale = languageOf(application);
  const body = applicationText(locale, school, application, status, note);
  const { phones, emails } = await addressesOf(db, application);
  const recipients = [
    ...phones.map((address) => ({ channel: "sms" as const, address })),
    ...emails.map((address) => ({ channel: "email" as const, address })),
  ];
  if (recipients.length === 0) return 0;
  const [message] = await db
    .insert(guardianMessages)
    .values({
      authorId: null,
      text: body,
      channel: emails.length > 0 && phones.length > 0 ? "both" : phones.length > 0 ? "sms" : "email",
      audience: `admission application ${application.number ?? application.id}`,
    })
    .returning({ id: guardianMessages.id });
  if (!message) throw new Error("the message was not stored");
  const rows = await db
    .insert(messageRecipients)
    .values(
      recipients.map((r) => ({
        messageId: message.id,
        channel: r.channel,
        address: r.address,
        language: locale,
        body,
        dedupeKey: `admission:${application.id}:${change}:${r.channel}:${r.address}`,
      })),
    )
    .onConflictDoNothing({ target: messageRecipients.dedupeKey })
    .returning({ id: messageRecipients.id });
  if (rows.length === 0) await db.delete(guardianMessages).where(eq(guardianMessages.id, message.id));
  return rows.length;
}

/** A text with the code that checks an application's status, to its phones only. */
export async function queueStatusCode(
  db: DatabaseOrTransaction,
  school: string,
  application: ApplicationRow,
  code: string,
): Promise<void> {
  const locale = languageOf(application);
  const body = guardianText(locale, "applications.text.code", {
    school,
    number: application.number ?? "",
    code,
  });
  const phones = [...new Set(application.guardians.map((g) => g.phone).filter(Boolean))];
  if (phones.length === 0) return;
  const [message] = await db
    .insert(guardianMessages)
    .values({
      authorId: null,
      text: body,
      channel: "sms",
      audience: `admission status code ${application.number}`,
    })
    .returning({ id: guardianMessages.id });
  if (!message) throw new Error("the message was not stored");
  await db.insert(messageRecipients).values(
    phones.map((address) => ({
      messageId: message.id,
      channel: "sms" as const,
      address,
      language: locale,
      body,
    })),
  );
}
