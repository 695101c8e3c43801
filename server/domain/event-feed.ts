// The academic calendar as iCalendar (RFC 5545), built with ical-generator: the whole feed a
// phone's calendar subscribes to (/events.ics) and one event to add (/events/{id}.ics). Times
// are written in UTC; an all-day event is its Dhaka dates (DTEND the day after its last day).
import ical, { ICalCalendarMethod, ICalEventTransparency } from "ical-generator";
import { dayNumbers, dhakaDay, monthKey } from "../../common/calendar";
import type { CalendarEvent } from "./events";

const dayMs = 24 * 60 * 60 * 1000;

/** A calendar of these events; `origin` makes their addresses absolute. */
export function eventsCalendar(
  events: CalendarEvent[],
  options: { name: string; origin: string; feed?: boolean },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: "Maktab", product: "Academic calendar", language: "EN" },
    // A single event is offered to add (PUBLISH); the feed is subscribed to.
    method: ICalCalendarMethod.PUBLISH,
    ...(options.feed ? { url: `${options.origin}/events.ics`, ttl: 60 * 60 * 6 } : {}),
  });
  for (const event of events) {
    const { first, last } = dayNumbers(event.startsAt, event.endsAt);
    calendar.createEvent({
      id: `${event.id}@${new URL(options.origin).host}`,
      summary: event.title,
      description: event.description || undefined,
      location: event.place || undefined,
      categories: [{ name: event.category.toUpperCase() }],
      url: `${options.origin}/events?month=${monthOf(event.startsAt)}#event-${event.id}`,
      stamp: event.updatedAt,
      created: event.createdAt,
      lastModified: event.updatedAt,
      transparency:
        event.category === "holiday" ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
      ...(event.allDay
        ? { allDay: true, start: new Date(first * dayMs), end: new Date((last + 1) * dayMs) }
        : { start: event.startsAt, end: event.endsAt }),
    });
  }
  return calendar.toString();
}

const monthOf = (moment: Date) => {
  const { year, month } = dhakaDay(moment);
  return monthKey(year, month);
};
