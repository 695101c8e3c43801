// Importing a marks sheet (read by server/exam-results/marks-sheet-reading.ts): the marks of a class, and the
// students not yet enrolled, in one go or not at all.
import { and, eq, inArray } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import type { Database } from "../db/client";
import { enrolments } from "../db/schema";
import { type SheetError, type SheetRow, sheetError } from "../exam-results/marks-sheet";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { regrade } from "./exam-grading";
import { examClassId, getExam } from "./exams";
import { type ScoreChange, writeScores } from "./marks";
import { childrenOfRegistrations } from "./register/children";

/**
 * Imports a marks sheet's rows: a roll not yet enrolled in the exam's class and session is
 * enrolled; an enrolled roll must come with its registration number. Everything or nothing: with
 * any error, nothing is saved and every error is told. `check` tells what an import would do and
 * saves nothing (the dashboard's preview).
 */
export async function importMarks(
  db: Database,
  actor: Actor,
  examId: string,
  rows: SheetRow[],
  sheetErrors: SheetError[],
  options: { check?: boolean } = {},
): Promise<{ imported: number; enrolled: number; errors: SheetError[] }> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  const classId = await examClassId(db, exam.id);
  const errors = [...sheetErrors];
  const existing = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.session, exam.session), eq(enrolments.classId, classId)));
  const byRoll = new Map(existing.map((e) => [e.roll, e]));
  const registrations = await db
    .select({ registration: enrolments.registration, roll: enrolments.roll, classId: enrolments.classId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.session, exam.session),
        inArray(
          enrolments.registration,
          rows.map((r) => r.registration),
        ),
      ),
    );
  const takenRegistration = new Map(registrations.map((r) => [r.registration, r]));
  for (const row of rows) {
    const enrolled = byRoll.get(row.roll);
    if (enrolled && enrolled.registration !== row.registration) {
      errors.push(sheetError(row.line, "registration", problem("exam.rollTaken", { roll: row.roll })));
    }
    const holder = takenRegistration.get(row.registration);
    if (!enrolled && holder) {
      const found = problem("exam.registrationTaken", {
        registration: row.registration,
        session: exam.session,
      });
      errors.push(sheetError(row.line, "registration", found));
    }
  }
  if (errors.length > 0) return { imported: 0, enrolled: 0, errors };
  // Checking only: what an import would do, saving nothing.
  if (options.check) {
    return {
      imported: rows.length,
      enrolled: rows.filter((row) => !byRoll.has(row.roll)).length,
      errors: [],
    };
  }

  let enrolledCount = 0;
  let imported = 0;
  await db.transaction(async (tx) => {
    const newcomers = rows.filter((row) => !byRoll.has(row.roll));
    if (newcomers.length > 0) {
      const children = await childrenOfRegistrations(tx, newcomers);
      const made = await tx
        .insert(enrolments)
        .values(
          newcomers.map((row) => ({
            registerStudentId: children.get(row.registration) as string,
            session: exam.session,
            classId: classId,
            roll: row.roll,
            registration: row.registration,
            name: row.name,
          })),
        )
        .returning();
      for (const e of made) byRoll.set(e.roll, e);
      enrolledCount = made.length;
    }
    const changes: ScoreChange[] = [];
    for (const row of rows) {
      const enrolment = byRoll.get(row.roll);
      if (!enrolment) continue;
      for (const subject of exam.subjects) {
        const given = row.scores[subject.code];
        if (!given) continue;
        subject.components.forEach((component, index) => {
          const score = given[index];
          // An empty cell changes nothing.
          if (score === undefined) return;
          changes.push({ enrolment: enrolment.id, subject: subject.code, component: component.kind, score });
        });
      }
    }
    await writeScores(tx, exam.id, changes);
    const ids = rows.map((row) => byRoll.get(row.roll)?.id).filter((id): id is string => id !== undefined);
    await regrade(tx, exam, ids);
    imported = rows.length;
    await recordAudit(tx, admin, {
      action: "update",
      subject: "exam",
      subjectId: exam.id,
      label: `${exam.name}: marks of ${rows.length} students imported`,
    });
  });
  return { imported, enrolled: enrolledCount, errors: [] };
}
