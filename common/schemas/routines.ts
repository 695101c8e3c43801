// The class routine: the institute's periods and school days, a class's week of slots (day ×
// period → subject, teacher, room) and a substitute teacher for one date. Shared by the REST
// adapter, the dashboard's routine editor and the public page.
import { z } from "zod";
import { issue } from "../errors/problem";
import { maxGraphemes } from "../text-rules";

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
  .string({ error: issue("value.time") })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, issue("value.time24"));

export const periodInput = z
  .strictObject({
    number: z
      .number({ error: issue("value.number") })
      .int(issue("value.whole"))
      .min(1, issue("value.atLeast", { min: 1 }))
      .max(20, issue("value.atMost", { max: 20 })),
    start: time,
    end: time,
    /** A break (tiffin, prayer): shown in the week, never holds a class. */
    break: z
      .boolean({ error: issue("value.boolean") })
      .optional()
      .default(false),
  })
  .refine((period) => period.end > period.start, { message: issue("routine.afterStart"), path: ["end"] });

export type PeriodInput = z.output<typeof periodInput>;

export const weekInput = z.strictObject({
  periods: z
    .array(periodInput, { error: issue("value.list") })
    .min(1, issue("routine.minPeriods"))
    .max(20, issue("routine.maxPeriods", { max: 20 }))
    .refine((list) => new Set(list.map((p) => p.number)).size === list.length, issue("routine.periodNumbers"))
    .refine(
      (list) =>
        [...list]
          .sort((a, b) => a.number - b.number)
          .every((p, i, all) => i === 0 || p.start >= (all[i - 1] as PeriodInput).end),
      issue("routine.periodsOverlap"),
    ),
  days: z
    .array(z.enum(weekdays, { error: issue("value.days") }), {
      error: issue("value.list"),
    })
    .min(1, issue("routine.minDays"))
    .refine((list) => new Set(list).size === list.length, issue("routine.daysOnce")),
});

export type WeekInput = z.output<typeof weekInput>;

const optionalText = (max: number) =>
  z
    .string({ error: issue("value.text") })
    .trim()
    .refine(maxGraphemes(max), issue("value.tooLong", { max }))
    .optional()
    .default("");

export const slotInput = z.strictObject({
  day: z.enum(weekdays, { error: issue("value.day") }),
  period: z
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(20, issue("value.atMost", { max: 20 })),
  subject: z
    .string({ error: issue("value.required") })
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(80), issue("value.tooLong", { max: 80 })),
  /** A teacher's id (GET /api/teachers), or left out. */
  teacher: z
    .uuid({ error: issue("value.teacherId") })
    .nullable()
    .optional()
    .default(null),
  room: optionalText(20),
});

export type SlotInput = z.output<typeof slotInput>;

export const routineInput = z.strictObject({
  slots: z.array(slotInput, { error: issue("value.list") }).max(200, issue("routine.maxSlots", { max: 200 })),
});

export type RoutineInput = z.output<typeof routineInput>;

/** A date as YYYY-MM-DD. */
export const dateText = z
  .string({ error: issue("value.date") })
  .regex(/^\d{4}-\d{2}-\d{2}$/, issue("value.date"))
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    issue("value.realDate"),
  );

export const substituteInput = z.strictObject({
  /** The class's id (GET /api/results/classes). */
  class: z.uuid({ error: issue("value.classId") }),
  section: optionalText(20),
  date: dateText,
  period: z
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(20, issue("value.atMost", { max: 20 })),
  teacher: z.uuid({ error: issue("value.teacherId") }),
});

export type SubstituteInput = z.output<typeof substituteInput>;
