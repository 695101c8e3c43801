// The class routine: the institute's periods and school days, each class and section's week
// (day × period → subject, teacher, room) and substitute teachers for a date. Everyone reads it;
// admins change it. A save that would put one teacher, or one room, in two places at once is
// refused naming every clash, and nothing is saved.

import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { englishFields } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import {
  defaultSchoolDays,
  type RoutineInput,
  type Weekday,
  type WeekInput,
  weekdayOf,
  weekdays,
} from "../../common/schemas/routines";
import type { Database } from "../db/client";
import { sqlStateOf } from "../db/database-errors";
import {
  routinePeriods,
  routineSettings,
  routineSlots,
  routineSubstitutes,
  schoolClasses,
  teachers,
} from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";

export type Period = { number: number; start: string; end: string; break: boolean };
export type Week = { periods: Period[]; days: Weekday[] };
export type TeacherRef = { id: string; name: string };

/** One class of a class's week, with the substitute taking it on the date asked about. */
export type RoutineSlot = {
  day: Weekday;
  period: number;
  subject: string;
  teacher: TeacherRef | null;
  room: string;
  substitute: (TeacherRef & { id: string; substituteId: string }) | null;
};

export type ClassRoutine = {
  class: { id: string; name: string; sections: string[] };
  section: string;
  /** The date the substitutes are for (YYYY-MM-DD), and its weekday. */
  date: string;
  weekday: Weekday;
  slots: RoutineSlot[];
};

/** One class a teacher takes in the week, or on the date as a substitute. */
export type TeacherSlot = {
  day: Weekday;
  period: number;
  class: { id: string; name: string };
  section: string;
  subject: string;
  room: string;
  /** Taken on the date by a substitute for the usual teacher. */
  asSubstitute: boolean;
  /** On the date, another teacher takes this class instead. */
  replacedBy: TeacherRef | null;
};

/** A teacher or a room already elsewhere at a day and period: `other` is the class (and section) holding them. */
export type Clash = { what: "teacher" | "room"; name: string; day: Weekday; period: number; other: string };

const clashProblem = (clash: Clash) =>
  problem(clash.what === "teacher" ? "routine.teacherBusy" : "routine.roomBusy", {
    name: clash.name,
    other: clash.other,
    day: clash.day,
    period: clash.period,
  });

/**
 * A save's clashes, every one of them (a week is fixed in one go, not one clash a save): each on
 * its field, kept as parameters too so the dashboard says it in Bangla. One clash is the answer's
 * message; more are counted there ("The week has 3 clashes").
 */
export class RoutineClash extends DomainError {
  readonly clashes: Clash[];
  constructor(found: { clash: Clash; field: string }[]) {
    const fields = Object.fromEntries(found.map(({ clash, field }) => [field, clashProblem(clash)]));
    const [only] = found;
    super(
      "conflict",
      found.length === 1 && only
        ? clashProblem(only.clash)
        : problem("routine.clashes", { count: found.length }),
      fields,
    );
    this.name = "RoutineClash";
    this.clashes = found.map(({ clash }) => clash);
  }
}

/** Every field's problem at once: one names its field in the message, more are listed. */
function refusedFields(fields: Record<string, Problem>): DomainError {
  const entries = Object.entries(fields);
  const [first] = entries;
  if (entries.length === 1 && first) return DomainError.ofField("invalid", first[0], first[1]);
  const list = Object.entries(englishFields(fields))
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return new DomainError(
    "invalid",
    problem("request.invalidPart", { where: "body" }),
    fields,
    `Invalid body: ${list}`,
  );
}

/** The audit entry of the periods and days: not a record with an id of its own. */
const weekSubjectId = "00000000-0000-0000-0000-000000000000";

export const classLabel = (name: string, section: string) => (section ? `${name} (${section})` : name);

export const invalid = (field: string, found: Problem) => DomainError.ofField("invalid", field, found);

/**
 * Whether a unique index refused a row (Postgres 23505, wrapped or not): a save made at the same
 * moment took the teacher, the room or the period first, after the clash check had read.
 */
export const takenMeanwhile = (error: unknown): boolean => sqlStateOf(error) === "23505";

export const raced = (field: string) => {
  return DomainError.ofField("conflict", field, problem("routine.savedMeanwhile"));
};

