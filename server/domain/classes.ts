// The institute's classes (Six, Seven, ... Alim): their order and sections. An exam, a routine and
// an enrolment each belong to one.
import { asc, eq, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import type { Database } from "../db/client";
import { schoolClasses } from "../db/schema";
import type { DatabaseOrTransaction } from "../db/transaction";
import { type Actor, requireAdmin } from "./actor";
import { DomainError, notFound } from "./errors";

export type SchoolClass = { id: string; name: string; sections: string[] };

export async function listClasses(db: Database): Promise<SchoolClass[]> {
  return await db
    .select({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .orderBy(asc(schoolClasses.position), asc(schoolClasses.name));
}

const classTaken = () => {
  return DomainError.ofField("conflict", "name", problem("exam.className"));
};

/** Adds a class at the end of the list, or (with an id) renames it and sets its sections. */
export async function saveClass(
  db: Database,
  actor: Actor,
  input: { name: string; sections: string[] },
  id?: string,
): Promise<SchoolClass> {
  requireAdmin(actor);
  if (id !== undefined && !uuidPattern.test(id)) throw notFound("class");
  const [same] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${input.name})`);
  if (same && same.id !== id) throw classTaken();
  if (id === undefined) {
    const [last] = await db
      .select({ position: sql<number>`coalesce(max(${schoolClasses.position}), 0)` })
      .from(schoolClasses);
    const [made] = await db
      .insert(schoolClasses)
      .values({ name: input.name, sections: input.sections, position: Number(last?.position ?? 0) + 1 })
      .returning({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections });
    if (!made) throw new Error("the class was not stored");
    return made;
  }
  const [changed] = await db
    .update(schoolClasses)
    .set({ name: input.name, sections: input.sections })
    .where(eq(schoolClasses.id, id))
    .returning({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections });
  if (!changed) throw notFound("class");
  return changed;
}

/** A class's id by its name, any case; an unknown name is refused on the field "class". */
export async function classIdOf(db: DatabaseOrTransaction, name: string): Promise<string> {
  const [row] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${name})`);
  if (!row) {
    throw DomainError.ofField("invalid", "class", problem("exam.classOfList"));
  }
  return row.id;
}
