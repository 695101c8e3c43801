// What a teacher teaches: the class-subjects an admin assigns to a teacher's account per session
// (a section, or "" for the whole class), the teachers' record of the public list that is theirs
// (their routine follows from it), and the routine's teacher-subject pairs offered as a start.
// The marks (marks.ts) and the exams' list ask here which subjects of an exam a teacher may mark.
import { and, asc, eq, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import type { Role } from "../../common/people";
import type { Database } from "../db/client";
import {
  examSubjects,
  exams,
  routineSlots,
  schoolClasses,
  teachers,
  teachingAssignments,
  users,
} from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin, requireRole, rolesOf, type SignedInActor } from "./actor";
import { recordAudit } from "./audit/record";
import { classIdOf } from "./classes";
import { DomainError, notFound } from "./errors";
import { type Exam, examsByIds, listExams } from "./exams";

export type TeachingAssignment = {
  id: string;
  session: string;
  classId: string;
  className: string;
  /** "" for the whole class. */
  section: string;
  subject: string;
};

/** A class-subject of the routine the teacher's record takes: offered to an admin as a start. */
export type TeachingSuggestion = { className: string; section: string; subject: string };

export type TeachingView = {
  account: { id: string; name: string; email: string; roles: Role[] };
  /** The teachers' record linked to the account, or null. */
  teacher: { id: string; name: string } | null;
  assignments: TeachingAssignment[];
  /** The routine's pairs not assigned yet for `session`. */
  suggestions: TeachingSuggestion[];
};

const accountNotFound = () => notFound("account");

async function accountOf(db: DatabaseOrTransaction, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw accountNotFound();
  return row;
}

/** The teachers' record linked to this account, if any. */
export async function teacherOfAccount(
  db: DatabaseOrTransaction,
  userId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(eq(teachers.userId, userId))
    .limit(1);
  return row ?? null;
}

async function assignmentsOf(db: DatabaseOrTransaction, userId: string): Promise<TeachingAssignment[]> {
  return db
    .select({
      id: teachingAssignments.id,
      session: teachingAssignments.session,
      classId: teachingAssignments.classId,
      className: schoolClasses.name,
      section: teachingAssignments.section,
      subject: teachingAssignments.subject,
    })
    .from(teachingAssignments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, teachingAssignments.classId))
    .where(eq(teachingAssignments.userId, userId))
    .orderBy(
      sql`${teachingAssignments.session} desc`,
      asc(schoolClasses.position),
      asc(teachingAssignments.section),
      asc(teachingAssignments.subject),
    );
}

/** The routine's distinct class-subjects of a teachers' record. */
async function routinePairs(db: DatabaseOrTransaction, teacherId: string) {
  return db
    .selectDistinct({
      classId: routineSlots.classId,
      className: schoolClasses.name,
      position: schoolClasses.position,
      section: routineSlots.section,
      subject: routineSlots.subject,
    })
    .from(routineSlots)
    .innerJoin(schoolClasses, eq(schoolClasses.id, routineSlots.classId))
    .where(eq(routineSlots.teacherId, teacherId))
    .orderBy(asc(schoolClasses.position), asc(routineSlots.section), asc(routineSlots.subject));
}

const sameAssignment = (
  a: { classId: string; section: string; subject: string },
  b: { classId: string; section: string; subject: string },
) =>
  a.classId === b.classId && a.section === b.section && a.subject.toLowerCase() === b.subject.toLowerCase();

/**
 * An account's teaching: asked by an admin, or by the teacher themselves. The routine's pairs not
 * yet assigned for `session` are offered.
 */
