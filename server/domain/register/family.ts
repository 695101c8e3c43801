// Each person's view in the profile: the children a guardian's account is linked to (and a
// student's own record), one child's published marksheets, class routine and newest notices, and
// a teacher's class-subjects with the exams whose marks they enter. A child who is not the
// account's is "not found", the same answer as for a child who does not exist.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import type { GuardianRelation } from "../../../common/people";
import type { Marksheet } from "../../../common/schemas/results";
import { dhakaToday } from "../../../common/schemas/routines";
import { shownLink } from "../../../common/text-rules";
import type { ContentReads } from "../../cache/content-reads";
import type { Database } from "../../db/client";
import {
  enrolments,
  examSubjects,
  exams,
  notices,
  registerGuardians,
  registerStudents,
  schoolClasses,
  teachingAssignments,
} from "../../db/schema";
import { type Actor, requireRole, requireUser } from "../actor";
import { DomainError, notFound } from "../errors";
import { ownMarksheets } from "../result-lookup";
import { type ClassRoutine, classRoutine, readWeek, type Week } from "../routines";

/** How the account is related to the child: one of their guardians, or the student themselves. */
export type ChildRelation = GuardianRelation | "self";

export type ChildSummary = {
  id: string;
  name: string;
  nameBn: string;
  photoUrl: string | null;
  relation: ChildRelation;
  /** The newest session's class, section and roll; null when never enrolled. */
  enrolment: {
    session: string;
    classId: string;
    className: string;
    section: string | null;
    roll: string;
    registration: string;
  } | null;
};

/** The children the account is a guardian of, then the student's own record, by name. */
export async function myChildren(db: Database, actor: Actor): Promise<ChildSummary[]> {
  const user = requireUser(actor);
  const [asGuardian, asStudent] = await Promise.all([
    db
      .select({ child: registerStudents, relation: registerGuardians.relation })
      .from(registerGuardians)
      .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
      .where(eq(registerGuardians.userId, user.id))
      .orderBy(asc(registerStudents.name)),
    db.select({ child: registerStudents }).from(registerStudents).where(eq(registerStudents.userId, user.id)),
  ]);
  const rows: { child: typeof registerStudents.$inferSelect; relation: ChildRelation }[] = [
    ...asGuardian,
    ...asStudent.map(({ child }) => ({ child, relation: "self" as const })),
  ].filter((row, index, all) => all.findIndex((other) => other.child.id === row.child.id) === index);
  if (rows.length === 0) return [];
  const newest = await db
    .selectDistinctOn([enrolments.registerStudentId], {
      child: enrolments.registerStudentId,
      session: enrolments.session,
      classId: enrolments.classId,
      className: schoolClasses.name,
      section: enrolments.section,
      roll: enrolments.roll,
      registration: enrolments.registration,
    })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(
      inArray(
        enrolments.registerStudentId,
        rows.map((row) => row.child.id),
      ),
    )
    .orderBy(enrolments.registerStudentId, desc(enrolments.session));
  const enrolmentOf = new Map(newest.map(({ child, ...enrolment }) => [child, enrolment]));
  return rows.map(({ child, relation }) => ({
    id: child.id,
    name: child.name,
    nameBn: child.nameBn,
    photoUrl: shownLink(child.imageUrl),
    relation,
    enrolment: enrolmentOf.get(child.id) ?? null,
  }));
}

export type NoticeHeadline = { id: string; title: string; createdAt: Date };

export type ChildView = {
  child: ChildSummary;
  /** Published marksheets only, newest first. */
  marksheets: Marksheet[];
  /** The class and section's week, with today's substitutes; null without an enrolment or class. */
  routine: (ClassRoutine & Week) | null;
  notices: NoticeHeadline[];
};

/** How many notices a child's view shows (the notices page has the rest). */
export const childViewNotices = 5;

