// GET /events.ics: the academic calendar as an iCalendar feed a phone's calendar subscribes to
// (from a month back on); GET /events/{id}.ics: one event, to add to a calendar.
import { data } from "react-router";
import { en } from "../../i18n/en";
import { anonymous } from "../../server/domain/actor";
import { DomainError } from "../../server/domain/errors";
import { eventsCalendar } from "../../server/domain/event-feed";
import { eventCollection, eventsFrom } from "../../server/domain/events";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/events-ics";

const monthMs = 31 * 24 * 60 * 60 * 1000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = pageOf(context);
  const ctx = contentContext(context);
  const origin = services.config.publicUrl;
  const name = `${en["brand.name"]}: ${en["events.heading"]}`;
  let body: string;
  let filename = "events.ics";
  if (params.file === undefined) {
    body = eventsCalendar(await eventsFrom(ctx, new Date(Date.now() - monthMs)), {
      name,
      origin,
      feed: true,
    });
  } else {
    const id = /^(.+)\.ics$/.exec(params.file)?.[1];
    if (!id) throw data(null, { status: 404 });
    try {
      const event = await eventCollection.get(ctx, anonymous, id);
      body = eventsCalendar([event], { name, origin });
      filename = `event-${event.id}.ics`;
    } catch (error) {
      if (error instanceof DomainError) throw data(null, { status: 404 });
      throw error;
    }
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "public, max-age=900",
    },
  });
}
