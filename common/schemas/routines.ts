// The class routine: the institute's periods and school days, a class's week of slots (day ×
// period → subject, teacher, room) and a substitute teacher for one date. Shared by the REST
// adapter, the dashboard's routine editor and the public page.
import { z } from "zod";

/** The days of the week, Saturday first (the school week in Bangladesh). */
export const weekdays = [
  "saturday",
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
] as const;
export type Weekday = (typeof weekdays)[number];

/** Saturday to Thursday: Friday is off unless the institute says otherwise. */
export const defaultSchoolDays: Weekday[] = [
  "saturday",
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
];

/** The weekday of a date (YYYY-MM-DD), whatever the server's time zone. */
export function weekdayOf(date: string): Weekday {
  const sunday0 = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekdays[(sunday0 + 1) % 7] as Weekday;
}

/** Today's date (YYYY-MM-DD) in Dhaka (UTC+6 all year). */
export const dhakaToday = (now = new Date()) =>
  new Date(now.getTime() + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);

const time = z
  .string({ error: "must be a time (HH:MM)" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time (HH:MM, 24-hour)");

export const periodInput = z
  .strictObject({
    number: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(20, "must be at most 20"),
    start: time,
    end: time,
    /** A break (tiffin, prayer): shown in the week, never holds a class. */
    break: z.boolean({ error: "must be true or false" }).optional().default(false),
  })
  .refine((period) => period.end > period.start, { message: "must be after the start", path: ["end"] });

export type PeriodInput = z.output<typeof periodInput>;

export const weekInput = z.strictObject({
  periods: z
    .array(periodInput, { error: "must be a list" })
    .min(1, "has at least one period")
    .max(20, "has at most 20 periods")
    .refine((list) => new Set(list.map((p) => p.number)).size === list.length, "numbers each period once")
    .refine(
      (list) =>
        [...list]
          .sort((a, b) => a.number - b.number)
          .every((p, i, all) => i === 0 || p.start >= (all[i - 1] as PeriodInput).end),
      "must not overlap, in the order of their numbers",
    ),
  days: z
    .array(z.enum(weekdays, { error: "must be days of the week (saturday ... friday)" }), {
      error: "must be a list",
    })
    .min(1, "has at least one day")
    .refine((list) => new Set(list).size === list.length, "names each day once"),
});

export type WeekInput = z.output<typeof weekInput>;

const optionalText = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .default("");

export const slotInput = z.strictObject({
  day: z.enum(weekdays, { error: "must be a day of the week (saturday ... friday)" }),
  period: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(20, "must be at most 20"),
  subject: z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(80, "must be at most 80 characters"),
  /** A teacher's id (GET /api/teachers), or left out. */
  teacher: z.uuid({ error: "must be a teacher's id" }).nullable().optional().default(null),
  room: optionalText(20),
});

export type SlotInput = z.output<typeof slotInput>;

export const routineInput = z.strictObject({
  slots: z.array(slotInput, { error: "must be a list" }).max(200, "has at most 200 slots"),
});

export type RoutineInput = z.output<typeof routineInput>;

/** A date as YYYY-MM-DD. */
export const dateText = z
  .string({ error: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "must be a real date",
  );

export const substituteInput = z.strictObject({
  /** The class's id (GET /api/results/classes). */
  class: z.uuid({ error: "must be a class's id" }),
  section: optionalText(20),
  date: dateText,
  period: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(20, "must be at most 20"),
  teacher: z.uuid({ error: "must be a teacher's id" }),
});

export type SubstituteInput = z.output<typeof substituteInput>;
