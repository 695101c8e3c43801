// Exams and their results: an admin sets up an exam's subjects (exam-setup.ts), enters or imports
// the marks (marks.ts, marks-import.ts) and publishes (exam-publishing.ts); a visitor then finds one
// student's marksheet by roll and registration number (result-lookup.ts). Every student's result
// is graded (common/grading.ts) and kept in exam_results whenever their marks or the exam's
// subjects change (exam-grading.ts), so results day reads one row per lookup.
//
// This file: an exam as staff and visitors see it, read.
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { uuidPattern } from "../../common/ids";
import type { GradingScheme, SubjectRule } from "../../common/schemas/results";
import type { ContentReads } from "../cache/content-reads";
import type { Database } from "../db/client";
import { examSubjects, exams, schoolClasses } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import type { Actor } from "./actor";
import { notFound } from "./errors";

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

async function subjectsOf(db: DatabaseOrTransaction, examIds: string[]): Promise<Map<string, SubjectRule[]>> {
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

/**
 * The exam as staff see it; a visitor only once it is published (otherwise: not found). `asStaff`:
 * the caller has checked already that the actor may see it unpublished (a teacher's own exam).
 */
export async function getExam(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: string,
  asStaff = false,
): Promise<Exam> {
  if (!uuidPattern.test(id)) throw notFound("exam");
  const [row] = await db
    .select(examColumns)
    .from(exams)
    .innerJoin(schoolClasses, eq(schoolClasses.id, exams.classId))
    .where(eq(exams.id, id));
  if (!row) throw notFound("exam");
  const staff = asStaff || (actor.kind === "user" && actor.isAdmin);
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

/** These exams as staff see them (a teacher's own), newest session first. */
export async function examsByIds(db: Database, ids: string[]): Promise<Exam[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(examColumns)
    .from(exams)
    .innerJoin(schoolClasses, eq(schoolClasses.id, exams.classId))
    .where(inArray(exams.id, ids))
    .orderBy(sql`${exams.session} desc`, asc(schoolClasses.position), sql`${exams.createdAt} desc`)
    .limit(200);
  const subjects = await subjectsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => examOf(row, subjects.get(row.id) ?? []));
}

/** The exam's class, by id (the Exam shape names it). */
export async function examClassId(db: DatabaseOrTransaction, examId: string): Promise<string> {
  const [row] = await db.select({ classId: exams.classId }).from(exams).where(eq(exams.id, examId));
  if (!row) throw notFound("exam");
  return row.classId;
}
