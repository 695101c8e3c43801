// A class's sheet for a day: every studying child enrolled in the class (and section) in the
// session of the date, in roll order, with their mark; a child not marked was present. Read by
// an admin or a teacher of the class, on a school day that has begun.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AttendanceStatus, SheetQuery } from "../../../common/schemas/attendance";
import { weekdayOf } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import { attendanceMarks, enrolments, registerStudents } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { type ClassDay, classDayOf, requireClassTeacher } from "./class-day";
import { type DayState, dayState } from "./day-lock";
import { requireSchoolDay } from "./school-day";

export type SheetRow = {
  child: string;
  name: string;
  nameBn: string;
  roll: string;
  section: string;
  status: AttendanceStatus;
  /** False: nobody marked the child, who counts as present. */
  marked: boolean;
};

export type AttendanceSheet = {
  class: string;
  sections: string[];
  section: string;
  session: string;
  date: string;
  weekday: string;
  period: number;
  /** Open on the day; locked after it (only an admin changes it then). */
  state: DayState;
  /** Whether this reader may change it now. */
  changeable: boolean;
  children: SheetRow[];
  counts: Record<AttendanceStatus, number>;
};

/** The class's studying children of the session (and section), in roll order. */
export async function childrenOfClassDay(db: DatabaseOrTransaction, day: ClassDay) {
  return db
    .select({
      child: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      roll: enrolments.roll,
      section: sql<string>`coalesce(${enrolments.section}, '')`,
    })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .where(
      and(
        eq(enrolments.session, day.session),
        eq(enrolments.classId, day.classId),
        eq(registerStudents.status, "studying"),
        day.section ? eq(enrolments.section, day.section) : undefined,
      ),
    )
    .orderBy(sql`length(${enrolments.roll})`, asc(enrolments.roll));
}

export async function readSheet(
  db: Database,
  actor: Actor,
  query: SheetQuery,
  now = new Date(),
): Promise<AttendanceSheet> {
  const day = await classDayOf(db, query);
  const user = await requireClassTeacher(db, actor, day);
  const state = dayState(query.date, now);
  await requireSchoolDay(db, query.date);
  const children = await childrenOfClassDay(db, day);
  const marks = children.length
    ? await db
        .select({ child: attendanceMarks.registerStudentId, status: attendanceMarks.status })
        .from(attendanceMarks)
        .where(
          and(
            inArray(
              attendanceMarks.registerStudentId,
              children.map((row) => row.child),
            ),
            eq(attendanceMarks.date, query.date),
            eq(attendanceMarks.period, query.period),
          ),
        )
    : [];
  const statusOf = new Map(marks.map((mark) => [mark.child, mark.status]));
  const counts: Record<AttendanceStatus, number> = { present: 0, absent: 0, late: 0, leave: 0 };
  const rows = children.map((row) => {
    const status = statusOf.get(row.child) ?? "present";
    counts[status] += 1;
    return { ...row, status, marked: statusOf.has(row.child) };
  });
  return {
    class: day.className,
    sections: day.sections,
    section: day.section,
    session: day.session,
    date: query.date,
    weekday: weekdayOf(query.date),
    period: query.period,
    state,
    changeable: state === "open" || user.isAdmin,
    children: rows,
    counts,
  };
}
