// The days of a range (a month, a year) as attendance counts them: each date up to today is a
// school day, a holiday of the calendar or a weekly day off of the routine's week.
import { and, eq, gte, lt } from "drizzle-orm";
import { dhakaToday, weekdayOf } from "../../../common/schemas/routines";
import { events } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { readWeek } from "../routines";
import { dhakaDay } from "./school-day";

export type DayKind = "school" | "holiday" | "dayOff";

const nextDate = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** Every date from `from` to `to` (both included, and never after today in Dhaka), with its kind. */
export async function daysBetween(
  db: DatabaseOrTransaction,
  from: string,
  to: string,
  now = new Date(),
): Promise<{ date: string; kind: DayKind }[]> {
  const today = dhakaToday(now);
  const last = to < today ? to : today;
  if (last < from) return [];
  const [week, holidays] = await Promise.all([
    readWeek(db),
    db
      .select({ startsAt: events.startsAt, endsAt: events.endsAt })
      .from(events)
      .where(
        and(
          eq(events.category, "holiday"),
          lt(events.startsAt, dhakaDay(last).end),
          gte(events.endsAt, dhakaDay(from).start),
        ),
      ),
  ]);
  const days: { date: string; kind: DayKind }[] = [];
  for (let date = from; date <= last; date = nextDate(date)) {
    const { start, end } = dhakaDay(date);
    const holiday = holidays.some((one) => one.startsAt < end && one.endsAt >= start);
    const kind: DayKind = holiday ? "holiday" : week.days.includes(weekdayOf(date)) ? "school" : "dayOff";
    days.push({ date, kind });
  }
  return days;
}

/** The first and last dates of a month (YYYY-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}
