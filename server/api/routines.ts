// The class routine: the institute's periods and school days, a class and section's week, a
// teacher's week, and substitutes for a date. Anyone reads; admins change. A save that puts a
// teacher or a room in two places at once is refused with 409 naming the slot's field.
import { z } from "zod";
import {
  dateText,
  dhakaToday,
  routineInput,
  substituteInput,
  weekdays,
  weekInput,
} from "../../common/schemas/routines";
import {
  addSubstitute,
  deleteSubstitute,
  listSubstitutes,
  type Substitute,
} from "../domain/routine-substitutes";
import {
  type ClassRoutine,
  classRoutine,
  readWeek,
  saveRoutine,
  saveWeek,
  teacherRoutine,
} from "../domain/routines";
import { Answer, endpoint } from "./endpoint";
import { deleted } from "./wire-schemas";

const tag = "Class routine";
const everyone = () => "everyone";
const idParams = z.object({ id: z.string().max(100) });

const periodWire = z.object({
  number: z.number().int(),
  start: z.string(),
  end: z.string(),
  break: z.boolean(),
});
const weekWire = z.object({ periods: z.array(periodWire), days: z.array(z.enum(weekdays)) });
const teacherWire = z.object({ _id: z.string(), name: z.string() });
const routineWire = z.object({
  class: z.object({ _id: z.string(), name: z.string(), sections: z.array(z.string()) }),
  section: z.string(),
  date: z.string(),
  weekday: z.enum(weekdays),
  periods: z.array(periodWire),
  days: z.array(z.enum(weekdays)),
  slots: z.array(
    z.object({
      day: z.enum(weekdays),
      period: z.number().int(),
      subject: z.string(),
      teacher: teacherWire.nullable(),
      room: z.string(),
      substitute: teacherWire.extend({ substituteId: z.string() }).nullable(),
    }),
  ),
});
const teacherRoutineWire = z.object({
  teacher: teacherWire,
  date: z.string(),
  weekday: z.enum(weekdays),
  periods: z.array(periodWire),
  days: z.array(z.enum(weekdays)),
  slots: z.array(
    z.object({
      day: z.enum(weekdays),
      period: z.number().int(),
      class: z.object({ _id: z.string(), name: z.string() }),
      section: z.string(),
      subject: z.string(),
      room: z.string(),
      asSubstitute: z.boolean(),
      replacedBy: teacherWire.nullable(),
    }),
  ),
});
const substituteWire = z.object({
  _id: z.string(),
  class: z.object({ _id: z.string(), name: z.string() }),
  section: z.string(),
  date: z.string(),
  period: z.number().int(),
  teacher: teacherWire,
});

const ref = ({ id, ...rest }: { id: string; name: string }) => ({ _id: id, ...rest });

const routineToWire = (routine: ClassRoutine, week: Awaited<ReturnType<typeof readWeek>>) => ({
  class: { _id: routine.class.id, name: routine.class.name, sections: routine.class.sections },
  section: routine.section,
  date: routine.date,
  weekday: routine.weekday,
  ...week,
  slots: routine.slots.map((slot) => ({
    ...slot,
    teacher: slot.teacher ? ref(slot.teacher) : null,
    substitute: slot.substitute
      ? { _id: slot.substitute.id, name: slot.substitute.name, substituteId: slot.substitute.substituteId }
      : null,
  })),
});

const substituteToWire = ({ id, ...s }: Substitute) => ({
  _id: id,
  ...s,
  class: ref(s.class),
  teacher: ref(s.teacher),
});

const sectionField = z.string().max(20, "must be at most 20 characters").optional().default("");
const dateQuery = dateText.optional();

