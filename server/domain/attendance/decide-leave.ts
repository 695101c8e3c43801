// A teacher of the child's class (in the session of the leave's first day) or an admin answers a
// leave request: approved, the school days of the range are marked "leave" (a locked day's marks
// by an admin go into the audit trail, as any change of a locked day); refused, nothing is marked.
// A request of a child the teacher does not teach is "not found".
import { and, desc, eq, or, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { LeaveStatus } from "../../../common/schemas/attendance";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import { enrolments, leaveRequests, registerStudents, schoolClasses } from "../../db/schema";
import { type Actor, requireRole } from "../actor";
import { DomainError, notFound } from "../errors";
import { type ClassDay, teachesClass } from "./class-day";
import { daysBetween } from "./school-calendar";
import { writeMarks } from "./write-marks";

export async function decideLeave(
  db: Database,
  actor: Actor,
  id: string,
  status: Exclude<LeaveStatus, "requested">,
  now = new Date(),
): Promise<{ id: string; status: LeaveStatus; marked: number }> {
  const user = requireRole(actor, "teacher");
  if (!uuidPattern.test(id)) throw notFound("leaveRequest");
  const [request] = await db
    .select({
      id: leaveRequests.id,
      child: leaveRequests.registerStudentId,
      name: registerStudents.name,
      from: leaveRequests.from,
      to: leaveRequests.to,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .innerJoin(registerStudents, eq(registerStudents.id, leaveRequests.registerStudentId))
    .where(eq(leaveRequests.id, id));
  if (!request) throw notFound("leaveRequest");
  const year = request.from.slice(0, 4);
  const [placed] = await db
    .select({
      session: enrolments.session,
      classId: enrolments.classId,
      className: schoolClasses.name,
      sections: schoolClasses.sections,
      section: enrolments.section,
    })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(
      and(
        eq(enrolments.registerStudentId, request.child),
        or(
          eq(enrolments.session, year),
          sql`${enrolments.session} like ${`${year}-%`}`,
          sql`${enrolments.session} like ${`%-${year}`}`,
        ),
      ),
    )
    .orderBy(desc(enrolments.session))
    .limit(1);
  const section = placed?.section ?? "";
  if (placed === undefined && !user.isAdmin) throw notFound("leaveRequest");
  if (
    placed &&
    !(await teachesClass(db, user, { classId: placed.classId, section, session: placed.session }))
  ) {
    throw notFound("leaveRequest");
  }
  if (request.status !== "requested") throw new DomainError("conflict", problem("leave.decided"));
  const [decided] = await db
    .update(leaveRequests)
    .set({ status, decidedBy: user.id, decidedAt: now })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, "requested")))
    .returning({ id: leaveRequests.id });
  if (!decided) throw new DomainError("conflict", problem("leave.decided"));
  let marked = 0;
  if (status === "approved" && placed) {
    const today = dhakaToday(now);
    const days = await daysBetween(db, request.from, request.to, new Date(`${request.to}T12:00:00+06:00`));
    const mark = { child: request.child, name: request.name, section, status: "leave" as const };
    for (const day of days.filter((one) => one.kind === "school")) {
      // A teacher's approval marks the days from today on; an admin's the past ones too (audited).
      if (day.date < today && !user.isAdmin) continue;
      const classDay: ClassDay = {
        classId: placed.classId,
        className: placed.className,
        sections: placed.sections,
        section,
        session: placed.session,
        date: day.date,
      };
      marked += await writeMarks(db, user, classDay, 0, day.date < today ? "locked" : "open", [mark]);
    }
  }
  return { id, status, marked };
}