export async function teachingOf(
  db: Database,
  actor: Actor,
  userId: string,
  session: string,
): Promise<TeachingView> {
  const user = requireRole(actor, "teacher");
  if (!user.isAdmin && user.id !== userId) throw accountNotFound();
  const account = await accountOf(db, userId);
  const [teacher, assignments] = await Promise.all([teacherOfAccount(db, userId), assignmentsOf(db, userId)]);
  const pairs = teacher ? await routinePairs(db, teacher.id) : [];
  const thisSession = assignments.filter((a) => a.session === session);
  return {
    account: { id: account.id, name: account.name, email: account.email, roles: [...rolesOf(account.role)] },
    teacher,
    assignments,
    suggestions: pairs
      .filter((pair) => !thisSession.some((a) => sameAssignment(a, pair)))
      .map(({ className, section, subject }) => ({ className, section, subject })),
  };
}

async function teacherAccount(db: DatabaseOrTransaction, userId: string) {
  const account = await accountOf(db, userId);
  if (!rolesOf(account.role).has("teacher")) {
    throw new DomainError("conflict", problem("teaching.notTeacher"));
  }
  return account;
}

/** An admin gives a teacher a class-subject for a session. Giving it twice changes nothing. */
export async function assignTeaching(
  db: Database,
  actor: Actor,
  userId: string,
  input: { session: string; class: string; section: string; subject: string },
): Promise<TeachingAssignment> {
  const admin = requireAdmin(actor);
  const account = await teacherAccount(db, userId);
  const classId = await classIdOf(db, input.class);
  const [found] = await db
    .select({ name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .where(eq(schoolClasses.id, classId));
  const className = found?.name ?? input.class;
  // A section the class has (any case), or the whole class.
  const section = input.section
    ? found?.sections.find((one) => one.toLowerCase() === input.section.toLowerCase())
    : "";
  if (section === undefined) {
    const sections = found?.sections ?? [];
    throw DomainError.ofField(
      "invalid",
      "section",
      sections.length === 0
        ? problem("routine.noSections")
        : problem("routine.section", { sections: sections.join(", ") }),
    );
  }
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(teachingAssignments)
      .values({ userId, session: input.session, classId, section, subject: input.subject })
      .onConflictDoNothing()
      .returning({ id: teachingAssignments.id });
    if (made) {
      await recordAudit(tx, admin, {
        action: "update",
        subject: "user",
        subjectId: userId,
        label: `${account.email}: teaches ${input.subject}, ${className}${section ? ` ${section}` : ""} ${input.session}`,
      });
    }
    const all = await assignmentsOf(tx, userId);
    const kept = all.find(
      (a) => a.session === input.session && sameAssignment(a, { classId, section, subject: input.subject }),
    );
    if (!kept) throw new Error("the class-subject was not stored");
    return kept;
  });
}

/** An admin takes a class-subject back. */
export async function removeTeaching(db: Database, actor: Actor, id: string): Promise<void> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(id)) throw notFound("teachingAssignment");
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(teachingAssignments).where(eq(teachingAssignments.id, id)).returning({
      userId: teachingAssignments.userId,
      session: teachingAssignments.session,
      subject: teachingAssignments.subject,
    });
    if (!gone) throw notFound("teachingAssignment");
    const account = await accountOf(tx, gone.userId);
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: gone.userId,
      label: `${account.email}: no longer teaches ${gone.subject} (${gone.session})`,
    });
  });
}

/** An admin takes the routine's pairs of the teacher's record as their class-subjects for a session. */
export async function assignFromRoutine(
  db: Database,
  actor: Actor,
  userId: string,
  session: string,
): Promise<{ added: number }> {
  const admin = requireAdmin(actor);
  const account = await teacherAccount(db, userId);
  const teacher = await teacherOfAccount(db, userId);
  const pairs = teacher ? await routinePairs(db, teacher.id) : [];
  if (pairs.length === 0) return { added: 0 };
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(teachingAssignments)
      .values(
        pairs.map((pair) => ({
          userId,
          session,
          classId: pair.classId,
          section: pair.section,
          subject: pair.subject,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: teachingAssignments.id });
    if (made.length > 0) {
      await recordAudit(tx, admin, {
        action: "update",
        subject: "user",
        subjectId: userId,
        label: `${account.email}: ${made.length} class-subjects of the routine (${session})`,
      });
    }
    return { added: made.length };
  });
}

