// One tap on the teacher's sheet: one child's status for a day (and period). The child's class,
// section and session are their enrolment's in the session of the date; the day must be a school
// day, and open unless an admin marks it. A child the teacher does not teach is "not found", the
// same answer as for a child who does not exist.
import { and, desc, eq, or, sql } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import type { AttendanceStatus, MarkInput } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import { enrolments, registerStudents, schoolClasses } from "../../db/schema";
import { type Actor, requireRole } from "../actor";
import { notFound } from "../errors";
import { type ClassDay, teachesClass } from "./class-day";
import { requireChangeable } from "./day-lock";
import { requireSchoolDay } from "./school-day";
import { writeMarks } from "./write-marks";

export type MarkAnswer = {
  child: string;
  date: string;
  period: number;
  status: AttendanceStatus;
  /** Whether it changed what was shown (false when sent again, or present for an unmarked child). */
  changed: boolean;
};

/** The child's enrolment in the session of the date (the newest that names its year), as a class day. */
async function enrolmentOn(db: Database, childId: string, date: string) {
  const year = date.slice(0, 4);
  const [row] = await db
    .select({
      name: registerStudents.name,
      status: registerStudents.status,
      session: enrolments.session,
      classId: enrolments.classId,
      className: schoolClasses.name,
      sections: schoolClasses.sections,
      section: enrolments.section,
    })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(
      and(
        eq(enrolments.registerStudentId, childId),
        or(
          eq(enrolments.session, year),
          sql`${enrolments.session} like ${`${year}-%`}`,
          sql`${enrolments.session} like ${`%-${year}`}`,
        ),
      ),
    )
    .orderBy(desc(enrolments.session))
    .limit(1);
  return row;
}

export async function markChild(
  db: Database,
  actor: Actor,
  input: MarkInput,
  now = new Date(),
): Promise<MarkAnswer> {
  const user = requireRole(actor, "teacher");
  if (!uuidPattern.test(input.child)) throw notFound("child");
  const found = await enrolmentOn(db, input.child, input.date);
  const section = found?.section ?? "";
  const day: ClassDay | undefined = found && {
    classId: found.classId,
    className: found.className,
    sections: found.sections,
    section,
    session: found.session,
    date: input.date,
  };
  if (!found || !day || found.status !== "studying" || !(await teachesClass(db, user, day))) {
    throw notFound("child");
  }
  const state = requireChangeable(user, input.date, now);
  await requireSchoolDay(db, input.date);
  const changed = await writeMarks(db, user, day, input.period, state, [
    { child: input.child, name: found.name, section, status: input.status },
  ]);
  return {
    child: input.child,
    date: input.date,
    period: input.period,
    status: input.status,
    changed: changed > 0,
  };
}
