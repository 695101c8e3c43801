// The academic calendar, the server's part (common/kinds/events.ts is the definition): the end
// not before the start, the reads of a month, the upcoming events and the feed, and its REST
// names (start and end, each event's .ics).

import { and, asc, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { eventCategories } from "../../common/kinds/events";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { events } from "../db/schema";
import { type Actor, anonymous } from "./actor";
import type { ContentContext } from "./content/collection";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";

export const eventKind = serverKind({
  kind: "events",
  table: events,
  // An event without an end ends when it starts (a day, or a moment).
  onCreate: (input) => ({ endsAt: input.endsAt ?? input.startsAt }),
  // The end is not before the start, as sent or as stored.
  async check(_ctx, input, _actor, before) {
    const startsAt = input.startsAt ?? before?.startsAt;
    const endsAt = input.endsAt ?? (input.startsAt && !before ? input.startsAt : before?.endsAt);
    if (startsAt && endsAt && endsAt.getTime() < startsAt.getTime()) {
      throw new DomainError("invalid", problem("record.invalid", { what: "event" }), {
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
