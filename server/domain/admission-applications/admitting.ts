// Admitting a selected applicant (docs/admission-applications.md, "Admitting"): in one transaction
// the child joins the register (name, date of birth, birth registration number, gender), with the
// application's guardians, enrolled in the applied class for the round's session with a roll (the
// class's next unless the office gives one) and the application's number as registration; the
// applying account is linked as the guardian whose phone it has (else the first) and becomes a
// guardian, so the child appears in their view. The application becomes admitted, told as any
// change. Admins.
import { and, eq, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import type { AdmitInput } from "../../../common/schemas/admission-applications";
import type { Database } from "../../db/client";
import { databaseErrorOf } from "../../db/database-errors";
import {
  admissionApplications,
  enrolments,
  registerGuardians,
  registerStudents,
  users,
} from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { listClasses } from "../classes";
import { DomainError, notFound } from "../errors";
import { writeEnrolment } from "../register/enrolment";
import { giveGuardianRole } from "../register/guardian-links";
import { classNamed } from "../register/placement";
import { type ApplicationView, applicationFor, viewOf } from "./applications";
import { roundById } from "./rounds";
import { recordMove, type StatusContext } from "./status";

export type Admitted = ApplicationView & {
  student: { id: string; class: string; session: string; roll: string; registration: string };
};

export async function admitApplicant(
  ctx: StatusContext,
  actor: Actor,
  id: string,
  input: AdmitInput,
): Promise<Admitted> {
  const admin = requireAdmin(actor);
  await applicationFor(ctx.db, actor, id, true);
  const student = await ctx.db
    .transaction(async (tx) => {
      const [application] = await tx
        .select()
        .from(admissionApplications)
        .where(eq(admissionApplications.id, id))
        .for("update");
      if (!application) throw notFound("application");
      if (application.status !== "selected") {
        const found = problem("admission.moveNotAllowed", { from: application.status, to: "admitted" });
        throw new DomainError("conflict", found, { status: found });
      }
      const round = await roundById(tx, application.roundId);
      const session = String(round.session);
      const schoolClass = classNamed(await listClasses(tx as unknown as Database), application.className);
      if (!schoolClass) {
        throw DomainError.ofField(
          "conflict",
          "class",
          problem("admission.classNotInSchool", { class: application.className }),
        );
      }
      const [child] = await tx
        .insert(registerStudents)
        .values({
          name: application.childName,
          nameBn: application.childNameBn,
          dateOfBirth: application.dateOfBirth,
          birthRegistration: application.birthRegistration,
          gender: application.gender,
        })
        .returning({ id: registerStudents.id });
      if (!child) throw new Error("the child was not stored");
      let roll = input.roll;
      if (!roll) {
        const [highest] = await tx
          .select({
            roll: sql<
              number | null
            >`max(case when ${enrolments.roll} ~ '^[0-9]{1,9}$' then ${enrolments.roll}::int end)`,
          })
          .from(enrolments)
          .where(and(eq(enrolments.session, session), eq(enrolments.classId, schoolClass.id)));
        roll = String(Number(highest?.roll ?? 0) + 1);
      }
      const registration = application.number ?? "";
      await writeEnrolment(tx, child.id, application.childName, {
        session,
        class: schoolClass.name,
        section: input.section ?? null,
        roll,
        registration,
      });
      const [account] = application.userId
        ? await tx
            .select({ id: users.id, phone: users.phoneNumber })
            .from(users)
            .where(eq(users.id, application.userId))
        : [];
      const linked = Math.max(
        0,
        application.guardians.findIndex((g) => account?.phone && g.phone === account.phone),
      );
      for (const [index, guardian] of application.guardians.entries()) {
        await tx.insert(registerGuardians).values({
          registerStudentId: child.id,
          name: guardian.name,
          relation: guardian.relation,
          phone: guardian.phone || null,
          userId: account && index === linked ? account.id : null,
          textsLanguage: application.language === "en" ? "en" : "bn",
        });
      }
      if (account) await giveGuardianRole(tx, account.id);
      await recordMove(tx, ctx.school, admin, application, "admitted", "", { registerStudentId: child.id });
      return { id: child.id, class: schoolClass.name, session, roll, registration };
    })
    .catch((error: unknown) => {
      const found = databaseErrorOf(error);
      if (found?.code === "23505" && found.constraint?.includes("birth_registration")) {
        throw DomainError.ofField(
          "conflict",
          "birthRegistration",
          problem("register.birthRegistrationTaken"),
        );
      }
      throw error;
    });
  const [row] = await ctx.db.select().from(admissionApplications).where(eq(admissionApplications.id, id));
  if (!row) throw notFound("application");
  return { ...(await viewOf(ctx.db, row)), student };
}
