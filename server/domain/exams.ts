// Exams and their results: an admin sets up an exam's subjects, enters or imports the marks and
// publishes; a visitor then finds one student's marksheet by roll and registration number. Every
// student's result is graded (common/grading.ts) and kept in exam_results whenever their marks or
// the exam's subjects change, so results day reads one row per lookup.

import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { problem } from "../../common/errors/problem";
import { gradeMarksheet } from "../../common/grading";
import { uuidPattern } from "../../common/ids";
import type {
  examInput,
  GradingScheme,
  Marksheet,
  marksInput,
  SubjectRule,
} from "../../common/schemas/results";
import type { ContentReads } from "../cache/content-reads";
import type { Database } from "../db/client";
import {
  type EnrolmentRelation,
  enrolmentAccounts,
  enrolments,
  examResults,
  examSubjects,
  exams,
  marks,
  schoolClasses,
  users,
} from "../db/schema";
import { type SheetError, sheetError } from "../results/marks-sheet";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Writer = Database | Transaction;

export type ExamInput = z.output<typeof examInput>;
export type MarksInput = z.output<typeof marksInput>;

export type Exam = {
  id: string;
  name: string;
  session: string;
  class: string;
  scheme: GradingScheme;
  showPosition: boolean;
  figuresPublic: boolean;
  /** When visitors see the results (ISO), or null: not published. */
  publishAt: string | null;
  published: boolean;
  subjects: SubjectRule[];
};

/** An exam is public once its publish time has come. */
const isPublished = (publishAt: Date | null, now = new Date()) => publishAt !== null && publishAt <= now;

type ExamRow = typeof exams.$inferSelect & { className: string };

function examOf(row: ExamRow, subjects: SubjectRule[]): Exam {
  return {
    id: row.id,
    name: row.name,
    session: row.session,
    class: row.className,
    scheme: row.scheme,
    showPosition: row.showPosition,
    figuresPublic: row.figuresPublic,
    publishAt: row.publishAt?.toISOString() ?? null,
    published: isPublished(row.publishAt),
    subjects,
  };
}

const examColumns = {
  id: exams.id,
  name: exams.name,
  session: exams.session,
  classId: exams.classId,
  scheme: exams.scheme,
  showPosition: exams.showPosition,
  figuresPublic: exams.figuresPublic,
  publishAt: exams.publishAt,
  createdAt: exams.createdAt,
  updatedAt: exams.updatedAt,
  className: schoolClasses.name,
};

async function subjectsOf(db: Writer, examIds: string[]): Promise<Map<string, SubjectRule[]>> {
  const bySubject = new Map<string, SubjectRule[]>();
  if (examIds.length === 0) return bySubject;
  const rows = await db
    .select()
    .from(examSubjects)
    .where(inArray(examSubjects.examId, examIds))
    .orderBy(asc(examSubjects.position));
  for (const row of rows) {
    const list = bySubject.get(row.examId) ?? [];
    list.push({ code: row.code, name: row.name, optional: row.optional, components: row.components });
    bySubject.set(row.examId, list);
  }
  return bySubject;
}