export const routineEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/routines/week"],
    summary: "The institute's periods (number, start and end time, break or not) and school days",
    tag,
    access: "anyone",
    sharedView: everyone,
    response: weekWire,
    handle: ({ services }) => readWeek(services.db),
  }),
  endpoint({
    method: "PUT",
    paths: ["/routines/week"],
    summary:
      "Set the periods (all of them, times as HH:MM, not overlapping) and the school days (saturday ... friday)",
    tag,
    access: "admin",
    body: weekInput,
    response: weekWire,
    handle: ({ services, actor, body }) => saveWeek(services.db, actor, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/routines/classes/:id"],
    summary:
      "A class's week (of GET /results/classes; `section` for a class with sections), with the substitutes " +
      "of `date` (YYYY-MM-DD, today in Dhaka when left out) on that date's weekday",
    tag,
    access: "anyone",
    sharedView: everyone,
    params: idParams,
    query: z.strictObject({ section: sectionField, date: dateQuery }),
    response: routineWire,
    errors: { "404": "No such class" },
    handle: async ({ services, params, query }) => {
      const routine = await classRoutine(services.db, params.id, query.section, query.date ?? dhakaToday());
      return routineToWire(routine, await readWeek(services.db));
    },
  }),
  endpoint({
    method: "PUT",
    paths: ["/routines/classes/:id"],
    summary:
      "Replace a class and section's week: every slot (day, period, subject, teacher id, room). A teacher or a " +
      "room already used by another class at that day and period is refused (409), every clash at once: each " +
      "on the slot's field `slots.N.teacher` or `slots.N.room`, naming the teacher or room, the day, the period " +
      "and the other class (one clash is also the message; more are counted there, routine.clashes); nothing " +
      "is saved then.",
    tag,
    access: "admin",
    params: idParams,
    query: z.strictObject({ section: sectionField }),
    body: routineInput,
    response: routineWire,
    errors: { "404": "No such class", "409": "A teacher or a room is elsewhere at that day and period" },
    handle: async ({ services, actor, params, query, body }) => {
      await saveRoutine(services.db, actor, params.id, query.section, body);
      const routine = await classRoutine(services.db, params.id, query.section, dhakaToday());
      return routineToWire(routine, await readWeek(services.db));
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/routines/teachers/:id"],
    summary:
      "A teacher's week (an approved teacher of GET /teacher/teachers), and on `date` (today in Dhaka when left out) " +
      "the classes they take as a substitute and those of theirs another teacher takes",
    tag,
    access: "anyone",
    sharedView: everyone,
    params: idParams,
    query: z.strictObject({ date: dateQuery }),
    response: teacherRoutineWire,
    errors: { "404": "No such teacher" },
    handle: async ({ services, params, query }) => {
      const found = await teacherRoutine(services.db, params.id, query.date ?? dhakaToday());
      return {
        ...found,
        ...(await readWeek(services.db)),
        teacher: ref(found.teacher),
        slots: found.slots.map((slot) => ({
          ...slot,
          class: ref(slot.class),
          replacedBy: slot.replacedBy ? ref(slot.replacedBy) : null,
        })),
      };
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/routines/substitutes"],
    summary: "The substitutes of `date`, or of every date from today (in Dhaka) on",
    tag,
    access: "anyone",
    sharedView: everyone,
    query: z.strictObject({ date: dateQuery }),
    response: z.array(substituteWire),
    handle: async ({ services, query }) =>
      (await listSubstitutes(services.db, query.date, dhakaToday())).map(substituteToWire),
  }),
  endpoint({
    method: "POST",
    paths: ["/routines/substitutes"],
    summary:
      "Another teacher takes a class's period on a date. Refused when the class has no class then (400, " +
      "`period`), or the teacher is elsewhere then (409, `teacher`: their own class or another substitution)",
    tag,
    access: "admin",
    body: substituteInput,
    status: 201,
    responseHeaders: ["Location"],
    response: substituteWire,
    errors: {
      "404": "No such class",
      "409": "The teacher is elsewhere then, or the period already has a substitute",
    },
    handle: async ({ services, actor, body }) => {
      const made = await addSubstitute(services.db, actor, body);
      return new Answer(substituteToWire(made), { Location: `/api/routines/substitutes/${made.id}` });
    },
  }),
  endpoint({
    method: "DELETE",
    paths: ["/routines/substitutes/:id"],
    summary: "Remove a substitute: the usual teacher takes the class again",
    tag,
    access: "admin",
    params: idParams,
    response: deleted,
    errors: { "404": "No such substitute" },
    handle: async ({ services, actor, params }) => {
      await deleteSubstitute(services.db, actor, params.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  }),
];