/** The periods in order and the school days, Saturday first (Saturday to Thursday if never set). */
export async function readWeek(db: DatabaseOrTransaction): Promise<Week> {
  const [periods, [settings]] = await Promise.all([
    db.select().from(routinePeriods).orderBy(asc(routinePeriods.number)),
    db.select({ days: routineSettings.days }).from(routineSettings),
  ]);
  const days = settings?.days ?? defaultSchoolDays;
  return {
    periods: periods.map((p) => ({ number: p.number, start: p.startsAt, end: p.endsAt, break: p.isBreak })),
    days: weekdays.filter((day) => days.includes(day)),
  };
}

/** Sets the periods (all of them) and the school days. Slots of a period or day that is gone stay stored but are not shown. */
export async function saveWeek(db: Database, actor: Actor, input: WeekInput): Promise<Week> {
  const admin = requireAdmin(actor);
  await db.transaction(async (tx) => {
    await tx.delete(routinePeriods);
    await tx
      .insert(routinePeriods)
      .values(
        input.periods.map((p) => ({ number: p.number, startsAt: p.start, endsAt: p.end, isBreak: p.break })),
      );
    await tx
      .insert(routineSettings)
      .values({ id: 1, days: input.days })
      .onConflictDoUpdate({ target: routineSettings.id, set: { days: input.days } });
    await recordAudit(tx, admin, {
      action: "update",
      subject: "routine",
      subjectId: weekSubjectId,
      label: "Periods and school days",
    });
  });
  return readWeek(db);
}

