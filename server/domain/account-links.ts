// Account links: an account linked to an enrolled student, as the student or a guardian, sees the
// student's marksheets in the profile.
import { eq, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import type { Database } from "../db/client";
import { type EnrolmentRelation, enrolmentAccounts, enrolments, schoolClasses, users } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError, notFound } from "./errors";

/**
 * Links an account to an enrolled student: the student's own account (whose profile then carries
 * the class and roll) or a guardian's. Either then sees the student's marksheets in the profile.
 */
export async function linkAccount(
  db: Database,
  actor: Actor,
  enrolmentId: string,
  input: { email: string; relation: EnrolmentRelation },
): Promise<{ linked: true }> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(enrolmentId)) throw notFound("enrolment");
  const [enrolment] = await db
    .select({
      id: enrolments.id,
      roll: enrolments.roll,
      name: enrolments.name,
      className: schoolClasses.name,
    })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(eq(enrolments.id, enrolmentId));
  if (!enrolment) throw notFound("enrolment");
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!account) {
    throw DomainError.ofField("invalid", "email", problem("exam.notAccount"));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(enrolmentAccounts)
      .values({ enrolmentId: enrolment.id, userId: account.id, relation: input.relation })
      .onConflictDoUpdate({
        target: [enrolmentAccounts.enrolmentId, enrolmentAccounts.userId],
        set: { relation: input.relation },
      });
    if (input.relation === "student") {
      await tx
        .update(users)
        .set({ className: enrolment.className.slice(0, 30), rollNumber: enrolment.roll })
        .where(eq(users.id, account.id));
    }
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: account.id,
      label: `${input.email} linked to ${enrolment.name} (${enrolment.className}, roll ${enrolment.roll}) as ${input.relation}`,
    });
  });
  return { linked: true };
}