/** One of the account's children, or 404: the same whether the child exists or not. */
export async function childOfAccount(db: Database, actor: Actor, childId: string): Promise<ChildSummary> {
  requireUser(actor);
  if (!uuidPattern.test(childId)) throw notFound("child");
  const child = (await myChildren(db, actor)).find((one) => one.id === childId);
  if (!child) throw notFound("child");
  return child;
}

export async function childView(
  db: Database,
  actor: Actor,
  childId: string,
  context: { institute: string; reads?: ContentReads },
): Promise<ChildView> {
  const child = await childOfAccount(db, actor, childId);
  const placed = child.enrolment;
  const [marksheets, routine, newestNotices] = await Promise.all([
    ownMarksheets(db, actor, context, child.id),
    placed ? routineOf(db, placed.classId, placed.section ?? "") : null,
    db
      .select({ id: notices.id, title: notices.title, createdAt: notices.createdAt })
      .from(notices)
      // A teacher's notice waiting for approval is on no one's page but the admins' list.
      .where(eq(notices.status, "approved"))
      .orderBy(desc(notices.createdAt))
      .limit(childViewNotices),
  ]);
  return { child, marksheets, routine, notices: newestNotices };
}

async function routineOf(
  db: Database,
  classId: string,
  section: string,
): Promise<(ClassRoutine & Week) | null> {
  try {
    const [routine, week] = await Promise.all([
      classRoutine(db, classId, section, dhakaToday()),
      readWeek(db),
    ]);
    return { ...routine, ...week };
  } catch (error) {
    // A section the class no longer has: no routine to show, not an error of the view.
    if (error instanceof DomainError && error.code === "not_found") return null;
    throw error;
  }
}

export type TeachingClass = {
  classId: string;
  className: string;
  /** "" for every section of the class. */
  section: string;
  subject: string;
  /** The session's exams of the class that have this subject, with the subject's code there. */
  exams: { id: string; name: string; subjectCode: string; published: boolean }[];
};

export type TeachingOverview = { session: string | null; classes: TeachingClass[] };

/** A teacher's class-subjects of their newest session, with each exam's marks to enter. */
export async function myTeaching(db: Database, actor: Actor): Promise<TeachingOverview> {
  const user = requireRole(actor, "teacher");
  const [latest] = await db
    .select({ session: teachingAssignments.session })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.userId, user.id))
    .orderBy(desc(teachingAssignments.session))
    .limit(1);
  if (!latest) return { session: null, classes: [] };
  const assigned = await db
    .select({
      classId: teachingAssignments.classId,
      className: schoolClasses.name,
      section: teachingAssignments.section,
      subject: teachingAssignments.subject,
    })
    .from(teachingAssignments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, teachingAssignments.classId))
    .where(and(eq(teachingAssignments.userId, user.id), eq(teachingAssignments.session, latest.session)))
    .orderBy(asc(schoolClasses.position), asc(teachingAssignments.section), asc(teachingAssignments.subject));
  const classIds = [...new Set(assigned.map((row) => row.classId))];
  const examRows = classIds.length
    ? await db
        .select({
          id: exams.id,
          name: exams.name,
          classId: exams.classId,
          subjectCode: examSubjects.code,
          subjectName: examSubjects.name,
          published: sql<boolean>`${exams.publishAt} is not null and ${exams.publishAt} <= now()`,
        })
        .from(exams)
        .innerJoin(examSubjects, eq(examSubjects.examId, exams.id))
        .where(and(eq(exams.session, latest.session), inArray(exams.classId, classIds)))
        .orderBy(asc(exams.createdAt))
    : [];
  return {
    session: latest.session,
    classes: assigned.map((row) => ({
      ...row,
      exams: examRows
        .filter(
          (exam) =>
            exam.classId === row.classId && exam.subjectName.toLowerCase() === row.subject.toLowerCase(),
        )
        .map(({ id, name, subjectCode, published }) => ({
          id,
          name,
          subjectCode,
          published: Boolean(published),
        })),
    })),
  };
}
