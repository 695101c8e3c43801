// The whole-day marks of some children between two dates (inclusive): what a class's month, on
// screen (class-report.ts) or printed (class-register.ts), is made of.
import { and, between, eq, inArray } from "drizzle-orm";
import type { AttendanceStatus } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import { attendanceMarks } from "../../db/schema";

export type WholeDayMark = { child: string; date: string; status: AttendanceStatus };

export async function wholeDayMarks(
  db: Database,
  children: readonly string[],
  from: string,
  to: string,
): Promise<WholeDayMark[]> {
  if (children.length === 0) return [];
  return db
    .select({
      child: attendanceMarks.registerStudentId,
      date: attendanceMarks.date,
      status: attendanceMarks.status,
    })
    .from(attendanceMarks)
    .where(
      and(
        inArray(attendanceMarks.registerStudentId, [...children]),
        eq(attendanceMarks.period, 0),
        between(attendanceMarks.date, from, to),
      ),
    );
}
