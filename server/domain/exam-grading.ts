// Grading, kept per student: each student's marks graded by the exam's scheme (common/grading.ts)
// into a marksheet stored in exam_results, whenever their marks or the exam's subjects change.
import { and, eq, inArray, sql } from "drizzle-orm";
import { gradeMarksheet } from "../../common/grading";
import type { Marksheet } from "../../common/schemas/results";
import { enrolments, examResults, marks } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Exam, examClassId } from "./exams";

/** Grades these students (all of the exam's when not said) and keeps their results. */
export async function regrade(db: DatabaseOrTransaction, exam: Exam, enrolmentIds?: string[]): Promise<void> {
  if (enrolmentIds?.length === 0) return;
  const classId = await examClassId(db, exam.id);
  const students = await db
    .select()
    .from(enrolments)
    .where(
      and(
        eq(enrolments.session, exam.session),
        eq(enrolments.classId, classId),
        enrolmentIds ? inArray(enrolments.id, enrolmentIds) : undefined,
      ),
    );
  if (students.length === 0) return;
  const scoreRows = await db
    .select()
    .from(marks)
    .where(
      and(
        eq(marks.examId, exam.id),
        inArray(
          marks.enrolmentId,
          students.map((s) => s.id),
        ),
      ),
    );
  const scoresOf = new Map<string, Map<string, Map<string, number | null>>>();
  for (const row of scoreRows) {
    const bySubject = scoresOf.get(row.enrolmentId) ?? new Map<string, Map<string, number | null>>();
    const byComponent = bySubject.get(row.subjectCode) ?? new Map<string, number | null>();
    byComponent.set(row.component, row.score);
    bySubject.set(row.subjectCode, byComponent);
    scoresOf.set(row.enrolmentId, bySubject);
  }
  const values = students.map((student) => {
    const given = scoresOf.get(student.id);
    const scores: Record<string, (number | null)[]> = {};
    for (const subject of exam.subjects) {
      const byComponent = given?.get(subject.code);
      scores[subject.code] = subject.components.map((c) => byComponent?.get(c.kind) ?? null);
    }
    const graded = gradeMarksheet(exam.subjects, scores, exam.scheme);
    const marksheet: Omit<Marksheet, "position" | "institute"> = {
      ...graded,
      exam: {
        id: exam.id,
        name: exam.name,
        session: exam.session,
        scheme: exam.scheme.kind,
        publishedAt: exam.publishAt ?? "",
      },
      student: student.name,
      class: exam.class,
      section: student.section,
      roll: student.roll,
      registration: student.registration,
    };
    return {
      examId: exam.id,
      enrolmentId: student.id,
      roll: student.roll,
      registration: student.registration,
      passed: graded.result === "pass",
      gpaHundredths: Math.round(graded.gpa * 100),
      totalMarks: graded.totalMarks,
      marksheet,
    };
  });
  for (let start = 0; start < values.length; start += 500) {
    await db
      .insert(examResults)
      .values(values.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [examResults.examId, examResults.enrolmentId],
        set: {
          roll: sql`excluded.roll`,
          registration: sql`excluded.registration`,
          passed: sql`excluded.passed`,
          gpaHundredths: sql`excluded.gpa_hundredths`,
          totalMarks: sql`excluded.total_marks`,
          marksheet: sql`excluded.marksheet`,
          updatedAt: new Date(),
        },
      });
  }
}
