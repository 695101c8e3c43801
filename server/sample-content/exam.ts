// The sample exam of a fresh installation (data.ts, sampleExam): its subjects, three students on
// the register enrolled in Class Six for the year, their marks, graded and published, so that the
// result lookup finds a marksheet at once. Skipped when the institute has an exam already.
import { eq } from "drizzle-orm";
import { enrolments, examSubjects, exams, marks, registerStudents, schoolClasses } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { regrade } from "../domain/exam-grading";
import { sampleExam } from "./data";

/** Seeds the sample exam; the number of exams and graded results it added. */
export async function seedSampleExam(
  tx: DatabaseOrTransaction,
  year: number,
  now: number,
): Promise<{ exams: number; examResults: number }> {
  const none = { exams: 0, examResults: 0 };
  if ((await tx.select({ id: exams.id }).from(exams).limit(1)).length) return none;
  const sample = sampleExam(year);
  const [found] = await tx
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(eq(schoolClasses.name, sample.className));
  if (!found) return none;
  // Published the day before the site starts.
  const publishAt = new Date(now - 24 * 60 * 60 * 1000);
  const scheme = { kind: "national" as const };
  const [exam] = await tx
    .insert(exams)
    .values({
      name: sample.name,
      session: sample.session,
      classId: found.id,
      scheme,
      showPosition: true,
      figuresPublic: true,
      publishAt,
    })
    .returning({ id: exams.id });
  if (!exam) throw new Error("the sample exam was not stored");
  await tx
    .insert(examSubjects)
    .values(sample.subjects.map((subject, position) => ({ examId: exam.id, position, ...subject })));
  const children = await tx
    .insert(registerStudents)
    .values(sample.students.map((student) => ({ name: student.name, nameBn: student.nameBn })))
    .returning({ id: registerStudents.id });
  const enrolled = await tx
    .insert(enrolments)
    .values(
      sample.students.map((student, i) => ({
        session: sample.session,
        classId: found.id,
        roll: student.roll,
        registration: student.registration,
        name: student.name,
        registerStudentId: children[i]?.id ?? "",
      })),
    )
    .returning({ id: enrolments.id });
  await tx.insert(marks).values(
    sample.students.flatMap((student, i) =>
      sample.subjects.map((subject, s) => ({
        examId: exam.id,
        enrolmentId: enrolled[i]?.id ?? "",
        subjectCode: subject.code,
        component: "written",
        score: student.scores[s] ?? null,
      })),
    ),
  );
  await regrade(tx, {
    id: exam.id,
    name: sample.name,
    session: sample.session,
    class: sample.className,
    scheme,
    showPosition: true,
    figuresPublic: true,
    publishAt: publishAt.toISOString(),
    published: true,
    subjects: sample.subjects,
  });
  return { exams: 1, examResults: sample.students.length };
}
