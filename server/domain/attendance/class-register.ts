import type { AttendanceStatus } from "../../../common/schemas/attendance";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import type { Actor } from "../actor";
import { classDayOf, requireClassTeacher } from "./class-day";
import { type DayKind, daysBetween, monthRange } from "./school-calendar";
import { childrenOfClassDay } from "./sheet";
import { type AttendanceTotals, totalsOf } from "./totals";
import { wholeDayMarks } from "./whole-day-marks";

export type RegisterGrid = {
  class: string;
  section: string;
  session: string;
  month: string;
  /** Every day of the month; `past` false for the days after today. */
  days: { date: string; kind: DayKind; past: boolean }[];
  children: {
    child: string;
    name: string;
    roll: string;
    /** By date, for the school days up to today. */
    statuses: Record<string, AttendanceStatus>;
    totals: AttendanceTotals;
  }[];
};

export async function classRegister(
  db: Database,
  actor: Actor,
  query: { class: string; section: string; month: string },
  now = new Date(),
): Promise<RegisterGrid> {
  const { from, to } = monthRange(query.month);
  const day = await classDayOf(db, { class: query.class, section: query.section, date: from });
  await requireClassTeacher(db, actor, day);
  const today = dhakaToday(now);
  // The whole month's kinds of day, as if it were over; only the days up to today have marks.
  const [children, days] = await Promise.all([
    childrenOfClassDay(db, day),
    daysBetween(db, from, to, new Date(`${to}T12:00:00+06:00`)),
  ]);
  const marks = await wholeDayMarks(
    db,
    children.map((row) => row.child),
    from,
    to,
  );
  const schoolDays = days.filter((one) => one.kind === "school" && one.date <= today).map((one) => one.date);
  return {
    class: day.className,
    section: day.section,
    session: day.session,
    month: query.month,
    days: days.map((one) => ({ ...one, past: one.date <= today })),
    children: children.map((row) => {
      const own = new Map(
        marks.filter((mark) => mark.child === row.child).map((mark) => [mark.date, mark.status]),
      );
      return {
        child: row.child,
        name: row.name,
        roll: row.roll,
        statuses: Object.fromEntries(schoolDays.map((date) => [date, own.get(date) ?? "present"])),
        totals: totalsOf(schoolDays, own),
      };
    }),
  };
}
