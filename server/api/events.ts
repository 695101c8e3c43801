import { eventCollection } from "../domain/events";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { eventWire } from "./wire-schemas";

export const eventEndpoints = contentEndpoints({
  collection: eventCollection,
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
    end: { type: "string", description: "As start; not before it. Left out: the event ends when it starts" },
  },
  wire: eventWire,
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
});
