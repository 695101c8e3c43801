// A child's attendance by month (each day and the month's figures) or by year (each month's
// figures and the year's). Seen by the child's guardians, the student themselves and admins; for
// anyone else the child is "not found", whether they exist or not.
import { and, between, eq } from "drizzle-orm";
import type { AttendanceStatus } from "../../../common/schemas/attendance";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import { attendanceMarks, registerStudents } from "../../db/schema";
import { type Actor, requireUser } from "../actor";
import { notFound } from "../errors";
import { childOfAccount } from "../register/family";
import { type DayKind, daysBetween, monthRange } from "./school-calendar";
import { type AttendanceTotals, totalsOf } from "./totals";

export type ChildAttendance = {
  child: { id: string; name: string; nameBn: string };
  from: string;
  to: string;
  /** A month's days up to today: a school day's status, or why there was no school. */
  days: { date: string; kind: DayKind; status: AttendanceStatus | null }[];
  /** A year's months, each with its figures. */
  months: ({ month: string } & AttendanceTotals)[];
  totals: AttendanceTotals;
};

async function childFor(db: Database, actor: Actor, childId: string) {
  const user = requireUser(actor);
  if (!user.isAdmin) {
    const child = await childOfAccount(db, actor, childId);
    return { id: child.id, name: child.name, nameBn: child.nameBn };
  }
  const [child] = await db
    .select({ id: registerStudents.id, name: registerStudents.name, nameBn: registerStudents.nameBn })
    .from(registerStudents)
    .where(eq(registerStudents.id, childId));
  if (!child) throw notFound("child");
  return child;
}

export async function childAttendance(
  db: Database,
  actor: Actor,
  childId: string,
  asked: { month?: string; year?: string },
  now = new Date(),
): Promise<ChildAttendance> {
  const child = await childFor(db, actor, childId);
  const month = asked.month ?? (asked.year ? undefined : dhakaToday(now).slice(0, 7));
  const { from, to } = month ? monthRange(month) : { from: `${asked.year}-01-01`, to: `${asked.year}-12-31` };
  const [days, marks] = await Promise.all([
    daysBetween(db, from, to, now),
    db
      .select({ date: attendanceMarks.date, status: attendanceMarks.status })
      .from(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.registerStudentId, child.id),
          eq(attendanceMarks.period, 0),
          between(attendanceMarks.date, from, to),
        ),
      ),
  ]);
  const statusOn = new Map(marks.map((mark) => [mark.date, mark.status]));
  const schoolDays = days.filter((day) => day.kind === "school").map((day) => day.date);
  const months = month
    ? []
    : [...new Set(days.map((day) => day.date.slice(0, 7)))].map((name) => ({
        month: name,
        ...totalsOf(
          schoolDays.filter((date) => date.startsWith(name)),
          statusOn,
        ),
      }));
  return {
    child,
    from,
    to,
    days: month
      ? days.map((day) => ({
          ...day,
          status: day.kind === "school" ? (statusOn.get(day.date) ?? "present") : null,
        }))
      : [],
    months,
    totals: totalsOf(schoolDays, statusOn),
  };
}
