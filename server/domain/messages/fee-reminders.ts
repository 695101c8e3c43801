// Fee reminders (issue 41 item 6, docs/messages.md): an admin or an accountant reminds the
// guardians of the children with dues (every class, or one) by text, through the message queue:
// one text per guardian per child per month, queued under
// "fee-reminder:<studentId>:<guardianId>:<YYYY-MM>", naming the months owed and the amount in
// taka, in the guardian's language (Bangla is sent as UCS-2; its parts are counted by
// common/sms-segments.ts). A guardian who opted out of texts, or without a number, gets none.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { FeeReminderInput } from "../../../common/schemas/guardian-messages";
import { dhakaToday } from "../../../common/schemas/routines";
import { type SmsEncoding, smsLengthOf } from "../../../common/sms-segments";
import { formatPrice, formatYearMonth } from "../../../i18n/format";
import { intlLocale } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import { enrolments, feeInvoices, registerGuardians, registerStudents } from "../../db/schema";
import type { Actor } from "../actor";
import { requireFeeStaff } from "../fees/access";
import { feeClassNamed } from "../fees/classes";
import { childName, guardianLanguage, guardianText } from "./guardian-texts";
import { enqueueTexts, type QueuedText } from "./queue";

export type FeeReminderPlan = {
  /** Children with dues whose guardians get a text. */
  children: number;
  texts: number;
  /** The parts of the longest text. */
  segments: number;
  encoding: SmsEncoding;
};

async function remindersFor(
  db: Database,
  input: FeeReminderInput,
  site: string,
  now: Date,
): Promise<QueuedText[]> {
  const schoolClass = input.class ? await feeClassNamed(db, input.class) : null;
  const owed = await db
    .select({
      studentId: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      months: sql<string[]>`array_agg(distinct ${feeInvoices.month} order by ${feeInvoices.month})`,
      owedMinor: sql<string>`sum(${feeInvoices.totalMinor} - ${feeInvoices.paidMinor})`,
    })
    .from(feeInvoices)
    .innerJoin(registerStudents, eq(registerStudents.id, feeInvoices.registerStudentId))
    .innerJoin(
      enrolments,
      and(eq(enrolments.registerStudentId, registerStudents.id), eq(enrolments.session, feeInvoices.session)),
    )
    .where(
      and(
        sql`${feeInvoices.totalMinor} > ${feeInvoices.paidMinor}`,
        eq(registerStudents.status, "studying"),
        schoolClass ? eq(enrolments.classId, schoolClass.id) : undefined,
      ),
    )
    .groupBy(registerStudents.id, registerStudents.name, registerStudents.nameBn);
  if (owed.length === 0) return [];
  const guardians = await db
    .select({
      id: registerGuardians.id,
      studentId: registerGuardians.registerStudentId,
      phone: registerGuardians.phone,
      language: registerGuardians.textsLanguage,
    })
    .from(registerGuardians)
    .where(
      and(
        inArray(
          registerGuardians.registerStudentId,
          owed.map((child) => child.studentId),
        ),
        isNotNull(registerGuardians.phone),
        eq(registerGuardians.textsOptOut, false),
      ),
    );
  const byChild = new Map(owed.map((child) => [child.studentId, child]));
  const month = dhakaToday(now).slice(0, 7);
  const texts: QueuedText[] = [];
  for (const guardian of guardians) {
    const child = byChild.get(guardian.studentId);
    if (!child || !guardian.phone) continue;
    const language = guardianLanguage(guardian.language);
    const intl = intlLocale[language];
    texts.push({
      to: guardian.phone,
      language,
      text: guardianText(language, "messages.feeReminder.text", {
        site,
        name: childName(language, child),
        months: child.months.map((m) => formatYearMonth(m, intl)).join(", "),
        amount: formatPrice(Number(child.owedMinor) / 100, intl, "BDT"),
      }),
      dedupeKey: `fee-reminder:${child.studentId}:${guardian.id}:${month}`,
      registerGuardianId: guardian.id,
    });
  }
  return texts;
}

const planOf = (texts: QueuedText[]): FeeReminderPlan => {
  const lengths = texts.map((t) => smsLengthOf(t.text));
  const longest = lengths.reduce((a, b) => (b.segments > a.segments ? b : a), smsLengthOf(""));
  return {
    children: new Set(texts.map((t) => t.dedupeKey.split(":")[1])).size,
    texts: texts.length,
    segments: texts.length === 0 ? 0 : longest.segments,
    encoding: longest.encoding,
  };
};

/** What a reminder would send, before it is sent. */
export async function previewFeeReminders(
  db: Database,
  actor: Actor,
  input: FeeReminderInput,
  site: string,
  now = new Date(),
): Promise<FeeReminderPlan> {
  requireFeeStaff(actor);
  return planOf(await remindersFor(db, input, site, now));
}

/** Queues the reminders; a guardian already reminded about a child this month is left out. */
export async function sendFeeReminders(
  db: Database,
  actor: Actor,
  input: FeeReminderInput,
  site: string,
  now = new Date(),
): Promise<FeeReminderPlan & { queued: number }> {
  requireFeeStaff(actor);
  const texts = await remindersFor(db, input, site, now);
  const { queued } = await enqueueTexts(db, "fee reminders", texts);
  return { ...planOf(texts), queued };
}
