// Setting up an exam: its name, session, class, grading scheme and subjects. Changing the subjects
// of an exam with marks in keeps what still fits and grades every student again.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { problem } from "../../common/errors/problem";
import type { examInput, SubjectRule } from "../../common/schemas/results";
import type { Database } from "../db/client";
import { examSubjects, exams, marks } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { classIdOf } from "./classes";
import { DomainError } from "./errors";
import { regrade } from "./exam-grading";
import { type Exam, getExam } from "./exams";

export type ExamInput = z.output<typeof examInput>;

/** An exam's subjects, in the order given. */
async function insertSubjects(
  tx: DatabaseOrTransaction,
  examId: string,
  subjects: SubjectRule[],
): Promise<void> {
  await tx.insert(examSubjects).values(
    subjects.map((subject, position) => ({
      examId,
      code: subject.code,
      name: subject.name,
      optional: subject.optional,
      position,
      components: subject.components,
    })),
  );
}

export async function createExam(db: Database, actor: Actor, input: ExamInput): Promise<Exam> {
  const admin = requireAdmin(actor);
  const id = await db.transaction(async (tx) => {
    const classId = await classIdOf(tx, input.class);
    const [exam] = await tx
      .insert(exams)
      .values({
        name: input.name,
        session: input.session,
        classId,
        scheme: input.scheme,
        showPosition: input.showPosition,
        figuresPublic: input.figuresPublic,
      })
      .returning({ id: exams.id });
    if (!exam) throw new Error("the exam was not stored");
    await insertSubjects(tx, exam.id, input.subjects);
    await recordAudit(tx, admin, {
      action: "create",
      subject: "exam",
      subjectId: exam.id,
      label: input.name,
    });
    return exam.id;
  });
  return await getExam(db, admin, id);
}

/**
 * Changes an exam: its name, settings and subjects. Marks of a subject or part that is gone are
 * removed; a full mark below a score already entered is refused (naming the subject), and so is
 * another class or session once marks are in. Every student is graded again.
 */
export async function updateExam(db: Database, actor: Actor, id: string, input: ExamInput): Promise<Exam> {
  const admin = requireAdmin(actor);
  const before = await getExam(db, admin, id);
  await db.transaction(async (tx) => {
    const classId = await classIdOf(tx, input.class);
    const entered = await tx
      .select({
        subjectCode: marks.subjectCode,
        component: marks.component,
        highest: sql<number>`max(${marks.score})`,
      })
      .from(marks)
      .where(eq(marks.examId, id))
      .groupBy(marks.subjectCode, marks.component);
    const moved =
      input.session !== before.session || input.class.toLowerCase() !== before.class.toLowerCase();
    if (moved && entered.length > 0) {
      throw DomainError.ofField("conflict", "class", problem("exam.classFixed"), "class and session");
    }
    const kept = new Set<string>();
    for (const subject of input.subjects) {
      for (const component of subject.components) {
        kept.add(`${subject.code} ${component.kind}`);
        const scored = entered.find((e) => e.subjectCode === subject.code && e.component === component.kind);
        if (scored && Number(scored.highest ?? 0) > component.full) {
          const found = problem("exam.scoreAboveFull", {
            subject: subject.code,
            part: component.kind,
            score: Number(scored.highest),
            full: component.full,
          });
          throw new DomainError("invalid", found, { subjects: found });
        }
      }
    }
    for (const gone of entered.filter((e) => !kept.has(`${e.subjectCode} ${e.component}`))) {
      await tx
        .delete(marks)
        .where(
          and(
            eq(marks.examId, id),
            eq(marks.subjectCode, gone.subjectCode),
            eq(marks.component, gone.component),
          ),
        );
    }
    await tx
      .update(exams)
      .set({
        name: input.name,
        session: input.session,
        classId,
        scheme: input.scheme,
        showPosition: input.showPosition,
        figuresPublic: input.figuresPublic,
      })
      .where(eq(exams.id, id));
    await tx.delete(examSubjects).where(eq(examSubjects.examId, id));
    await insertSubjects(tx, id, input.subjects);
    await regrade(tx, await getExam(tx, admin, id));
    await recordAudit(tx, admin, { action: "update", subject: "exam", subjectId: id, label: input.name });
  });
  return await getExam(db, admin, id);
}
