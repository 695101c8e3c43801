// Leave requests as each reader sees them: a guardian, those of their children; a teacher, those
// of the children of the classes they teach (in the session of each request's first day); an
// admin, every one. Waiting requests first, then the newest.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { enrolments, leaveRequests, registerStudents, teachingAssignments } from "../../db/schema";
import { type Actor, holdsRole, requireUser } from "../actor";
import { myChildren } from "../register/family";
import type { LeaveRequest } from "./request-leave";

export async function leaveRequestsFor(db: Database, actor: Actor): Promise<LeaveRequest[]> {
  const user = requireUser(actor);
  const own = (await myChildren(db, actor))
    .filter((child) => child.relation !== "self")
    .map((child) => child.id);
  // The children of the teacher's classes: an enrolment whose class (and section) they teach that session.
  const taught = holdsRole(actor, "teacher")
    ? sql`exists (select 1 from ${enrolments} join ${teachingAssignments}
        on ${teachingAssignments.session} = ${enrolments.session}
        and ${teachingAssignments.classId} = ${enrolments.classId}
        and (${teachingAssignments.section} = '' or ${teachingAssignments.section} = coalesce(${enrolments.section}, ''))
        where ${enrolments.registerStudentId} = ${leaveRequests.registerStudentId}
        and ${teachingAssignments.userId} = ${user.id}
        and (${enrolments.session} = left(${leaveRequests.from}::text, 4)
          or ${enrolments.session} like left(${leaveRequests.from}::text, 4) || '-%'
          or ${enrolments.session} like '%-' || left(${leaveRequests.from}::text, 4)))`
    : sql`false`;
  const rows = await db
    .select({
      id: leaveRequests.id,
      child: leaveRequests.registerStudentId,
      childName: registerStudents.name,
      from: leaveRequests.from,
      to: leaveRequests.to,
      reason: leaveRequests.reason,
      status: leaveRequests.status,
      createdAt: leaveRequests.createdAt,
    })
    .from(leaveRequests)
    .innerJoin(registerStudents, eq(registerStudents.id, leaveRequests.registerStudentId))
    .where(
      user.isAdmin
        ? undefined
        : or(own.length > 0 ? inArray(leaveRequests.registerStudentId, own) : sql`false`, and(taught)),
    )
    .orderBy(sql`${leaveRequests.status} = 'requested' desc`, desc(leaveRequests.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
