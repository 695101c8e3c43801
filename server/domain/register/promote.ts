// Promoting a class to the next session in one step: every child of the class (and section) in
// the old session who is still studying gets an enrolment in the new class and session, with the
// old roll kept, or rolls numbered 1, 2, 3... by the old roll, by name or by the class's last
// published result. A child already enrolled in the new session, or whose roll or registration is
// someone else's there, is skipped and reported; everyone else is promoted together.
import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import type { PromotionInput } from "../../../common/schemas/register";
import type { Database } from "../../db/client";
import { enrolments, examResults, exams, registerStudents } from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { type AuditInput, recordAudits } from "../audit/record";
import { listClasses } from "../classes";
import { DomainError } from "../errors";
import { classNamed, isProblem, sectionOf } from "./placement";

export type SkipReason = "enrolled" | "rollTaken" | "registrationTaken";

export type Promotion = {
  promoted: { id: string; name: string; roll: string; section: string | null }[];
  skipped: { id: string; name: string; roll: string; reason: SkipReason }[];
};

/** Roll numbers compared as numbers ("2" before "10"). */
const byNumber = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

export async function promoteClass(db: Database, actor: Actor, input: PromotionInput): Promise<Promotion> {
  const admin = requireAdmin(actor);
  const classes = await listClasses(db);
  const from = classNamed(classes, input.fromClass);
  if (!from) throw DomainError.ofField("invalid", "fromClass", problem("exam.classOfList"));
  const to = classNamed(classes, input.toClass);
  if (!to) throw DomainError.ofField("invalid", "toClass", problem("exam.classOfList"));
  if (input.fromSection) {
    const section = sectionOf(from, input.fromSection);
    if (isProblem(section)) throw DomainError.ofField("invalid", "fromSection", section);
  }
  let toSection: string | null | undefined;
  if (input.toSection) {
    const section = sectionOf(to, input.toSection);
    if (isProblem(section)) throw DomainError.ofField("invalid", "toSection", section);
    toSection = section;
  }

  return db.transaction(async (tx) => {
    const pupils = await tx
      .select({
        enrolment: enrolments.id,
        child: enrolments.registerStudentId,
        roll: enrolments.roll,
        registration: enrolments.registration,
        section: enrolments.section,
        name: registerStudents.name,
      })
      .from(enrolments)
      .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
      .where(
        and(
          eq(enrolments.session, input.fromSession),
          eq(enrolments.classId, from.id),
          eq(registerStudents.status, "studying"),
          input.fromSection ? sql`lower(${enrolments.section}) = lower(${input.fromSection})` : undefined,
        ),
      );
    const there = await tx
      .select({
        child: enrolments.registerStudentId,
        classId: enrolments.classId,
        roll: enrolments.roll,
        registration: enrolments.registration,
      })
      .from(enrolments)
      .where(eq(enrolments.session, input.toSession))
      .for("update");
    const enrolledThere = new Set(there.map((e) => e.child));
    const rollsTaken = new Set(there.filter((e) => e.classId === to.id).map((e) => e.roll));
    const registrationsTaken = new Set(there.map((e) => e.registration));

    const order = await orderOf(tx, input, from.id, pupils);
    const skipped: Promotion["skipped"] = [];
    const promoted: Promotion["promoted"] = [];
    // Renumbered rolls follow the highest roll already in the new class, so none is taken twice.
    let next = Math.max(0, ...[...rollsTaken].map(Number).filter(Number.isFinite)) + 1;
    const rows: (typeof enrolments.$inferInsert)[] = [];
    for (const pupil of order) {
      const skip = (reason: SkipReason) =>
        skipped.push({ id: pupil.child, name: pupil.name, roll: pupil.roll, reason });
      if (enrolledThere.has(pupil.child)) {
        skip("enrolled");
        continue;
      }
      if (registrationsTaken.has(pupil.registration)) {
        skip("registrationTaken");
        continue;
      }
      const roll = input.rolls === "keep" ? pupil.roll : String(next);
      if (rollsTaken.has(roll)) {
        skip("rollTaken");
        continue;
      }
      if (input.rolls !== "keep") next += 1;
      rollsTaken.add(roll);
      // The section kept when the new class has one of that name.
      const section =
        toSection !== undefined
          ? toSection
          : (to.sections.find((s) => s.toLowerCase() === pupil.section?.toLowerCase()) ?? null);
      rows.push({
        registerStudentId: pupil.child,
        session: input.toSession,
        classId: to.id,
        section,
        roll,
        registration: pupil.registration,
        name: pupil.name,
      });
      promoted.push({ id: pupil.child, name: pupil.name, roll, section });
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(enrolments).values(rows.slice(i, i + 1000));
    const entries: AuditInput[] = promoted.map((p) => ({
      action: "update",
      subject: "child",
      subjectId: p.id,
      label: `${p.name}: promoted from ${from.name} ${input.fromSession} to ${to.name}${p.section ? ` ${p.section}` : ""} ${input.toSession}, roll ${p.roll}`,
    }));
    await recordAudits(tx, admin, entries);
    return { promoted, skipped };
  });
}

type Pupil = { enrolment: string; child: string; roll: string; name: string };

/** The order rolls are given in: the old roll's, the name's, or the last published result's. */
async function orderOf<P extends Pupil>(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  input: PromotionInput,
  classId: string,
  pupils: P[],
): Promise<P[]> {
  const byRoll = [...pupils].sort((a, b) => byNumber(a.roll, b.roll));
  if (input.rolls === "byName")
    return [...pupils].sort((a, b) => a.name.localeCompare(b.name, "en") || byNumber(a.roll, b.roll));
  if (input.rolls !== "byResult" || pupils.length === 0) return byRoll;
  // The class's last published exam of the old session: passed first, then GPA, then total marks.
  const [exam] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        eq(exams.session, input.fromSession),
        eq(exams.classId, classId),
        isNotNull(exams.publishAt),
        lte(exams.publishAt, new Date()),
      ),
    )
    .orderBy(desc(exams.publishAt))
    .limit(1);
  if (!exam) return byRoll;
  const results = await tx
    .select({ enrolment: examResults.enrolmentId })
    .from(examResults)
    .where(
      and(
        eq(examResults.examId, exam.id),
        inArray(
          examResults.enrolmentId,
          pupils.map((p) => p.enrolment),
        ),
      ),
    )
    .orderBy(desc(examResults.passed), desc(examResults.gpaHundredths), desc(examResults.totalMarks));
  const place = new Map(results.map((r, i) => [r.enrolment, i]));
  // Children without a result follow, in roll order.
  return byRoll
    .map((p, i) => ({ p, key: place.get(p.enrolment) ?? results.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ p }) => p);
}
