// Which class a sheet is of: the class (by name, any case), its section ("" for the whole class)
// and the session of the date (the newest session of the class's enrolments that names the date's
// year: "2026", "2025-2026" or "2026-2027"); and whether the actor may take its attendance: an
// admin, or a teacher assigned a subject of that class (and section, or the whole class) that session.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { enrolments, schoolClasses, teachingAssignments } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireRole, type SignedInActor } from "../actor";
import { DomainError } from "../errors";

export type ClassDay = {
  classId: string;
  className: string;
  sections: string[];
  /** As the class spells it, or "" for every section. */
  section: string;
  session: string;
  date: string;
};

/** The class and section named, and the session of the date. 400 naming the field when unknown. */
export async function classDayOf(
  db: DatabaseOrTransaction,
  input: { class: string; section: string; date: string },
): Promise<ClassDay> {
  const [found] = await db
    .select({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${input.class})`);
  if (!found) throw DomainError.ofField("invalid", "class", problem("exam.classOfList"));
  let section = "";
  if (input.section) {
    const named = found.sections.find((one) => one.toLowerCase() === input.section.toLowerCase());
    if (named === undefined) {
      throw DomainError.ofField(
        "invalid",
        "section",
        found.sections.length === 0
          ? problem("routine.noSections")
          : problem("routine.section", { sections: found.sections.join(", ") }),
      );
    }
    section = named;
  }
  const year = input.date.slice(0, 4);
  const [newest] = await db
    .selectDistinct({ session: enrolments.session })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.classId, found.id),
        or(
          eq(enrolments.session, year),
          sql`${enrolments.session} like ${`${year}-%`}`,
          sql`${enrolments.session} like ${`%-${year}`}`,
        ),
      ),
    )
    .orderBy(desc(enrolments.session))
    .limit(1);
  if (!newest) {
    throw DomainError.ofField(
      "not_found",
      "class",
      problem("attendance.noSession", { class: found.name, date: input.date }),
    );
  }
  return {
    classId: found.id,
    className: found.name,
    sections: found.sections,
    section,
    session: newest.session,
    date: input.date,
  };
}

/** Whether the signed-in actor teaches the class (that section, or the whole class) in that session. */
export async function teachesClass(
  db: DatabaseOrTransaction,
  actor: SignedInActor,
  day: Pick<ClassDay, "classId" | "section" | "session">,
): Promise<boolean> {
  if (actor.isAdmin) return true;
  const [row] = await db
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.userId, actor.id),
        eq(teachingAssignments.session, day.session),
        eq(teachingAssignments.classId, day.classId),
        inArray(teachingAssignments.section, day.section ? ["", day.section] : [""]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The actor, if they may take this class's attendance: an admin or its teacher (403 otherwise). */
export async function requireClassTeacher(
  db: DatabaseOrTransaction,
  actor: Actor,
  day: ClassDay,
): Promise<SignedInActor> {
  const user = requireRole(actor, "teacher");
  if (!(await teachesClass(db, user, day))) {
    throw new DomainError(
      "forbidden",
      problem("attendance.notYourClass", { class: day.className, session: day.session }),
    );
  }
  return user;
}

/** The classes and sections a teacher takes attendance of in a session (an admin: none listed). */
export async function classesTaught(db: DatabaseOrTransaction, actor: SignedInActor, session: string) {
  return db
    .selectDistinct({
      className: schoolClasses.name,
      section: teachingAssignments.section,
      position: schoolClasses.position,
    })
    .from(teachingAssignments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, teachingAssignments.classId))
    .where(and(eq(teachingAssignments.userId, actor.id), eq(teachingAssignments.session, session)))
    .orderBy(schoolClasses.position, teachingAssignments.section);
}
