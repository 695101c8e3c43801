// /events' loader: the shown month (?month=2026-12, else this month in Dhaka), its neighbours for
// the links, and the events that touch it as the page shows them, each with its first and last day.
import type { RouterContextProvider } from "react-router";
import {
  dayNumberOf,
  dayNumbers,
  dhakaDay,
  dhakaMidnight,
  monthKey,
  readMonth,
  shiftMonth,
} from "../../common/calendar";
import type { EventCategory } from "../../common/kinds/events";
import { eventsBetween } from "../../server/domain/events";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";

export async function monthOfEvents(context: Readonly<RouterContextProvider>, request: Request) {
  const { actor } = pageOf(context);
  const given = new URL(request.url).searchParams.get("month");
  const today = dhakaDay(new Date());
  const shown = readMonth(given) ?? { year: today.year, month: today.month };
  const next = shiftMonth(shown, 1);
  const from = dhakaMidnight({ ...shown, day: 1 });
  const to = dhakaMidnight({ ...next, day: 1 });
  const found = await eventsBetween(contentContext(context), from, to, actor);
  const previous = shiftMonth(shown, -1);
  return {
    ...shown,
    today: dayNumberOf(today),
    previous: monthKey(previous.year, previous.month),
    next: monthKey(next.year, next.month),
    events: found.map((event) => ({
      id: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      allDay: event.allDay,
      place: event.place,
      category: event.category as EventCategory,
      description: event.description,
      ...dayNumbers(event.startsAt, event.endsAt),
    })),
  };
}