export async function classOf(db: DatabaseOrTransaction, classId: string, section: string) {
  if (!uuidPattern.test(classId)) throw notFound("class");
  const [row] = await db
    .select({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .where(eq(schoolClasses.id, classId));
  if (!row) throw notFound("class");
  const known = row.sections.find((s) => s.toLowerCase() === section.toLowerCase());
  if (row.sections.length === 0 ? section !== "" : known === undefined) {
    throw invalid(
      "section",
      row.sections.length === 0
        ? problem("routine.noSections")
        : problem("routine.section", { sections: row.sections.join(", ") }),
    );
  }
  return { ...row, section: known ?? "" };
}

/** The approved teachers among these ids, by id (a pending record is not shown to visitors). */
export async function teachersNamed(db: DatabaseOrTransaction, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(and(inArray(teachers.id, ids), eq(teachers.status, "approved")));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The approved teachers who teach a period of the week, by name: the routine page's links (a
 * teacher with no period has no week to show, and a school's whole staff would be a long list).
 */
export async function teachersOfTheWeek(db: DatabaseOrTransaction): Promise<TeacherRef[]> {
  return db
    .selectDistinct({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .innerJoin(routineSlots, eq(routineSlots.teacherId, teachers.id))
    .where(eq(teachers.status, "approved"))
    .orderBy(asc(teachers.name), asc(teachers.id));
}

/** The approved teachers, by name: the routine editor's choices. */
export async function routineTeachers(db: DatabaseOrTransaction): Promise<TeacherRef[]> {
  return db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(eq(teachers.status, "approved"))
    .orderBy(asc(teachers.name));
}

/** A class and section's week, with the substitutes of `date` (YYYY-MM-DD) on its weekday. */
export async function classRoutine(
  db: DatabaseOrTransaction,
  classId: string,
  section: string,
  date: string,
): Promise<ClassRoutine> {
  const found = await classOf(db, classId, section);
  const substituteTeachers = sql`(select name from ${teachers} where ${teachers.id} = ${routineSubstitutes.teacherId})`;
  const [slots, substitutes] = await Promise.all([
    db
      .select({
        day: routineSlots.day,
        period: routineSlots.period,
        subject: routineSlots.subject,
        teacherId: routineSlots.teacherId,
        teacherName: teachers.name,
        teacherStatus: teachers.status,
        room: routineSlots.room,
      })
      .from(routineSlots)
      .leftJoin(teachers, eq(teachers.id, routineSlots.teacherId))
      .where(and(eq(routineSlots.classId, found.id), eq(routineSlots.section, found.section))),
    db
      .select({
        id: routineSubstitutes.id,
        period: routineSubstitutes.period,
        teacherId: routineSubstitutes.teacherId,
        name: sql<string>`${substituteTeachers}`,
      })
      .from(routineSubstitutes)
      .where(
        and(
          eq(routineSubstitutes.classId, found.id),
          eq(routineSubstitutes.section, found.section),
          eq(routineSubstitutes.date, date),
        ),
      ),
  ]);
  const weekday = weekdayOf(date);
  const dayOrder = (day: Weekday) => weekdays.indexOf(day);
  return {
    class: { id: found.id, name: found.name, sections: found.sections },
    section: found.section,
    date,
    weekday,
    slots: slots
      .sort((a, b) => dayOrder(a.day) - dayOrder(b.day) || a.period - b.period)
      .map((slot) => {
        const substitute =
          slot.day === weekday ? substitutes.find((s) => s.period === slot.period) : undefined;
        return {
          day: slot.day,
          period: slot.period,
          subject: slot.subject,
          teacher:
            slot.teacherId && slot.teacherName && slot.teacherStatus === "approved"
              ? { id: slot.teacherId, name: slot.teacherName }
              : null,
          room: slot.room,
          substitute: substitute
            ? { id: substitute.teacherId, name: substitute.name, substituteId: substitute.id }
            : null,
        };
      }),
  };
}

/** Replaces a class and section's week; refused, with nothing saved, on a clash. */
export async function saveRoutine(
  db: Database,
  actor: Actor,
  classId: string,
  section: string,
  input: RoutineInput,
): Promise<void> {
  const admin = requireAdmin(actor);
  const saving = db.transaction(async (tx) => {
    const found = await classOf(tx, classId, section);
    const week = await readWeek(tx);
    const seen = new Set<string>();
    const teacherIds = [...new Set(input.slots.flatMap((slot) => (slot.teacher ? [slot.teacher] : [])))];
    const names = await teachersNamed(tx, teacherIds);
    // Every slot not in the week, named at once.
    const refused: Record<string, Problem> = {};
    input.slots.forEach((slot, i) => {
      const period = week.periods.find((p) => p.number === slot.period);
      if (!period) refused[`slots.${i}.period`] = problem("routine.notPeriod");
      else if (period.break) refused[`slots.${i}.period`] = problem("routine.breakPeriod");
      if (!week.days.includes(slot.day)) refused[`slots.${i}.day`] = problem("routine.notSchoolDay");
      const key = `${slot.day} ${slot.period}`;
      if (seen.has(key)) refused[`slots.${i}`] = problem("routine.repeatedSlot");
      seen.add(key);
      if (slot.teacher && !names.has(slot.teacher))
        refused[`slots.${i}.teacher`] = problem("routine.notTeacher");
    });
    if (Object.keys(refused).length > 0) throw refusedFields(refused);
    // Every other class's slots at the days and periods used, to name a clash.
    const others = input.slots.length
      ? await tx
          .select({
            day: routineSlots.day,
            period: routineSlots.period,
            teacherId: routineSlots.teacherId,
            room: routineSlots.room,
            className: schoolClasses.name,
            section: routineSlots.section,
          })
          .from(routineSlots)
          .innerJoin(schoolClasses, eq(schoolClasses.id, routineSlots.classId))
          .where(or(ne(routineSlots.classId, found.id), ne(routineSlots.section, found.section)))
      : [];
    // Every clash, each on its slot's field.
    const clashes: { clash: Clash; field: string }[] = [];
    input.slots.forEach((slot, i) => {
      const same = others.filter((o) => o.day === slot.day && o.period === slot.period);
      const at = { day: slot.day, period: slot.period };
      const teacherClash = slot.teacher ? same.find((o) => o.teacherId === slot.teacher) : undefined;
      if (teacherClash && slot.teacher) {
        const other = classLabel(teacherClash.className, teacherClash.section);
        const name = names.get(slot.teacher) ?? "";
        clashes.push({ clash: { what: "teacher", name, other, ...at }, field: `slots.${i}.teacher` });
      }
      const room = slot.room.toLowerCase();
      const roomClash = room ? same.find((o) => o.room.toLowerCase() === room) : undefined;
      if (roomClash) {
        const other = classLabel(roomClash.className, roomClash.section);
        clashes.push({ clash: { what: "room", name: slot.room, other, ...at }, field: `slots.${i}.room` });
      }
    });
    if (clashes.length > 0) throw new RoutineClash(clashes);
    await tx
      .delete(routineSlots)
      .where(and(eq(routineSlots.classId, found.id), eq(routineSlots.section, found.section)));
    if (input.slots.length) {
      await tx.insert(routineSlots).values(
        input.slots.map((slot) => ({
          classId: found.id,
          section: found.section,
          day: slot.day,
          period: slot.period,
          subject: slot.subject,
          teacherId: slot.teacher,
          room: slot.room,
        })),
      );
    }
    await recordAudit(tx, admin, {
      action: "update",
      subject: "routine",
      subjectId: found.id,
      label: `Routine of ${classLabel(found.name, found.section)}`,
    });
  });
  await saving.catch((error) => {
    throw takenMeanwhile(error) ? raced("slots") : error;
  });
}

/** A teacher's week, with what changes on `date`: classes they take as a substitute, and theirs someone else takes. */
export async function teacherRoutine(
  db: DatabaseOrTransaction,
  teacherId: string,
  date: string,
): Promise<{ teacher: TeacherRef; date: string; weekday: Weekday; slots: TeacherSlot[] }> {
  if (!uuidPattern.test(teacherId)) throw notFound("teacher");
  const name = (await teachersNamed(db, [teacherId])).get(teacherId);
  if (name === undefined) throw notFound("teacher");
  const weekday = weekdayOf(date);
  const [own, covered, taken] = await Promise.all([
    db
      .select({
        day: routineSlots.day,
        period: routineSlots.period,
        classId: routineSlots.classId,
        className: schoolClasses.name,
        section: routineSlots.section,
        subject: routineSlots.subject,
        room: routineSlots.room,
      })
      .from(routineSlots)
      .innerJoin(schoolClasses, eq(schoolClasses.id, routineSlots.classId))
      .where(eq(routineSlots.teacherId, teacherId)),
    // Substitutes on the date for any class (some of them cover this teacher's).
    db
      .select({
        classId: routineSubstitutes.classId,
        section: routineSubstitutes.section,
        period: routineSubstitutes.period,
        teacherId: routineSubstitutes.teacherId,
        name: teachers.name,
      })
      .from(routineSubstitutes)
      .innerJoin(teachers, eq(teachers.id, routineSubstitutes.teacherId))
      .where(eq(routineSubstitutes.date, date)),
    // The classes this teacher takes on the date as a substitute.
    db
      .select({
        period: routineSubstitutes.period,
        classId: routineSubstitutes.classId,
        className: schoolClasses.name,
        section: routineSubstitutes.section,
        subject: routineSlots.subject,
        room: routineSlots.room,
      })
      .from(routineSubstitutes)
      .innerJoin(schoolClasses, eq(schoolClasses.id, routineSubstitutes.classId))
      .innerJoin(
        routineSlots,
        and(
          eq(routineSlots.classId, routineSubstitutes.classId),
          eq(routineSlots.section, routineSubstitutes.section),
          eq(routineSlots.period, routineSubstitutes.period),
          eq(routineSlots.day, weekday),
        ),
      )
      .where(and(eq(routineSubstitutes.teacherId, teacherId), eq(routineSubstitutes.date, date))),
  ]);
  const slots: TeacherSlot[] = [
    ...own.map((slot) => {
      const cover =
        slot.day === weekday
          ? covered.find(
              (c) => c.classId === slot.classId && c.section === slot.section && c.period === slot.period,
            )
          : undefined;
      return {
        day: slot.day,
        period: slot.period,
        class: { id: slot.classId, name: slot.className },
        section: slot.section,
        subject: slot.subject,
        room: slot.room,
        asSubstitute: false,
        replacedBy: cover ? { id: cover.teacherId, name: cover.name } : null,
      };
    }),
    ...taken.map((slot) => ({
      day: weekday,
      period: slot.period,
      class: { id: slot.classId, name: slot.className },
      section: slot.section,
      subject: slot.subject,
      room: slot.room,
      asSubstitute: true,
      replacedBy: null,
    })),
  ].sort((a, b) => weekdays.indexOf(a.day) - weekdays.indexOf(b.day) || a.period - b.period);
  return { teacher: { id: teacherId, name }, date, weekday, slots };
}
