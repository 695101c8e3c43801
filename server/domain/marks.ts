// Marks in: the grid of every student by every subject and part, and the scores an admin types in
// it. A change after publishing goes into the audit trail.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { problem } from "../../common/errors/problem";
import type { marksInput } from "../../common/schemas/results";
import type { Database } from "../db/client";
import { enrolments, marks } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireRole, type SignedInActor } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";
import { regrade } from "./exam-grading";
import { type Exam, examClassId, getExam } from "./exams";
import { coversSection, taughtSubjects } from "./teaching";

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

/**
 * What this actor may mark in the exam: an admin every subject of every student (null); a
 * teacher the subjects assigned to them, by code, with their sections. An exam with none of a
 * teacher's subjects is not found for them; `subject`, when named, must be one of theirs (403).
 */
export async function markingScope(
  db: Database,
  actor: Actor,
  examId: string,
  subject?: string,
): Promise<{ user: SignedInActor; exam: Exam; classId: string; taught: Map<string, Set<string>> | null }> {
  const user = requireRole(actor, "teacher");
  if (user.isAdmin) {
    const exam = await getExam(db, user, examId);
    return { user, exam, classId: await examClassId(db, exam.id), taught: null };
  }
  const exam = await getExam(db, user, examId, true);
  const classId = await examClassId(db, exam.id);
  const taught = await taughtSubjects(db, user, exam, classId);
  if (taught.size === 0) throw notFound("exam");
  if (subject !== undefined) {
    const named = exam.subjects.find((s) => s.code.toLowerCase() === subject.toLowerCase());
    if (named && !taught.has(named.code)) {
      throw new DomainError("forbidden", problem("teaching.otherSubject", { subject: named.name }));
    }
  }
  return { user, exam, classId, taught };
}

/**
 * Every enrolled student of the exam's class and session, by roll, with the marks entered. A
 * teacher sees their subjects only, and the students of the sections they teach.
 */
export async function marksGrid(
  db: Database,
  actor: Actor,
  examId: string,
  subject?: string,
): Promise<MarksGrid> {
  const scope = await markingScope(db, actor, examId, subject);
  const { taught, classId } = scope;
  const exam = taught
    ? { ...scope.exam, subjects: scope.exam.subjects.filter((s) => taught.has(s.code)) }
    : scope.exam;
  const everyone = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.session, exam.session), eq(enrolments.classId, classId)))
    .orderBy(sql`length(${enrolments.roll})`, asc(enrolments.roll));
  const students = taught
    ? everyone.filter((s) => [...taught.values()].some((sections) => coversSection(sections, s.section)))
    : everyone;
  const rows = await db.select().from(marks).where(eq(marks.examId, exam.id));
  const sectionOf = new Map(students.map((s) => [s.id, s.section]));
  const scores = new Map<string, Record<string, Partial<Record<string, number | null>>>>();
  for (const row of rows) {
    if (taught && !coversSection(taught.get(row.subjectCode), sectionOf.get(row.enrolmentId) ?? null))
      continue;
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

/** A score as the audit trail writes it: a number, "absent", or "none" (no score). */
const scoreText = (score: number | null | undefined) =>
  score === undefined ? "none" : score === null ? "absent" : String(score);

/** "roll 3, 101 written: 20 → 23": the old score and the new. */
function describeChange(change: ScoreChange, roll: string, before: number | null | undefined): string {
  return `roll ${roll}, ${change.subject} ${change.component}: ${scoreText(before)} → ${scoreText(change.score)}`;
}

const scoreKey = (enrolment: string, subject: string, component: string) =>
  `${enrolment} ${subject} ${component}`;

/**
 * Saves scores typed in the grid; after publishing, each change goes into the audit trail. A
 * teacher saves their own subjects' scores of the sections they teach, nothing else (403).
 */
export async function saveMarks(
  db: Database,
  actor: Actor,
  examId: string,
  input: MarksInput,
): Promise<{ saved: number }> {
  const { user: admin, exam, taught } = await markingScope(db, actor, examId);
  const changes: ScoreChange[] = input.marks.map((m) => ({ ...m, score: m.score }));
  checkScores(exam, changes);
  const otherSubject = taught ? changes.find((c) => !taught.has(c.subject)) : undefined;
  if (otherSubject) {
    const name = exam.subjects.find((s) => s.code === otherSubject.subject)?.name ?? otherSubject.subject;
    throw new DomainError("forbidden", problem("teaching.otherSubject", { subject: name }));
  }
  await db.transaction(async (tx) => {
    const ids = [...new Set(changes.map((c) => c.enrolment))];
    const classId = await examClassId(tx, exam.id);
    const known = await tx
      .select({ id: enrolments.id, roll: enrolments.roll, section: enrolments.section })
      .from(enrolments)
      .where(
        and(
          inArray(enrolments.id, ids),
          eq(enrolments.session, exam.session),
          eq(enrolments.classId, classId),
        ),
      );
    const rollOf = new Map(known.map((k) => [k.id, k.roll]));
    const sectionOf = new Map(known.map((k) => [k.id, k.section]));
    const unknown = changes.findIndex((c) => !rollOf.has(c.enrolment));
    if (unknown !== -1) {
      throw DomainError.ofField(
        "invalid",
        `marks.${unknown}.enrolment`,
        problem("exam.notStudent"),
        "enrolment",
      );
    }
    // A teacher of one section marks that section's students only.
    const outside = taught
      ? changes.find((c) => !coversSection(taught.get(c.subject), sectionOf.get(c.enrolment) ?? null))
      : undefined;
    if (outside) {
      const name = exam.subjects.find((s) => s.code === outside.subject)?.name ?? outside.subject;
      throw new DomainError("forbidden", problem("teaching.otherSubject", { subject: name }));
    }
    // The scores before, for the audit trail: the old value beside the new.
    const before = new Map<string, number | null>();
    if (exam.published) {
      const rows = await tx
        .select({
          enrolment: marks.enrolmentId,
          subject: marks.subjectCode,
          component: marks.component,
          score: marks.score,
        })
        .from(marks)
        .where(and(eq(marks.examId, exam.id), inArray(marks.enrolmentId, ids)));
      for (const row of rows) before.set(scoreKey(row.enrolment, row.subject, row.component), row.score);
    }
    await writeScores(tx, exam.id, changes);
    await regrade(tx, exam, ids);
    if (exam.published) {
      const audited = new Set<string>();
      for (const change of changes) {
        const key = scoreKey(change.enrolment, change.subject, change.component);
        const old = before.get(key);
        // A score saved again as it was (a second Enter, a resent form) changes nothing to audit.
        if (audited.has(key) || old === change.score) continue;
        audited.add(key);
        await recordAudit(tx, admin, {
          action: "update",
          subject: "exam",
          subjectId: exam.id,
          label: `${exam.name}: ${describeChange(change, rollOf.get(change.enrolment) ?? "", old)}`,
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
