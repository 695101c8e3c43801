// The academic calendar, the server's part (common/kinds/events.ts is the definition): the end
// not before the start, and the reads of a month, the upcoming events and the feed.

import { and, asc, gte, lt } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
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
