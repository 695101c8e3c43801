// A whole sheet in one request (the form without script, or a teacher's "Save"): each child sent
// gets the status sent. Every child must be on the class's sheet; nothing is saved otherwise.
import { problem } from "../../../common/errors/problem";
import type { SheetInput } from "../../../common/schemas/attendance";
import type { Database } from "../../db/client";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import { classDayOf, requireClassTeacher } from "./class-day";
import { requireChangeable } from "./day-lock";
import { requireSchoolDay } from "./school-day";
import { type AttendanceSheet, childrenOfClassDay, readSheet } from "./sheet";
import { writeMarks } from "./write-marks";

export async function saveSheet(
  db: Database,
  actor: Actor,
  input: SheetInput,
  now = new Date(),
): Promise<AttendanceSheet & { changed: number }> {
  const day = await classDayOf(db, input);
  const user = await requireClassTeacher(db, actor, day);
  const state = requireChangeable(user, input.date, now);
  await requireSchoolDay(db, input.date);
  const onSheet = new Map((await childrenOfClassDay(db, day)).map((row) => [row.child, row]));
  const fields: Record<string, ReturnType<typeof problem>> = {};
  input.marks.forEach((mark, i) => {
    if (!onSheet.has(mark.child))
      fields[`marks.${i}.child`] = problem("attendance.notOnSheet", { session: day.session });
  });
  const [first] = Object.entries(fields);
  if (first) throw new DomainError("invalid", { ...first[1], at: first[0] }, fields);
  const marks = input.marks.flatMap((mark) => {
    const child = onSheet.get(mark.child);
    return child ? [{ ...child, status: mark.status }] : [];
  });
  const changed = await writeMarks(db, user, day, input.period, state, marks);
  return { ...(await readSheet(db, user, input, now)), changed };
}
