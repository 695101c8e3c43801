// Absence texts (issue 37 item 3, docs/attendance.md): at the time the school sets (off until an
// admin turns them on; 11:00 in Dhaka unless set), each child marked absent for the whole day
// today gets one text to each guardian with a number who has not opted out, in the guardian's
// language. Each text is queued under "absence:<studentId>:<guardianId>:<date>", so running again
// (or in two processes) queues nothing more; a child marked present or late by then is not absent.
import { and, eq, isNotNull } from "drizzle-orm";
import type { AbsenceTextSettings } from "../../../common/schemas/guardian-messages";
import { dhakaToday } from "../../../common/schemas/routines";
import { formatDayMonth } from "../../../i18n/format";
import { intlLocale } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import { absenceTextSettings, attendanceMarks, registerGuardians, registerStudents } from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { dhakaDay } from "../attendance/school-day";
import { childName, guardianLanguage, guardianText } from "./guardian-texts";
import { enqueueTexts, type QueuedText } from "./queue";

export const defaultAbsenceTexts: AbsenceTextSettings = { enabled: false, sendAt: "11:00" };

/** Whether absence texts are on, and their time. */
export async function readAbsenceTextSettings(db: Database): Promise<AbsenceTextSettings> {
  const [row] = await db
    .select({ enabled: absenceTextSettings.enabled, sendAt: absenceTextSettings.sendAt })
    .from(absenceTextSettings)
    .where(eq(absenceTextSettings.id, 1));
  return row ?? defaultAbsenceTexts;
}

export async function readAbsenceTextSettingsAs(db: Database, actor: Actor): Promise<AbsenceTextSettings> {
  requireAdmin(actor);
  return readAbsenceTextSettings(db);
}

/** An admin turns absence texts on or off and sets their time. */
export async function saveAbsenceTextSettings(
  db: Database,
  actor: Actor,
  input: AbsenceTextSettings,
): Promise<AbsenceTextSettings> {
  requireAdmin(actor);
  await db
    .insert(absenceTextSettings)
    .values({ id: 1, enabled: input.enabled, sendAt: input.sendAt })
    .onConflictDoUpdate({
      target: absenceTextSettings.id,
      set: { enabled: input.enabled, sendAt: input.sendAt, updatedAt: new Date() },
    });
  return input;
}

/** The moment today's texts are due: the set time on today's Dhaka clock. */
export const sendMomentOf = (date: string, sendAt: string) =>
  new Date(
    dhakaDay(date).start.getTime() + (Number(sendAt.slice(0, 2)) * 60 + Number(sendAt.slice(3))) * 60_000,
  );

/** The texts for today's absent children, before they are queued. */
export async function absenceTextsFor(db: Database, date: string): Promise<QueuedText[]> {
  const rows = await db
    .select({
      studentId: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      guardianId: registerGuardians.id,
      phone: registerGuardians.phone,
      language: registerGuardians.textsLanguage,
    })
    .from(attendanceMarks)
    .innerJoin(registerStudents, eq(registerStudents.id, attendanceMarks.registerStudentId))
    .innerJoin(registerGuardians, eq(registerGuardians.registerStudentId, registerStudents.id))
    .where(
      and(
        eq(attendanceMarks.date, date),
        eq(attendanceMarks.period, 0),
        eq(attendanceMarks.status, "absent"),
        eq(registerStudents.status, "studying"),
        isNotNull(registerGuardians.phone),
        eq(registerGuardians.textsOptOut, false),
      ),
    );
  return rows.map((row) => {
    const language = guardianLanguage(row.language);
    return {
      to: row.phone ?? "",
      language,
      text: guardianText(language, "messages.absence.text", {
        date: formatDayMonth(date, intlLocale[language]),
        name: childName(language, row),
      }),
      dedupeKey: `absence:${row.studentId}:${row.guardianId}:${date}`,
      registerGuardianId: row.guardianId,
    };
  });
}

/**
 * Queues today's absence texts once the send time has come (nothing while they are off or
 * before the time). Safe to run again and again: each key queues once.
 */
export async function queueAbsenceTexts(db: Database, now = new Date()): Promise<{ queued: number }> {
  const settings = await readAbsenceTextSettings(db);
  if (!settings.enabled) return { queued: 0 };
  const today = dhakaToday(now);
  if (now < sendMomentOf(today, settings.sendAt)) return { queued: 0 };
  return enqueueTexts(db, "absence texts", await absenceTextsFor(db, today));
}
