// Marks in: the grid of every student by every subject and part, and the scores an admin types in
// it. A change after publishing goes into the audit trail.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { problem } from "../../common/errors/problem";
import type { marksInput } from "../../common/schemas/results";
import type { Database } from "../db/client";
import { enrolments, marks } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError } from "./errors";
import { regrade } from "./exam-grading";
import { type Exam, examClassId, getExam } from "./exams";

export type MarksInput = z.output<typeof marksInput>;

export type MarksGrid = {
  exam: Exam;
  students: {
    enrolment: string;
    roll: string;
    registration: string;
    name: string;
    /** By subject code, then component: the score, null when absent; missing when not entered. */
    scores: Record<string, Partial<Record<string, number | null>>>;
  }[];
};

/** Every enrolled student of the exam's class and session, by roll, with the marks entered. */
export async function marksGrid(db: Database, actor: Actor, examId: string): Promise<MarksGrid> {
  requireAdmin(actor);
  const exam = await getExam(db, actor, examId);
  const classId = await examClassId(db, exam.id);
  const students = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.session, exam.session), eq(enrolments.classId, classId)))
    .orderBy(sql`length(${enrolments.roll})`, asc(enrolments.roll));
  const rows = await db.select().from(marks).where(eq(marks.examId, exam.id));
  const scores = new Map<string, Record<string, Partial<Record<string, number | null>>>>();
  for (const row of rows) {
    const bySubject = scores.get(row.enrolmentId) ?? {};
    bySubject[row.subjectCode] = { ...bySubject[row.subjectCode], [row.component]: row.score };
    scores.set(row.enrolmentId, bySubject);
  }
  return {
    exam,
    students: students.map((s) => ({
      enrolment: s.id,
      roll: s.roll,
      registration: s.registration,
      name: s.name,
      scores: scores.get(s.id) ?? {},
    })),
  };
}

export type ScoreChange = {
  enrolment: string;
  subject: string;
  component: string;
  /** A number, null for absent, undefined to remove the score. */
  score: number | null | undefined;
};

/** Checks every change against the exam's subjects; the first problem is refused with its place. */
function checkScores(exam: Exam, changes: ScoreChange[]): void {
  changes.forEach((change, index) => {
    const subject = exam.subjects.find((s) => s.code.toLowerCase() === change.subject.toLowerCase());
    const where = `marks.${index}`;
    if (!subject) {
      const found = problem("exam.notSubject", { subject: change.subject });
      throw new DomainError("invalid", found, { [`${where}.subject`]: found });
    }
    change.subject = subject.code;
    const component = subject.components.find((c) => c.kind === change.component);
    if (!component) {
      const found = problem("exam.noPart", { subject: subject.code, part: change.component });
      throw new DomainError("invalid", found, { [`${where}.component`]: found });
    }
    if (typeof change.score === "number" && change.score > component.full) {
      const found = problem("value.atMost", { max: component.full });
      throw DomainError.ofField("invalid", `${where}.score`, found, `${subject.code} ${component.kind}`);
    }
  });
}

function describeChange(change: ScoreChange, roll: string): string {
  const score =
    change.score === undefined ? "removed" : change.score === null ? "absent" : String(change.score);
  return `roll ${roll}, ${change.subject} ${change.component}: ${score}`;
}

/** Saves scores typed in the grid; after publishing, each change goes into the audit trail. */
export async function saveMarks(
  db: Database,
  actor: Actor,
  examId: string,
  input: MarksInput,
): Promise<{ saved: number }> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  const changes: ScoreChange[] = input.marks.map((m) => ({ ...m, score: m.score }));
  checkScores(exam, changes);
  await db.transaction(async (tx) => {
    const ids = [...new Set(changes.map((c) => c.enrolment))];
    const classId = await examClassId(tx, exam.id);
    const known = await tx
      .select({ id: enrolments.id, roll: enrolments.roll })
      .from(enrolments)
      .where(
        and(
          inArray(enrolments.id, ids),
          eq(enrolments.session, exam.session),
          eq(enrolments.classId, classId),
        ),
      );
    const rollOf = new Map(known.map((k) => [k.id, k.roll]));
    const unknown = changes.findIndex((c) => !rollOf.has(c.enrolment));
    if (unknown !== -1) {
      throw DomainError.ofField(
        "invalid",
        `marks.${unknown}.enrolment`,
        problem("exam.notStudent"),
        "enrolment",
      );
    }
    await writeScores(tx, exam.id, changes);
    await regrade(tx, exam, ids);
    if (exam.published) {
      for (const change of changes) {
        await recordAudit(tx, admin, {
          action: "update",
          subject: "exam",
          subjectId: exam.id,
          label: `${exam.name}: ${describeChange(change, rollOf.get(change.enrolment) ?? "")}`,
        });
      }
    }
  });
  return { saved: changes.length };
}

/** Writes scores (an undefined score removes one), in batches. */
export async function writeScores(
  tx: DatabaseOrTransaction,
  examId: string,
  given: ScoreChange[],
): Promise<void> {
  // One score named twice in a batch: the last one counts (a single upsert may not touch a row twice).
  const changes = [...new Map(given.map((c) => [`${c.enrolment} ${c.subject} ${c.component}`, c])).values()];
  const removed = changes.filter((c) => c.score === undefined);
  for (const change of removed) {
    await tx
      .delete(marks)
      .where(
        and(
          eq(marks.examId, examId),
          eq(marks.enrolmentId, change.enrolment),
          eq(marks.subjectCode, change.subject),
          eq(marks.component, change.component),
        ),
      );
  }
  const kept = changes.filter((c) => c.score !== undefined);
  for (let start = 0; start < kept.length; start += 1000) {
    const batch = kept.slice(start, start + 1000);
    if (batch.length === 0) break;
    await tx
      .insert(marks)
      .values(
        batch.map((c) => ({
          examId,
          enrolmentId: c.enrolment,
          subjectCode: c.subject,
          component: c.component,
          score: c.score ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [marks.examId, marks.enrolmentId, marks.subjectCode, marks.component],
        set: { score: sql`excluded.score`, updatedAt: new Date() },
      });
  }
}
