// Who may see and change fees: admins and accountants manage them; a guardian reads their linked
// children's ledgers and receipts, a student their own; anyone else is refused (403), whether or
// not the child exists, so nobody learns who is on the register.
import { and, eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import { registerGuardians, registerStudents } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, holdsRole, requireRole, requireUser, type SignedInActor } from "../actor";
import { DomainError } from "../errors";

/** An admin or an accountant. */
export const requireFeeStaff = (actor: Actor): SignedInActor => requireRole(actor, "accountant");

export const isFeeStaff = (actor: Actor) => holdsRole(actor, "accountant");

const refused = () => new DomainError("forbidden", problem("auth.roleOnly"));

/** The staff, a guardian linked to the child, or the child's own account; 403 for anyone else. */
export async function requireChildReader(
  db: DatabaseOrTransaction,
  actor: Actor,
  childId: string,
): Promise<SignedInActor> {
  const user = requireUser(actor);
  if (isFeeStaff(actor)) return user;
  if (!uuidPattern.test(childId)) throw refused();
  const [asGuardian] = await db
    .select({ id: registerGuardians.id })
    .from(registerGuardians)
    .where(and(eq(registerGuardians.registerStudentId, childId), eq(registerGuardians.userId, user.id)))
    .limit(1);
  if (asGuardian) return user;
  const [own] = await db
    .select({ id: registerStudents.id })
    .from(registerStudents)
    .where(and(eq(registerStudents.id, childId), eq(registerStudents.userId, user.id)))
    .limit(1);
  if (own) return user;
  throw refused();
}