/** An admin links the account to a teachers' record (or, with null, to none). */
export async function linkTeacherRecord(
  db: Database,
  actor: Actor,
  userId: string,
  teacherId: string | null,
): Promise<{ teacher: { id: string; name: string } | null }> {
  const admin = requireAdmin(actor);
  const account = await accountOf(db, userId);
  return db.transaction(async (tx) => {
    let linked: { id: string; name: string } | null = null;
    if (teacherId !== null) {
      const [row] = await tx
        .select({ id: teachers.id, name: teachers.name, userId: teachers.userId })
        .from(teachers)
        .where(eq(teachers.id, teacherId))
        .for("update");
      if (!row) throw notFound("teacher");
      if (row.userId && row.userId !== userId) {
        throw DomainError.ofField("conflict", "teacher", problem("teaching.teacherLinked"));
      }
      linked = { id: row.id, name: row.name };
    }
    await tx.update(teachers).set({ userId: null }).where(eq(teachers.userId, userId));
    if (linked) await tx.update(teachers).set({ userId }).where(eq(teachers.id, linked.id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: userId,
      label: linked ? `${account.email}: teacher ${linked.name}` : `${account.email}: no teacher's record`,
    });
    return { teacher: linked };
  });
}

/** The teachers' records an admin may link: those of no other account, by name. */
export async function linkableTeachers(db: Database, actor: Actor, userId: string) {
  requireAdmin(actor);
  return db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(sql`${teachers.userId} is null or ${teachers.userId} = ${userId}`)
    .orderBy(asc(teachers.name), asc(teachers.id))
    .limit(500);
}

// ---- what a teacher may mark -----------------------------------------------------------------

/**
 * The subjects of an exam this teacher marks, by subject code, each with the sections they teach
 * ("" is the whole class). An assignment names the subject as the exam or the routine writes it:
 * matched without case, by name or code.
 */
export async function taughtSubjects(
  db: DatabaseOrTransaction,
  actor: SignedInActor,
  exam: { session: string; subjects: { code: string; name: string }[] },
  classId: string,
): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ section: teachingAssignments.section, subject: teachingAssignments.subject })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.userId, actor.id),
        eq(teachingAssignments.session, exam.session),
        eq(teachingAssignments.classId, classId),
      ),
    );
  const taught = new Map<string, Set<string>>();
  for (const subject of exam.subjects) {
    for (const row of rows) {
      const named = row.subject.toLowerCase();
      if (named !== subject.name.toLowerCase() && named !== subject.code.toLowerCase()) continue;
      const sections = taught.get(subject.code) ?? new Set<string>();
      sections.add(row.section);
      taught.set(subject.code, sections);
    }
  }
  return taught;
}

/** Whether a student of `section` is in the sections taught ("" is every section). */
export const coversSection = (sections: Set<string> | undefined, section: string | null) =>
  sections !== undefined && (sections.has("") || sections.has(section ?? ""));

/** The ids of the exams with a subject this teacher marks. */
export async function teachersExamIds(db: DatabaseOrTransaction, actor: SignedInActor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: exams.id })
    .from(exams)
    .innerJoin(
      teachingAssignments,
      and(
        eq(teachingAssignments.userId, actor.id),
        eq(teachingAssignments.session, exams.session),
        eq(teachingAssignments.classId, exams.classId),
      ),
    )
    .innerJoin(
      examSubjects,
      and(
        eq(examSubjects.examId, exams.id),
        sql`(lower(${examSubjects.name}) = lower(${teachingAssignments.subject}) or lower(${examSubjects.code}) = lower(${teachingAssignments.subject}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The exams a teacher marks (an admin: every exam), newest session first. */
export async function teachersExams(db: Database, actor: Actor): Promise<Exam[]> {
  const user = requireRole(actor, "teacher");
  if (user.isAdmin) return listExams(db, user);
  return examsByIds(db, await teachersExamIds(db, user));
}
