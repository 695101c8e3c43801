// Account links from an exam's enrolment: the account becomes the child's own (the student) or
// one of their guardians on the register, and sees the child's marksheets in the profile.
import { and, eq, ne, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import type { enrolmentRelations } from "../../common/schemas/results";
import type { Database } from "../db/client";
import { enrolments, registerGuardians, registerStudents, schoolClasses, users } from "../db/schema";
import { type Actor, requireAdmin, roleListWith } from "./actor";
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
  input: { email: string; relation: (typeof enrolmentRelations)[number] },
): Promise<{ linked: true }> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(enrolmentId)) throw notFound("enrolment");
  const [enrolment] = await db
    .select({
      id: enrolments.id,
      roll: enrolments.roll,
      name: enrolments.name,
      child: enrolments.registerStudentId,
      className: schoolClasses.name,
    })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(eq(enrolments.id, enrolmentId));
  if (!enrolment) throw notFound("enrolment");
  const [account] = await db
    .select({ id: users.id, name: users.name, role: users.role, phoneNumber: users.phoneNumber })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!account) {
    throw DomainError.ofField("invalid", "email", problem("exam.notAccount"));
  }
  await db.transaction(async (tx) => {
    // The link is to the child on the register, so it holds for every session's enrolment.
    if (input.relation === "student") {
      await tx
        .update(registerStudents)
        .set({ userId: null })
        .where(and(eq(registerStudents.userId, account.id), ne(registerStudents.id, enrolment.child)));
      await tx
        .update(registerStudents)
        .set({ userId: account.id })
        .where(eq(registerStudents.id, enrolment.child));
      await tx
        .update(users)
        .set({ className: enrolment.className.slice(0, 30), rollNumber: enrolment.roll })
        .where(eq(users.id, account.id));
    } else {
      await tx
        .insert(registerGuardians)
        .values({
          registerStudentId: enrolment.child,
          name: account.name,
          relation: "guardian",
          phone: account.phoneNumber,
          userId: account.id,
        })
        .onConflictDoNothing();
    }
    await tx
      .update(users)
      .set({ role: roleListWith(account.role, input.relation) })
      .where(eq(users.id, account.id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: account.id,
      label: `${input.email} linked to ${enrolment.name} (${enrolment.className}, roll ${enrolment.roll}) as ${input.relation}`,
    });
  });
  return { linked: true };
}
