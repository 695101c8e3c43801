// A guardian asks for leave for their child: from one day to another (today or later, at most 31
// days), with a reason. Another family's child is "not found", as a child who does not exist.
import { problem } from "../../../common/errors/problem";
import type { LeaveInput, LeaveStatus } from "../../../common/schemas/attendance";
import { dhakaToday } from "../../../common/schemas/routines";
import type { Database } from "../../db/client";
import { leaveRequests } from "../../db/schema";
import { type Actor, requireUser } from "../actor";
import { DomainError, notFound } from "../errors";
import { childOfAccount } from "../register/family";

export type LeaveRequest = {
  id: string;
  child: string;
  childName: string;
  from: string;
  to: string;
  reason: string;
  status: LeaveStatus;
  createdAt: string;
};

export async function requestLeave(
  db: Database,
  actor: Actor,
  childId: string,
  input: LeaveInput,
  now = new Date(),
): Promise<LeaveRequest> {
  const user = requireUser(actor);
  const child = await childOfAccount(db, actor, childId);
  // A guardian asks; a student's own account does not ask for themselves.
  if (child.relation === "self") throw notFound("child");
  if (input.from < dhakaToday(now)) {
    throw DomainError.ofField("invalid", "from", problem("leave.past", { date: input.from }));
  }
  const [made] = await db
    .insert(leaveRequests)
    .values({
      registerStudentId: child.id,
      from: input.from,
      to: input.to,
      reason: input.reason,
      requestedBy: user.id,
    })
    .returning();
  if (!made) throw new Error("the leave request was not stored");
  return {
    id: made.id,
    child: child.id,
    childName: child.name,
    from: made.from,
    to: made.to,
    reason: made.reason,
    status: made.status,
    createdAt: made.createdAt.toISOString(),
  };
}
