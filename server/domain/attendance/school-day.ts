// Whether attendance is taken on a date: not on a holiday of the calendar (an event of category
// `holiday` that covers any part of the day in Dhaka), not on a weekly day off (a day the
// routine's week leaves out). A closed day is refused with its reason named.
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { weekdayOf } from "../../../common/schemas/routines";
import { events } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { DomainError } from "../errors";
import { readWeek } from "../routines";

/** The moment a Dhaka day (YYYY-MM-DD) begins, and the next day's. */
export function dhakaDay(date: string): { start: Date; end: Date } {
  const start = new Date(`${date}T00:00:00+06:00`);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}

/** The holiday of the calendar that covers this date, if any (an all-day holiday ends at its last day's start). */
export async function holidayOn(db: DatabaseOrTransaction, date: string): Promise<string | null> {
  const { start, end } = dhakaDay(date);
  const [holiday] = await db
    .select({ title: events.title })
    .from(events)
    .where(and(eq(events.category, "holiday"), lt(events.startsAt, end), gte(events.endsAt, start)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  return holiday?.title ?? null;
}

/** Refuses a holiday or a weekly day off (409, naming which and why). */
export async function requireSchoolDay(db: DatabaseOrTransaction, date: string): Promise<void> {
  const [holiday, week] = await Promise.all([holidayOn(db, date), readWeek(db)]);
  if (holiday !== null) {
    throw DomainError.ofField("conflict", "date", problem("attendance.holiday", { date, title: holiday }));
  }
  const day = weekdayOf(date);
  if (!week.days.includes(day)) {
    throw DomainError.ofField("conflict", "date", problem("attendance.dayOff", { date, day }));
  }
}
