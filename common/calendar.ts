// Dates of the academic calendar on Bangladesh's clock (UTC+6 all year, no daylight saving),
// whatever the server's or the browser's own time zone.
const offsetMs = 6 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

export type CalendarDay = { year: number; month: number; day: number };

/** The day (in Dhaka) a moment falls on; month 1 to 12. */
export function dhakaDay(moment: Date): CalendarDay {
  const shifted = new Date(moment.getTime() + offsetMs);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Midnight in Dhaka at the start of a day, as a moment. */
export const dhakaMidnight = ({ year, month, day }: CalendarDay) =>
  new Date(Date.UTC(year, month - 1, day) - offsetMs);

/** "2026-12" for a month, as the calendar's address takes it. */
export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

/** A month from ?month=2026-12, or undefined when it is not one (years 1900 to 2200). */
export function readMonth(value: string | null | undefined): { year: number; month: number } | undefined {
  const found = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!found) return undefined;
  const year = Number(found[1]);
  const month = Number(found[2]);
  if (year < 1900 || year > 2200 || month < 1 || month > 12) return undefined;
  return { year, month };
}

/** The month before or after. */
export function shiftMonth({ year, month }: { year: number; month: number }, by: -1 | 1) {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** How many days a month has. */
export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The weekday (0 Sunday to 6 Saturday) of the month's first day. */
export const firstWeekday = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).getUTCDay();

/** The days (in Dhaka) an event covers, first and last, as day numbers since 1970 for comparing. */
export function dayNumbers(startsAt: Date, endsAt: Date): { first: number; last: number } {
  const number = (moment: Date) => Math.floor((moment.getTime() + offsetMs) / dayMs);
  return { first: number(startsAt), last: Math.max(number(startsAt), number(endsAt)) };
}

/** A day's number since 1970, as dayNumbers counts. */
export const dayNumberOf = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day) / dayMs;

/** A moment as a form's date-time box shows it on Dhaka's clock: "2026-12-16T10:00". */
export const dhakaDateTime = (moment: Date) =>
  new Date(moment.getTime() + offsetMs).toISOString().slice(0, 16);
