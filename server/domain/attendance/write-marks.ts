// Stores marks of a class's day: each child's status for the date and period, with who marked it
// and when. A change of a locked day (an admin's) goes into the audit trail, one entry per child
// whose status changed.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AttendanceStatus } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import { attendanceMarks } from "../../db/schema";
import type { SignedInActor } from "../actor";
import { recordAudits } from "../audit/record";
import type { ClassDay } from "./class-day";
import type { DayState } from "./day-lock";

export type MarkToWrite = { child: string; name: string; section: string; status: AttendanceStatus };

/** Writes the marks; answers how many changed (a mark sent again as it was changes nothing). */
export async function writeMarks(
  db: Database,
  actor: SignedInActor,
  day: ClassDay,
  period: number,
  state: DayState,
  marks: MarkToWrite[],
): Promise<number> {
  if (marks.length === 0) return 0;
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ child: attendanceMarks.registerStudentId, status: attendanceMarks.status })
      .from(attendanceMarks)
      .where(
        and(
          inArray(
            attendanceMarks.registerStudentId,
            marks.map((mark) => mark.child),
          ),
          eq(attendanceMarks.date, day.date),
          eq(attendanceMarks.period, period),
        ),
      );
    const was = new Map(before.map((row) => [row.child, row.status]));
    // An unmarked child was present: marking them present records who looked, and changes nothing shown.
    const changed = marks.filter((mark) => (was.get(mark.child) ?? "present") !== mark.status);
    const unsaved = marks.filter((mark) => was.get(mark.child) !== mark.status);
    if (unsaved.length > 0) {
      await tx
        .insert(attendanceMarks)
        .values(
          unsaved.map((mark) => ({
            registerStudentId: mark.child,
            date: day.date,
            period,
            status: mark.status,
            session: day.session,
            classId: day.classId,
            section: mark.section,
            markedBy: actor.id,
          })),
        )
        .onConflictDoUpdate({
          target: [attendanceMarks.registerStudentId, attendanceMarks.date, attendanceMarks.period],
          set: {
            status: sql`excluded.status`,
            session: sql`excluded.session`,
            classId: sql`excluded.class_id`,
            section: sql`excluded.section`,
            markedBy: sql`excluded.marked_by`,
            markedAt: sql`now()`,
          },
        });
    }
    if (state === "locked") {
      await recordAudits(
        tx,
        actor,
        changed.map((mark) => ({
          action: "update",
          subject: "child",
          subjectId: mark.child,
          label: `${mark.name}: attendance of ${day.date}${period ? ` period ${period}` : ""} ${was.get(mark.child) ?? "present"} → ${mark.status} (locked day)`,
        })),
      );
    }
    return changed.length;
  });
}
