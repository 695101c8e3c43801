// When calendar events take place, on Bangladesh's clock. Apart from format.ts so that pages
// without a calendar do not load the calendar's day arithmetic (common/calendar.ts).
import { dayNumbers } from "../../common/calendar";
import { formatter } from "../../i18n/format";

/**
 * A calendar event's date, or date and time, on Bangladesh's clock (the institute's; the server's
 * and the reader's own zones do not matter).
 */
export function formatDhaka(value: string | Date, intl: string, withTime: boolean): string {
  return formatter(
    `dhaka ${withTime} ${intl}`,
    () =>
      new Intl.DateTimeFormat(intl, {
        weekday: "short",
        day: "numeric",
        month: "long",
        year: "numeric",
        // On the 24-hour clock: Intl writes "AM/PM" in Latin letters for bn-BD.
        ...(withTime ? { hour: "numeric", minute: "2-digit", hourCycle: "h23" } : {}),
        timeZone: "Asia/Dhaka",
      }),
  ).format(new Date(value));
}

/** The time of day alone, on Bangladesh's 24-hour clock ("12:30", "১২:৩০"). */
export function formatDhakaTime(value: string | Date, intl: string): string {
  return formatter(
    `dhaka time ${intl}`,
    () =>
      new Intl.DateTimeFormat(intl, {
        hour: "numeric",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "Asia/Dhaka",
      }),
  ).format(new Date(value));
}

/**
 * When a calendar event takes place, on Bangladesh's clock: a day, or from one day to another
 * (all day); a moment, or from one to another (timed). The calendar and the home page say it alike.
 */
export function formatEventTime(
  event: { startsAt: string; endsAt: string; allDay: boolean },
  intl: string,
): string {
  const start = formatDhaka(event.startsAt, intl, !event.allDay);
  const [first, last] = [event.startsAt, event.endsAt].map(
    (at) => dayNumbers(new Date(at), new Date(at)).first,
  );
  if (event.allDay) return first === last ? start : `${start} – ${formatDhaka(event.endsAt, intl, false)}`;
  if (event.endsAt === event.startsAt) return start;
  // The same day is not said twice: "Tue, 3 November 2026, 10:00 – 12:30".
  return first === last
    ? `${start} – ${formatDhakaTime(event.endsAt, intl)}`
    : `${start} – ${formatDhaka(event.endsAt, intl, true)}`;
}

/** A month's name and year ("December 2026", "ডিসেম্বর, ২০২৬"). */
export function formatMonth(year: number, month: number, intl: string): string {
  return formatter(
    `month ${intl}`,
    () => new Intl.DateTimeFormat(intl, { month: "long", year: "numeric", timeZone: "UTC" }),
  ).format(new Date(Date.UTC(year, month - 1, 1)));
}
