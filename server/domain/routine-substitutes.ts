// Substitute teachers: another teacher takes a class's period on one date, and the routine for
// that date shows them. Admins add and remove them; the teacher must be free that period.
import { and, asc, eq, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import { type SubstituteInput, weekdayOf } from "../../common/schemas/routines";
import type { Database } from "../db/client";
import { routineSlots, routineSubstitutes, schoolClasses, teachers } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";
import {
  classLabel,
  classOf,
  invalid,
  RoutineClash,
  raced,
  type TeacherRef,
  takenMeanwhile,
  teachersNamed,
} from "./routines";

export type Substitute = {
  id: string;
  class: { id: string; name: string };
  section: string;
  date: string;
  period: number;
  teacher: TeacherRef;
};

/** The substitutes of a date, or of every date from today on. */
export async function listSubstitutes(
  db: DatabaseOrTransaction,
  date?: string,
  from?: string,
): Promise<Substitute[]> {
  const rows = await db
    .select({
      id: routineSubstitutes.id,
      classId: routineSubstitutes.classId,
      className: schoolClasses.name,
      section: routineSubstitutes.section,
      date: routineSubstitutes.date,
      period: routineSubstitutes.period,
      teacherId: routineSubstitutes.teacherId,
      teacherName: teachers.name,
    })
    .from(routineSubstitutes)
    .innerJoin(schoolClasses, eq(schoolClasses.id, routineSubstitutes.classId))
    .innerJoin(teachers, eq(teachers.id, routineSubstitutes.teacherId))
    .where(
      date
        ? eq(routineSubstitutes.date, date)
        : from
          ? sql`${routineSubstitutes.date} >= ${from}`
          : undefined,
    )
    .orderBy(asc(routineSubstitutes.date), asc(schoolClasses.position), asc(routineSubstitutes.period))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    class: { id: row.classId, name: row.className },
    section: row.section,
    date: row.date,
    period: row.period,
    teacher: { id: row.teacherId, name: row.teacherName },
  }));
}

/**
 * Another teacher takes a class's period on a date. Refused when the class has no class then,
 * the teacher is its usual one, or they are elsewhere then (their own class, not itself covered,
 * or another substitution).
 */
export async function addSubstitute(db: Database, actor: Actor, input: SubstituteInput): Promise<Substitute> {
  const admin = requireAdmin(actor);
  const adding = db.transaction(async (tx) => {
    const found = await classOf(tx, input.class, input.section);
    const weekday = weekdayOf(input.date);
    const name = (await teachersNamed(tx, [input.teacher])).get(input.teacher);
    if (name === undefined) throw invalid("teacher", problem("routine.notTeacher"));
    const [slot] = await tx
      .select({ teacherId: routineSlots.teacherId })
      .from(routineSlots)
      .where(
        and(
          eq(routineSlots.classId, found.id),
          eq(routineSlots.section, found.section),
          eq(routineSlots.day, weekday),
          eq(routineSlots.period, input.period),
        ),
      );
    if (!slot) throw invalid("period", problem("routine.noClassThen"));
    if (slot.teacherId === input.teacher) throw invalid("teacher", problem("routine.ownTeacher"));
    const [already] = await tx
      .select({ id: routineSubstitutes.id })
      .from(routineSubstitutes)
      .where(
        and(
          eq(routineSubstitutes.classId, found.id),
          eq(routineSubstitutes.section, found.section),
          eq(routineSubstitutes.date, input.date),
          eq(routineSubstitutes.period, input.period),
        ),
      );
    if (already) {
      throw DomainError.ofField("conflict", "period", problem("routine.substituteExists"));
    }
    // Where the teacher is then: their own class (unless someone covers it), or another substitution.
    const [own] = await tx
      .select({ classId: routineSlots.classId, className: schoolClasses.name, section: routineSlots.section })
      .from(routineSlots)
      .innerJoin(schoolClasses, eq(schoolClasses.id, routineSlots.classId))
      .where(
        and(
          eq(routineSlots.teacherId, input.teacher),
          eq(routineSlots.day, weekday),
          eq(routineSlots.period, input.period),
          sql`not exists (select 1 from ${routineSubstitutes} where ${routineSubstitutes.classId} = ${routineSlots.classId}
            and ${routineSubstitutes.section} = ${routineSlots.section} and ${routineSubstitutes.date} = ${input.date}
            and ${routineSubstitutes.period} = ${routineSlots.period})`,
        ),
      );
    const [elsewhere] = own
      ? [own]
      : await tx
          .select({
            classId: routineSubstitutes.classId,
            className: schoolClasses.name,
            section: routineSubstitutes.section,
          })
          .from(routineSubstitutes)
          .innerJoin(schoolClasses, eq(schoolClasses.id, routineSubstitutes.classId))
          .where(
            and(
              eq(routineSubstitutes.teacherId, input.teacher),
              eq(routineSubstitutes.date, input.date),
              eq(routineSubstitutes.period, input.period),
            ),
          );
    if (elsewhere) {
      throw new RoutineClash([
        {
          clash: {
            what: "teacher",
            name,
            day: weekday,
            period: input.period,
            other: classLabel(elsewhere.className, elsewhere.section),
          },
          field: "teacher",
        },
      ]);
    }
    const [made] = await tx
      .insert(routineSubstitutes)
      .values({
        classId: found.id,
        section: found.section,
        date: input.date,
        period: input.period,
        teacherId: input.teacher,
      })
      .returning({ id: routineSubstitutes.id });
    if (!made) throw new Error("the substitute was not stored");
    await recordAudit(tx, admin, {
      action: "create",
      subject: "routine",
      subjectId: found.id,
      label: `Substitute ${name} for ${classLabel(found.name, found.section)} on ${input.date}, period ${input.period}`,
    });
    return made.id;
  });
  const id = await adding.catch((error) => {
    throw takenMeanwhile(error) ? raced("teacher") : error;
  });
  const [made] = (await listSubstitutes(db, input.date)).filter((s) => s.id === id);
  if (!made) throw notFound("substitute");
  return made;
}

export async function deleteSubstitute(db: Database, actor: Actor, id: string): Promise<void> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(id)) throw notFound("substitute");
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(routineSubstitutes).where(eq(routineSubstitutes.id, id)).returning({
      classId: routineSubstitutes.classId,
      date: routineSubstitutes.date,
      period: routineSubstitutes.period,
    });
    if (!gone) throw notFound("substitute");
    await recordAudit(tx, admin, {
      action: "delete",
      subject: "routine",
      subjectId: gone.classId,
      label: `Substitute on ${gone.date}, period ${gone.period}`,
    });
  });
}
