// The academic calendar: holidays, exams, meetings and events, from a start to an end, whole
// days or timed. Everyone sees them; admins add, change and delete them.
import { defineKind } from "./define";

/** The academic calendar's kinds of day. */
export const eventCategories = ["holiday", "exam", "meeting", "event"] as const;
export type EventCategory = (typeof eventCategories)[number];

export const events = defineKind({
  one: "event",
  texts: {
    label: { en: "Event", bn: "আয়োজন" },
    menu: { en: "Calendar", bn: "শিক্ষাপঞ্জি" },
    add: { en: "Add calendar event", bn: "শিক্ষাপঞ্জিতে যোগ করুন" },
    heading: { en: "ADD CALENDAR EVENT", bn: "শিক্ষাপঞ্জিতে আয়োজন যোগ করুন" },
    overview: { en: "Calendar events", bn: "শিক্ষাপঞ্জির আয়োজন" },
    audit: { en: "Calendar event", bn: "শিক্ষাপঞ্জির আয়োজন" },
    deleteOne: { en: "calendar event", bn: "আয়োজন" },
    deleteOther: { en: "calendar events", bn: "আয়োজন" },
  },
  addPath: "eventAdd",
  publicPath: "/events",
  titleField: "title",
  listDate: "startsAt",
  image: "optional",
  reviewed: false,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 200),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    {
      name: "startsAt",
      rule: (r) => r.moment("start", true),
      widget: "datetime-local",
      label: "forms.startsAt",
      required: true,
    },
    {
      name: "endsAt",
      rule: (r) => r.moment("end", false).optional(),
      widget: "datetime-local",
      label: "forms.endsAt",
    },
    { name: "allDay", rule: (r) => r.tickBox("allDay"), widget: "checkbox", label: "forms.allDay" },
    { name: "place", rule: (r) => r.optionalText("place", 200), widget: "text", label: "forms.place" },
    {
      name: "category",
      rule: ({ z, issue }) =>
        z
          .union([z.enum(eventCategories), z.literal("")], { error: issue("content.eventCategory") })
          .transform((value) => value || "event")
          .optional(),
      widget: "select",
      label: "forms.eventCategory",
      options: [
        { value: "holiday", label: "events.category.holiday" },
        { value: "exam", label: "events.category.exam" },
        { value: "meeting", label: "events.category.meeting" },
        { value: "event", label: "events.category.event" },
      ],
    },
    {
      name: "description",
      rule: (r) => r.optionalText("description", 5000, "many"),
      widget: "textarea",
      label: "forms.description",
    },
  ],
});
