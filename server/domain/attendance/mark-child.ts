// One tap on the teacher's sheet: one child's status for a day (and period). The child must be on
// the class's sheet that day; the day must be a school day, and open unless an admin marks it.
import { problem } from "../../../common/errors/problem";
import type { AttendanceStatus, MarkInput } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import { classDayOf, requireClassTeacher } from "./class-day";
import { requireChangeable } from "./day-lock";
import { requireSchoolDay } from "./school-day";
import { childrenOfClassDay } from "./sheet";
import { writeMarks } from "./write-marks";

export type MarkAnswer = {
  child: string;
  date: string;
  period: number;
  status: AttendanceStatus;
  /** Whether it changed what was stored (false when sent again). */
  changed: boolean;
};

export async function markChild(
  db: Database,
  actor: Actor,
  input: MarkInput & { class: string; section: string },
  now = new Date(),
): Promise<MarkAnswer> {
  const day = await classDayOf(db, input);
  const user = await requireClassTeacher(db, actor, day);
  const state = requireChangeable(user, input.date, now);
  await requireSchoolDay(db, input.date);
  const child = (await childrenOfClassDay(db, day)).find((row) => row.child === input.child);
  if (!child) {
    throw DomainError.ofField("invalid", "child", problem("attendance.notOnSheet", { session: day.session }));
  }
  const changed = await writeMarks(db, user, day, input.period, state, [{ ...child, status: input.status }]);
  return { child: child.child, date: input.date, period: input.period, status: input.status, changed: changed > 0 };
}