/** The exam as staff see it; a visitor only once it is published (otherwise: not found). */
export async function getExam(db: Writer, actor: Actor, id: string): Promise<Exam> {
  if (!uuidPattern.test(id)) throw notFound("exam");
  const [row] = await db
    .select(examColumns)
    .from(exams)
    .innerJoin(schoolClasses, eq(schoolClasses.id, exams.classId))
    .where(eq(exams.id, id));
  if (!row) throw notFound("exam");
  const staff = actor.kind === "user" && actor.isAdmin;
  if (!staff && !isPublished(row.publishAt)) throw notFound("exam");
  return examOf(row, (await subjectsOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * Staff see every exam; everyone else the published ones. Newest session first. With `reads`
 * (a GET's), the list is read once per content generation for each of the two views.
 */
export async function listExams(db: Database, actor: Actor, reads?: ContentReads): Promise<Exam[]> {
  const staff = actor.kind === "user" && actor.isAdmin;
  if (reads) return reads.remember(`exams ${staff ? "admins" : "everyone"}`, () => listExams(db, actor));
  const rows = await db
    .select(examColumns)
    .from(exams)
    .innerJoin(schoolClasses, eq(schoolClasses.id, exams.classId))
    .where(staff ? undefined : and(isNotNull(exams.publishAt), lte(exams.publishAt, new Date())))
    .orderBy(sql`${exams.session} desc`, asc(schoolClasses.position), sql`${exams.createdAt} desc`)
    .limit(200);
  const subjects = await subjectsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => examOf(row, subjects.get(row.id) ?? []));
}

export type SchoolClass = { id: string; name: string; sections: string[] };

export async function listClasses(db: Database): Promise<SchoolClass[]> {
  return await db
    .select({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .orderBy(asc(schoolClasses.position), asc(schoolClasses.name));
}

const classTaken = () => {
  return DomainError.ofField("conflict", "name", problem("exam.className"));
};

/** Adds a class at the end of the list, or (with an id) renames it and sets its sections. */
export async function saveClass(
  db: Database,
  actor: Actor,
  input: { name: string; sections: string[] },
  id?: string,
): Promise<SchoolClass> {
  requireAdmin(actor);
  if (id !== undefined && !uuidPattern.test(id)) throw notFound("class");
  const [same] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${input.name})`);
  if (same && same.id !== id) throw classTaken();
  if (id === undefined) {
    const [last] = await db
      .select({ position: sql<number>`coalesce(max(${schoolClasses.position}), 0)` })
      .from(schoolClasses);
    const [made] = await db
      .insert(schoolClasses)
      .values({ name: input.name, sections: input.sections, position: Number(last?.position ?? 0) + 1 })
      .returning({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections });
    if (!made) throw new Error("the class was not stored");
    return made;
  }
  const [changed] = await db
    .update(schoolClasses)
    .set({ name: input.name, sections: input.sections })
    .where(eq(schoolClasses.id, id))
    .returning({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections });
  if (!changed) throw notFound("class");
  return changed;
}

async function classIdOf(db: Writer, name: string): Promise<string> {
  const [row] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${name})`);
  if (!row) {
    throw DomainError.ofField("invalid", "class", problem("exam.classOfList"));
  }
  return row.id;
}

/** An exam's subjects, in the order given. */
async function insertSubjects(tx: Writer, examId: string, subjects: SubjectRule[]): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Grading: kept per student.

/** The exam's class, by id (the Exam shape names it). */
async function examClassId(db: Writer, examId: string): Promise<string> {
  const [row] = await db.select({ classId: exams.classId }).from(exams).where(eq(exams.id, examId));
  if (!row) throw notFound("exam");
  return row.classId;
}

/** Grades these students (all of the exam's when not said) and keeps their results. */
export async function regrade(db: Writer, exam: Exam, enrolmentIds?: string[]): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Marks in.

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

type ScoreChange = {
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

async function writeScores(tx: Writer, examId: string, given: ScoreChange[]): Promise<void> {
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

/** A marks sheet's rows, as server/results/marks-sheet.ts reads them. */
export type SheetRow = {
  line: number;
  roll: string;
  registration: string;
  name: string;
  scores: Record<string, (number | null | undefined)[]>;
};

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
      const made = await tx
        .insert(enrolments)
        .values(
          newcomers.map((row) => ({
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

// ---------------------------------------------------------------------------------------------
// Publishing.

export async function publishExam(db: Database, actor: Actor, examId: string, at?: string): Promise<Exam> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  const publishAt = at ? new Date(at) : new Date();
  await db.transaction(async (tx) => {
    await tx.update(exams).set({ publishAt }).where(eq(exams.id, exam.id));
    // The marksheets carry the publishing date.
    await regrade(tx, { ...exam, publishAt: publishAt.toISOString() });
    await recordAudit(tx, admin, {
      action: "publish",
      subject: "exam",
      subjectId: exam.id,
      label: exam.name,
    });
  });
  return await getExam(db, admin, exam.id);
}

export async function unpublishExam(db: Database, actor: Actor, examId: string): Promise<Exam> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  await db.transaction(async (tx) => {
    await tx.update(exams).set({ publishAt: null }).where(eq(exams.id, exam.id));
    await recordAudit(tx, admin, {
      action: "unpublish",
      subject: "exam",
      subjectId: exam.id,
      label: exam.name,
    });
  });
  return await getExam(db, admin, exam.id);
}

/**
 * Links an account to an enrolled student: the student's own account (whose profile then carries
 * the class and roll) or a guardian's. Either then sees the student's marksheets in the profile.
 */
export async function linkAccount(
  db: Database,
  actor: Actor,
  enrolmentId: string,
  input: { email: string; relation: EnrolmentRelation },
): Promise<{ linked: true }> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(enrolmentId)) throw notFound("enrolment");
  const [enrolment] = await db
    .select({
      id: enrolments.id,
      roll: enrolments.roll,
      name: enrolments.name,
      className: schoolClasses.name,
    })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(eq(enrolments.id, enrolmentId));
  if (!enrolment) throw notFound("enrolment");
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!account) {
    throw DomainError.ofField("invalid", "email", problem("exam.notAccount"));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(enrolmentAccounts)
      .values({ enrolmentId: enrolment.id, userId: account.id, relation: input.relation })
      .onConflictDoUpdate({
        target: [enrolmentAccounts.enrolmentId, enrolmentAccounts.userId],
        set: { relation: input.relation },
      });
    if (input.relation === "student") {
      await tx
        .update(users)
        .set({ className: enrolment.className.slice(0, 30), rollNumber: enrolment.roll })
        .where(eq(users.id, account.id));
    }
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: account.id,
      label: `${input.email} linked to ${enrolment.name} (${enrolment.className}, roll ${enrolment.roll}) as ${input.relation}`,
    });
  });
  return { linked: true };
}
