// The academic calendar, the server's part (common/kinds/events.ts is the definition): the end
// not before the start, the reads of a month, the upcoming events and the feed, and its REST
// names (start and end, each event's .ics).

import { and, asc, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { kindLabel } from "../../common/kinds";
import { eventCategories } from "../../common/kinds/events";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { events } from "../db/schema";
import { type Actor, anonymous } from "./actor";
import type { ContentContext } from "./content/collection";
import type { KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/** A fresh installation's calendar, placed in the current month on Bangladesh's clock (UTC+6). */
const samples: KindSamples = {
  insert: async ({ db, now }) => {
    const dhaka = new Date(now + 6 * 60 * minuteMs);
    const first = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), 1);
    const today = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate());
    const dayOf = (event: SampleEvent, day: number) => {
      if (!event.onDate) return first + (day - 1) * dayMs;
      // A day of the year (a national day): this year's, or next year's once it has passed.
      const thisYear = Date.UTC(dhaka.getUTCFullYear(), event.onDate.month - 1, event.onDate.day);
      return thisYear >= today
        ? thisYear
        : Date.UTC(dhaka.getUTCFullYear() + 1, event.onDate.month - 1, event.onDate.day);
    };
    const at = (event: SampleEvent, day: number, time = "00:00") => {
      const [hours = 0, minutes = 0] = time.split(":").map(Number);
      return new Date(dayOf(event, day) + (hours - 6) * 60 * minuteMs + minutes * minuteMs);
    };
    const rows = await db
      .insert(events)
      .values(
        sampleEvents.map((event, index) => ({
          title: event.title,
          category: event.category,
          place: event.place,
          description: event.description,
          allDay: !event.time,
          startsAt: at(event, event.day, event.time?.from),
          endsAt: event.time ? at(event, event.day, event.time.to) : at(event, event.lastDay ?? event.day),
          createdAt: new Date(now - (index + 2) * dayMs),
        })),
      )
      .returning({ id: events.id, title: events.title, createdAt: events.createdAt });
    return { rows };
  },
};

export const eventKind = serverKind({
  samples,
  kind: "events",
  table: events,
  // An event without an end ends when it starts (a day, or a moment).
  onCreate: (input) => ({ endsAt: input.endsAt ?? input.startsAt }),
  // The end is not before the start, as sent or as stored.
  async check(_ctx, input, _actor, before) {
    const startsAt = input.startsAt ?? before?.startsAt;
    const endsAt = input.endsAt ?? (input.startsAt && !before ? input.startsAt : before?.endsAt);
    if (startsAt && endsAt && endsAt.getTime() < startsAt.getTime()) {
      throw new DomainError("invalid", problem("record.invalid", { what: kindLabel("events") }), {
        endsAt: problem("content.endBeforeStart"),
      });
    }
  },
  rest: {
    tag: "Events",
    paths: { list: ["/events"], one: ["/events/:id"], create: ["/events"] },
    fields: {
      title: "title",
      start: "startsAt",
      end: "endsAt",
      allDay: "allDay",
      place: "place",
      category: "category",
      description: "description",
    },
    imageFields: ["image"],
    fieldDocs: {
      start: {
        type: "string",
        description:
          "An ISO date and time (2026-12-16T10:00:00+06:00), or a date (2026-12-16); without an offset, Dhaka time",
      },
      end: {
        type: "string",
        description: "As start; not before it. Left out: the event ends when it starts",
      },
    },
    wire: z.strictObject({
      _id: id,
      title: z.string(),
      start: timestamp.meta({
        description: "When it starts (for an all-day event: the first day, 00:00 in Dhaka)",
      }),
      end: timestamp.meta({
        description: "When it ends (for an all-day event: the last day, 00:00 in Dhaka)",
      }),
      allDay: z.boolean(),
      place: z.string(),
      category: z.enum(eventCategories),
      description: z.string(),
      ...imageFields("image"),
      ics: z.string().meta({ description: "The event as iCalendar (.ics), to add to a calendar" }),
      date: timestamp,
    }),
    toWire: (event) => ({
      _id: event.id,
      title: event.title,
      start: event.startsAt.toISOString(),
      end: event.endsAt.toISOString(),
      allDay: event.allDay,
      place: event.place,
      category: event.category,
      description: event.description,
      image: event.image?.url ?? null,
      imageSet: event.image,
      ics: `/events/${event.id}.ics`,
      date: wireDate(event),
    }),
  },
});

export const eventCollection = eventKind.collection;

export type CalendarEvent = typeof events.$inferSelect;

/**
 * The events that take place, wholly or in part, between two moments (a month shown), by their
 * start. Kept for the request's content generation like the collection's own reads.
 */
export function eventsBetween(
  ctx: ContentContext,
  from: Date,
  to: Date,
  actor: Actor = anonymous,
): Promise<CalendarEvent[]> {
  return eventCollection.remembered(ctx, actor, `between ${from.toISOString()} ${to.toISOString()}`, () =>
    ctx.db
      .select()
      .from(events)
      .where(and(lt(events.startsAt, to), gte(events.endsAt, from)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(500),
  );
}

/**
 * The next `limit` events that have not ended by `now`, by start (the home page's "Upcoming").
 * Kept for the content generation: one that ends meanwhile goes at the next change or after the
 * reads' time limit.
 */
export function upcomingEvents(
  ctx: ContentContext,
  limit: number,
  now = new Date(),
  actor: Actor = anonymous,
): Promise<CalendarEvent[]> {
  return eventCollection.remembered(ctx, actor, `upcoming ${limit}`, () =>
    ctx.db
      .select()
      .from(events)
      .where(gte(events.endsAt, now))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(limit),
  );
}

/** Every event from a moment on (the calendar feed), by start, at most `limit`. */
export function eventsFrom(ctx: ContentContext, from: Date, limit = 1000): Promise<CalendarEvent[]> {
  return ctx.db
    .select()
    .from(events)
    .where(gte(events.endsAt, from))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

export type SampleEvent = {
  title: string;
  category: "holiday" | "exam" | "meeting" | "event";
  place: string;
  description: string;
  /** Days from the first of the current month (Bangladesh time); the time of day, or all day. */
  day: number;
  lastDay?: number;
  time?: { from: string; to: string };
  /** A day fixed in the year instead (16 December): its coming one. */
  onDate?: { month: number; day: number };
};

/** The academic calendar's samples, around the current month so the calendar never looks empty. */
export const sampleEvents: SampleEvent[] = [
  {
    title: "Parents' meeting",
    category: "meeting",
    place: "Main hall",
    description:
      "Class teachers meet the parents of Classes Six to Ten to talk about the half-yearly results.",
    day: 3,
    time: { from: "10:00", to: "12:30" },
  },
  {
    title: "Half-yearly examinations",
    category: "exam",
    place: "Examination hall",
    description: "Written examinations for all classes. The routine is on the notice board.",
    day: 9,
    lastDay: 15,
  },
  {
    title: "Victory Day",
    category: "holiday",
    place: "",
    description: "The institute is closed.",
    day: 16,
    onDate: { month: 12, day: 16 },
  },
  {
    title: "Annual sports day",
    category: "event",
    place: "School field",
    description: "Races, games and the prize-giving, with tea for the guests.",
    day: 22,
    time: { from: "08:30", to: "15:00" },
  },
  {
    title: "Teachers' planning meeting",
    category: "meeting",
    place: "Staff room",
    description: "Planning the coming term's routine and syllabuses.",
    day: 35,
    time: { from: "14:00", to: "16:00" },
  },
];
