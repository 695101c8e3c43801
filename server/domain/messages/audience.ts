// Who a message to guardians reaches: the guardians of every child studying, of a class, of a
// section, of a list of children or of the children with fee dues (each child in the class of
// their newest enrolment). An admin writes to anyone; a teacher only to the guardians of a class
// (or section) they teach this session, as their teaching assignments say
// (server/domain/teaching.ts); the children with dues are the admins' alone.
import { and, eq, inArray, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { isPlaceholderEmail } from "../../../common/phone-accounts";
import type { MessageAudience } from "../../../common/schemas/guardian-messages";
import type { Database } from "../../db/client";
import {
  enrolments,
  feeInvoices,
  registerGuardians,
  registerStudents,
  schoolClasses,
  teachingAssignments,
  users,
} from "../../db/schema";
import type { SignedInActor } from "../actor";
import { DomainError } from "../errors";

export type AudienceGuardian = {
  guardianId: string;
  childId: string;
  phone: string | null;
  email: string | null;
  textsOptOut: boolean;
};

type Child = { childId: string; session: string; classId: string; section: string | null };

const notYourClass = () => new DomainError("forbidden", problem("messages.notYourClass"));

/** The children studying, each in their newest enrolment, as the audience names them. */
async function childrenOf(db: Database, audience: MessageAudience): Promise<Child[]> {
  const newest = sql`${enrolments.session} = (select max(e2.session) from ${enrolments} e2 where e2.register_student_id = ${registerStudents.id})`;
  const where = and(
    eq(registerStudents.status, "studying"),
    newest,
    audience.kind === "class" || audience.kind === "section"
      ? sql`lower(${schoolClasses.name}) = lower(${audience.class})`
      : undefined,
    audience.kind === "section" ? sql`lower(${enrolments.section}) = lower(${audience.section})` : undefined,
    audience.kind === "children" ? inArray(registerStudents.id, audience.children) : undefined,
    audience.kind === "dues"
      ? sql`exists (select 1 from ${feeInvoices} where ${feeInvoices.registerStudentId} = ${registerStudents.id} and ${feeInvoices.totalMinor} > ${feeInvoices.paidMinor})`
      : undefined,
  );
  return db
    .select({
      childId: registerStudents.id,
      session: enrolments.session,
      classId: enrolments.classId,
      section: enrolments.section,
    })
    .from(registerStudents)
    .innerJoin(enrolments, eq(enrolments.registerStudentId, registerStudents.id))
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(where);
}

/** A teacher may write to these children's guardians: each child is in a class-section they teach. */
async function checkTeacherMay(
  db: Database,
  actor: SignedInActor,
  audience: MessageAudience,
  children: Child[],
) {
  if (audience.kind === "everyone" || audience.kind === "dues") throw notYourClass();
  const taught = await db
    .select({
      session: teachingAssignments.session,
      classId: teachingAssignments.classId,
      className: schoolClasses.name,
      section: teachingAssignments.section,
    })
    .from(teachingAssignments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, teachingAssignments.classId))
    .where(eq(teachingAssignments.userId, actor.id));
  const covers = (child: Child) =>
    taught.some(
      (t) =>
        t.session === child.session &&
        t.classId === child.classId &&
        (t.section === "" || t.section.toLowerCase() === (child.section ?? "").toLowerCase()),
    );
  // A whole class only for one who teaches the whole class; a section for one who teaches it.
  if (audience.kind === "class" || audience.kind === "section") {
    const sameClass = taught.filter((t) => t.className.toLowerCase() === audience.class.toLowerCase());
    const section = audience.kind === "section" ? audience.section.toLowerCase() : "";
    if (!sameClass.some((t) => t.section === "" || t.section.toLowerCase() === section)) throw notYourClass();
  }
  if (audience.kind === "children" && children.length < new Set(audience.children).size) throw notYourClass();
  if (!children.every(covers)) throw notYourClass();
}

/** The guardians the audience reaches, after the actor's right to write to them is checked. */
export async function guardiansOf(
  db: Database,
  actor: SignedInActor,
  audience: MessageAudience,
): Promise<AudienceGuardian[]> {
  const children = await childrenOf(db, audience);
  if (!actor.isAdmin) await checkTeacherMay(db, actor, audience, children);
  if (children.length === 0) return [];
  const rows = await db
    .select({
      guardianId: registerGuardians.id,
      childId: registerGuardians.registerStudentId,
      phone: registerGuardians.phone,
      email: users.email,
      textsOptOut: registerGuardians.textsOptOut,
    })
    .from(registerGuardians)
    .leftJoin(users, eq(users.id, registerGuardians.userId))
    .where(
      inArray(
        registerGuardians.registerStudentId,
        children.map((c) => c.childId),
      ),
    );
  return rows.map((row) => ({
    ...row,
    email: row.email && !isPlaceholderEmail(row.email) ? row.email : null,
  }));
}
