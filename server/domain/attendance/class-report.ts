import type { AttendanceStatus, ClassReportQuery } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import type { Actor } from "../actor";
import { classDayOf, requireClassTeacher } from "./class-day";
import { daysBetween, monthRange } from "./school-calendar";
import { childrenOfClassDay } from "./sheet";
import { type AttendanceTotals, totalsOf } from "./totals";
import { wholeDayMarks } from "./whole-day-marks";

export type ClassChildMonth = {
  child: string;
  name: string;
  roll: string;
  section: string;
} & AttendanceTotals;

export type ClassMonth = {
  class: string;
  section: string;
  session: string;
  month: string;
  below: number;
  /** The month's school days up to today. */
  days: number;
  children: ClassChildMonth[];
  /** The children under the threshold, lowest first. */
  belowThreshold: ClassChildMonth[];
};

export async function classMonth(
  db: Database,
  actor: Actor,
  query: ClassReportQuery,
  now = new Date(),
): Promise<ClassMonth> {
  const { from, to } = monthRange(query.month);
  const day = await classDayOf(db, { class: query.class, section: query.section, date: from });
  await requireClassTeacher(db, actor, day);
  const [children, days] = await Promise.all([childrenOfClassDay(db, day), daysBetween(db, from, to, now)]);
  const marks = await wholeDayMarks(
    db,
    children.map((row) => row.child),
    from,
    to,
  );
  const byChild = new Map<string, Map<string, AttendanceStatus>>();
  for (const mark of marks) {
    const own = byChild.get(mark.child) ?? new Map<string, AttendanceStatus>();
    own.set(mark.date, mark.status);
    byChild.set(mark.child, own);
  }
  const schoolDays = days.filter((one) => one.kind === "school").map((one) => one.date);
  const rows = children.map((row) => ({
    child: row.child,
    name: row.name,
    roll: row.roll,
    section: row.section,
    ...totalsOf(schoolDays, byChild.get(row.child) ?? new Map()),
  }));
  return {
    class: day.className,
    section: day.section,
    session: day.session,
    month: query.month,
    below: query.below,
    days: schoolDays.length,
    children: rows,
    belowThreshold: rows
      .filter((row) => row.percentage !== null && row.percentage < query.below)
      .sort((a, b) => (a.percentage ?? 0) - (b.percentage ?? 0)),
  };
}
