// A child's place in one session: class, section, roll and registration number. One enrolment per
// child per session; a roll is one child's in its class and session, a registration number one
// child's in its session.
import { and, eq, ne } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { EnrolmentInput } from "../../../common/schemas/register";
import type { Database } from "../../db/client";
import { enrolments, registerStudents } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import { listClasses } from "../classes";
import { DomainError, notFound } from "../errors";
import { classNamed, isProblem, sectionOf } from "./placement";
import { type Child, childById, type RegisterContext } from "./read";

/**
 * Writes the child's enrolment in the input's session (a new one, or the one they have), after
 * checking the class, the section and that the roll and registration are nobody else's. Answers
 * the place in words, for the audit trail.
 */
export async function writeEnrolment(
  db: DatabaseOrTransaction,
  childId: string,
  name: string,
  input: EnrolmentInput,
): Promise<string> {
  const classes = await listClasses(db as Database);
  const schoolClass = classNamed(classes, input.class);
  if (!schoolClass) throw DomainError.ofField("invalid", "class", problem("exam.classOfList"));
  const section = sectionOf(schoolClass, input.section);
  if (isProblem(section)) throw DomainError.ofField("invalid", "section", section);
  const [rollHolder] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.session, input.session),
        eq(enrolments.classId, schoolClass.id),
        eq(enrolments.roll, input.roll),
        ne(enrolments.registerStudentId, childId),
      ),
    );
  if (rollHolder)
    throw DomainError.ofField(
      "conflict",
      "roll",
      problem("register.rollTaken", { roll: input.roll, session: input.session }),
    );
  const [registrationHolder] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.session, input.session),
        eq(enrolments.registration, input.registration),
        ne(enrolments.registerStudentId, childId),
      ),
    );
  if (registrationHolder)
    throw DomainError.ofField(
      "conflict",
      "registration",
      problem("register.registrationTaken", { registration: input.registration, session: input.session }),
    );
  const values = {
    classId: schoolClass.id,
    section,
    roll: input.roll,
    registration: input.registration,
  };
  await db
    .insert(enrolments)
    .values({ ...values, session: input.session, name, registerStudentId: childId })
    .onConflictDoUpdate({
      target: [enrolments.registerStudentId, enrolments.session],
      set: { ...values, updatedAt: new Date() },
    });
  return `${schoolClass.name}${section ? ` ${section}` : ""} ${input.session}, roll ${input.roll}`;
}

/** Enrols a child in a session, or changes their enrolment in it. */
export async function setEnrolment(
  ctx: RegisterContext & { db: Database },
  actor: Actor,
  id: string,
  input: EnrolmentInput,
): Promise<Child> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(id)) throw notFound("child");
  await ctx.db.transaction(async (tx) => {
    const [child] = await tx
      .select({ name: registerStudents.name })
      .from(registerStudents)
      .where(eq(registerStudents.id, id))
      .for("update");
    if (!child) throw notFound("child");
    const placed = await writeEnrolment(tx, id, child.name, input);
    await recordAudit(tx, admin, {
      action: "update",
      subject: "child",
      subjectId: id,
      label: `${child.name}: ${placed}`,
    });
  });
  return childById(ctx, id);
}
