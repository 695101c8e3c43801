// The register's list: a search by name (English or Bangla), registration, roll or birth
// registration number, filters by session, class, section and status, a page at a time. Each child
// is shown with their enrolment in the session asked for, or their newest one.
import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Gender, RegisterStatus } from "../../../common/people";
import type { RegisterQuery } from "../../../common/schemas/register";
import { asciiDigits } from "../../../common/text-rules";
import type { Database } from "../../db/client";
import { likePattern } from "../../db/like";
import { enrolments, registerGuardians, registerStudents, schoolClasses } from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";

export type RegisterRow = {
  id: string;
  name: string;
  nameBn: string;
  gender: Gender | null;
  status: RegisterStatus;
  dateOfBirth: string | null;
  /** The enrolment of the session asked for, or the newest; null when never enrolled. */
  enrolment: {
    session: string;
    class: string;
    section: string | null;
    roll: string;
    registration: string;
  } | null;
  guardians: number;
};

export type RegisterPage = { children: RegisterRow[]; total: number; page: number; pages: number };

export async function listRegister(db: Database, actor: Actor, query: RegisterQuery): Promise<RegisterPage> {
  requireAdmin(actor);
  const session = query.session || undefined;
  const className = query.class?.trim() || undefined;
  const section = query.section?.trim() || undefined;
  const placed = Boolean(session || className || section);
  // The session's enrolment, or (with no session asked for) the newest.
  const enrolmentOn = and(
    eq(enrolments.registerStudentId, registerStudents.id),
    session
      ? eq(enrolments.session, session)
      : sql`${enrolments.session} = (select max(e2.session) from ${enrolments} e2 where e2.register_student_id = ${registerStudents.id})`,
  );
  const filters: (SQL | undefined)[] = [
    query.status ? eq(registerStudents.status, query.status) : undefined,
    className ? sql`lower(${schoolClasses.name}) = lower(${className})` : undefined,
    section ? sql`lower(${enrolments.section}) = lower(${section})` : undefined,
  ];
  const q = query.q?.trim();
  if (q) {
    const digits = asciiDigits(q).replace(/[\s-]/g, "");
    const byNumber = /^[0-9]{1,20}$/.test(digits)
      ? [
          eq(registerStudents.birthRegistration, digits),
          sql`exists (select 1 from ${enrolments} e3 where e3.register_student_id = ${registerStudents.id} and (e3.registration = ${digits} or (e3.roll = ${digits}${session ? sql` and e3.session = ${session}` : sql``})))`,
        ]
      : [];
    const pattern = likePattern(q);
    filters.push(
      or(ilike(registerStudents.name, pattern), ilike(registerStudents.nameBn, pattern), ...byNumber),
    );
  }
  const where = and(...filters.filter((f): f is SQL => f !== undefined));
  const base = () => {
    const from = db.select({ n: count() }).from(registerStudents);
    return placed
      ? from
          .innerJoin(enrolments, enrolmentOn)
          .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
      : from
          .leftJoin(enrolments, enrolmentOn)
          .leftJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId));
  };
  const [counted] = await base().where(where);
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const page = Math.min(query.page, pages);
  const select = db
    .select({
      id: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      gender: registerStudents.gender,
      status: registerStudents.status,
      dateOfBirth: registerStudents.dateOfBirth,
      session: enrolments.session,
      class: schoolClasses.name,
      section: enrolments.section,
      roll: enrolments.roll,
      registration: enrolments.registration,
      guardians: sql<number>`(select count(*) from ${registerGuardians} g where g.register_student_id = ${registerStudents.id})`,
    })
    .from(registerStudents);
  const joined = placed
    ? select
        .innerJoin(enrolments, enrolmentOn)
        .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    : select
        .leftJoin(enrolments, enrolmentOn)
        .leftJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId));
  // A class's list reads in roll order (2 before 10); otherwise by name.
  const order = className
    ? [
        asc(enrolments.section),
        asc(sql`length(${enrolments.roll})`),
        asc(enrolments.roll),
        asc(registerStudents.name),
      ]
    : [asc(registerStudents.name), asc(registerStudents.id)];
  const rows = await joined
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((page - 1) * query.limit);
  return {
    children: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameBn: row.nameBn,
      gender: row.gender ?? null,
      status: row.status,
      dateOfBirth: row.dateOfBirth,
      enrolment:
        row.session && row.class && row.roll && row.registration
          ? {
              session: row.session,
              class: row.class,
              section: row.section,
              roll: row.roll,
              registration: row.registration,
            }
          : null,
      guardians: Number(row.guardians),
    })),
    total,
    page,
    pages,
  };
}
