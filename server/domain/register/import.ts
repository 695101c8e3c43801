// Importing the register from a sheet (read by server/register-sheet/reading.ts): each row is a
// child's enrolment in a session, with their record and guardians. A row whose registration number
// or birth registration number is already on the register updates that child; any other row adds
// one. Everything or nothing: with any error nothing is saved and every error is told by row and
// column. `check` answers what an import would do and saves nothing (the dashboard's preview).
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Problem } from "../../../common/errors/problem";
import { problem } from "../../../common/errors/problem";
import type { Database } from "../../db/client";
import { enrolments, registerGuardians, registerStudents } from "../../db/schema";
import type { Transaction } from "../../db/transaction";
import { type SheetError, sheetError } from "../../exam-results/marks-sheet";
import type { RegisterSheetRow } from "../../register-sheet/layout";
import { type Actor, requireAdmin } from "../actor";
import { type AuditInput, recordAudits } from "../audit/record";
import { listClasses } from "../classes";
import { classNamed, isProblem, sectionOf } from "./placement";

/** A row as the preview shows it: what the import does with it. */
export type ImportedRow = {
  line: number;
  action: "add" | "update";
  name: string;
  session: string;
  class: string;
  section: string | null;
  roll: string;
  registration: string;
  guardians: number;
};

export type RegisterImport = { added: number; updated: number; rows: ImportedRow[]; errors: SheetError[] };

/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const chunkSize = 1_000;

const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / chunkSize) }, (_, i) =>
    list.slice(i * chunkSize, (i + 1) * chunkSize),
  );

type Planned = RegisterSheetRow & {
  classId: string;
  className: string;
  /** The child on the register, or the key of the new child the row makes. */
  child: { id: string } | { newKey: string };
  /** The child's enrolment in the row's session, when they have one. */
  enrolmentId?: string;
};

export async function importRegister(
  db: Database,
  actor: Actor,
  rows: RegisterSheetRow[],
  sheetErrors: SheetError[],
  options: { check?: boolean } = {},
): Promise<RegisterImport> {
  const admin = requireAdmin(actor);
  const errors = [...sheetErrors];
  const refuse = (row: RegisterSheetRow, column: string, found: Problem) =>
    errors.push(sheetError(row.line, column, found));
  const classes = await listClasses(db);

  // Who each row is: the child with its registration number (in any session), or with its birth
  // registration number.
  const registrations = [...new Set(rows.map((r) => r.registration))];
  const births = [...new Set(rows.flatMap((r) => (r.birthRegistration ? [r.birthRegistration] : [])))];
  const sessions = [...new Set(rows.map((r) => r.session))];
  const [byRegistrationRows, byBirthRows, sessionRows] = await Promise.all([
    registrations.length
      ? db
          .select({
            registration: enrolments.registration,
            session: enrolments.session,
            child: enrolments.registerStudentId,
          })
          .from(enrolments)
          .where(inArray(enrolments.registration, registrations))
      : [],
    births.length
      ? db
          .select({ birth: registerStudents.birthRegistration, id: registerStudents.id })
          .from(registerStudents)
          .where(inArray(registerStudents.birthRegistration, births))
      : [],
    sessions.length
      ? db
          .select({
            id: enrolments.id,
            session: enrolments.session,
            classId: enrolments.classId,
            roll: enrolments.roll,
            registration: enrolments.registration,
            child: enrolments.registerStudentId,
          })
          .from(enrolments)
          .where(inArray(enrolments.session, sessions))
      : [],
  ]);
  // A registration number is one child's; the newest session's holder if ever two.
  const childOfRegistration = new Map<string, string>();
  for (const row of [...byRegistrationRows].sort((a, b) => a.session.localeCompare(b.session)))
    childOfRegistration.set(row.registration, row.child);
  const childOfBirth = new Map(byBirthRows.map((r) => [r.birth as string, r.id]));
  const rollHolder = new Map<string, string>();
  const registrationHolder = new Map<string, string>();
  const enrolmentOf = new Map<string, string>();
  for (const e of sessionRows) {
    rollHolder.set(`${e.session}|${e.classId}|${e.roll}`, e.child);
    registrationHolder.set(`${e.session}|${e.registration}`, e.child);
    enrolmentOf.set(`${e.child}|${e.session}`, e.id);
  }

  const planned: Planned[] = [];
  // New children by registration number: one child across the sheet's sessions.
  const newKeyOfBirth = new Map<string, string>();
  for (const row of rows) {
    const schoolClass = classNamed(classes, row.class);
    if (!schoolClass) {
      refuse(row, "class", problem("exam.classOfList"));
      continue;
    }
    const section = sectionOf(schoolClass, row.section);
    if (isProblem(section)) {
      refuse(row, "section", section);
      continue;
    }
    const byRegistration = childOfRegistration.get(row.registration);
    const byBirth = row.birthRegistration ? childOfBirth.get(row.birthRegistration) : undefined;
    if (byRegistration && byBirth && byRegistration !== byBirth) {
      refuse(row, "birth registration", problem("register.twoChildren"));
      continue;
    }
    const known = byRegistration ?? byBirth;
    let child: Planned["child"];
    if (known) child = { id: known };
    else {
      const birthKey = row.birthRegistration ? newKeyOfBirth.get(row.birthRegistration) : undefined;
      const newKey = birthKey ?? `registration ${row.registration}`;
      if (row.birthRegistration) newKeyOfBirth.set(row.birthRegistration, newKey);
      child = { newKey };
    }
    const childKey = "id" in child ? child.id : child.newKey;
    const rollOwner = rollHolder.get(`${row.session}|${schoolClass.id}|${row.roll}`);
    if (rollOwner && rollOwner !== childKey) {
      refuse(row, "roll", problem("register.rollTaken", { roll: row.roll, session: row.session }));
      continue;
    }
    const registrationOwner = registrationHolder.get(`${row.session}|${row.registration}`);
    if (registrationOwner && registrationOwner !== childKey) {
      const found = problem("register.registrationTaken", {
        registration: row.registration,
        session: row.session,
      });
      refuse(row, "registration", found);
      continue;
    }
    const enrolmentId = "id" in child ? enrolmentOf.get(`${child.id}|${row.session}`) : undefined;
    planned.push({
      ...row,
      section,
      classId: schoolClass.id,
      className: schoolClass.name,
      child,
      ...(enrolmentId ? { enrolmentId } : {}),
    });
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { added: 0, updated: 0, rows: [], errors };
  }

  const newKeys = [...new Set(planned.flatMap((p) => ("newKey" in p.child ? [p.child.newKey] : [])))];
  const updatedIds = new Set(planned.flatMap((p) => ("id" in p.child ? [p.child.id] : [])));
  const preview: ImportedRow[] = planned.map((p) => ({
    line: p.line,
    action: "id" in p.child ? "update" : "add",
    name: p.name,
    session: p.session,
    class: p.className,
    section: p.section,
    roll: p.roll,
    registration: p.registration,
    guardians: p.guardians.length,
  }));
  const answer = { added: newKeys.length, updated: updatedIds.size, rows: preview, errors: [] };
  if (options.check) return answer;

  await db.transaction(async (tx) => {
    // The newest row of each child (the sheet's latest session) writes their record.
    const newest = new Map<string, Planned>();
    for (const p of planned) {
      const key = "id" in p.child ? p.child.id : p.child.newKey;
      const before = newest.get(key);
      if (!before || before.session <= p.session) newest.set(key, p);
    }
    const idOf = new Map<string, string>();
    for (const part of chunks(newKeys)) {
      const made = await tx
        .insert(registerStudents)
        .values(
          part.map((key) => {
            const p = newest.get(key) as Planned;
            return {
              name: p.name,
              nameBn: p.nameBn ?? "",
              dateOfBirth: p.dateOfBirth ?? null,
              birthRegistration: p.birthRegistration ?? null,
              gender: p.gender ?? null,
              status: p.status ?? "studying",
            };
          }),
        )
        .returning({ id: registerStudents.id });
      for (const [i, key] of part.entries()) idOf.set(key, made[i]!.id);
    }
    const childId = (p: Planned) => ("id" in p.child ? p.child.id : (idOf.get(p.child.newKey) as string));
    await updateChildren(
      tx,
      [...updatedIds].map((id) => newest.get(id) as Planned),
    );
    await writeEnrolments(tx, planned, childId);
    await writeGuardians(tx, planned, childId);
    const entries: AuditInput[] = [...newest.entries()].map(([key, p]) => ({
      action: updatedIds.has(key) ? "update" : "create",
      subject: "child",
      subjectId: childId(p),
      label: `${p.name} (${p.className}${p.section ? ` ${p.section}` : ""} ${p.session}, roll ${p.roll}): imported`,
    }));
    await recordAudits(tx, admin, entries);
  });
  return answer;
}

/** The record of children already on the register: the name, and what else the sheet gives. */
async function updateChildren(tx: Transaction, list: Planned[]) {
  for (const part of chunks(list)) {
    const values = part.map(
      (p) =>
        sql`(${p.child && "id" in p.child ? p.child.id : null}::uuid, ${p.name}::text, ${p.nameBn ?? null}::text, ${p.dateOfBirth ?? null}::date, ${p.birthRegistration ?? null}::varchar, ${p.gender ?? null}::text, ${p.status ?? null}::text)`,
    );
    await tx.execute(sql`
      update ${registerStudents} set
        name = v.name,
        name_bn = coalesce(v.name_bn, ${registerStudents.nameBn}),
        date_of_birth = coalesce(v.date_of_birth, ${registerStudents.dateOfBirth}),
        birth_registration = coalesce(v.birth_registration, ${registerStudents.birthRegistration}),
        gender = coalesce(v.gender, ${registerStudents.gender}),
        status = coalesce(v.status, ${registerStudents.status}),
        updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, name, name_bn, date_of_birth, birth_registration, gender, status)
      where ${registerStudents.id} = v.id`);
  }
}

/** Each row's enrolment: the child's in that session changed, or a new one. */
async function writeEnrolments(tx: Transaction, planned: Planned[], childId: (p: Planned) => string) {
  const changed = planned.filter((p) => p.enrolmentId);
  for (const part of chunks(changed)) {
    const values: SQL[] = part.map(
      (p) =>
        sql`(${p.enrolmentId}::uuid, ${p.classId}::uuid, ${p.section}::varchar, ${p.roll}::varchar, ${p.registration}::varchar, ${p.name}::text)`,
    );
    await tx.execute(sql`
      update ${enrolments} set class_id = v.class_id, section = v.section, roll = v.roll,
        registration = v.registration, name = v.name, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, class_id, section, roll, registration, name)
      where ${enrolments.id} = v.id`);
  }
  for (const part of chunks(planned.filter((p) => !p.enrolmentId)))
    await tx.insert(enrolments).values(
      part.map((p) => ({
        registerStudentId: childId(p),
        session: p.session,
        classId: p.classId,
        section: p.section,
        roll: p.roll,
        registration: p.registration,
        name: p.name,
      })),
    );
}

/**
 * The guardians each row names: a father or mother the child has is that one (their name and
 * phone updated), another guardian is the one with the same phone or name; anyone else is added.
 */
async function writeGuardians(tx: Transaction, planned: Planned[], childId: (p: Planned) => string) {
  const named = planned.filter((p) => p.guardians.length > 0);
  if (named.length === 0) return;
  const ids = [...new Set(named.map(childId))];
  const existing = [];
  for (const part of chunks(ids))
    existing.push(
      ...(await tx
        .select()
        .from(registerGuardians)
        .where(inArray(registerGuardians.registerStudentId, part))),
    );
  const byChild = new Map<string, typeof existing>();
  for (const g of existing)
    byChild.set(g.registerStudentId, [...(byChild.get(g.registerStudentId) ?? []), g]);
  const added: (typeof registerGuardians.$inferInsert)[] = [];
  const changed = new Map<string, { id: string; name: string; phone: string | null }>();
  for (const p of named) {
    const child = childId(p);
    const theirs = byChild.get(child) ?? [];
    for (const g of p.guardians) {
      const same = theirs.find((t) =>
        g.relation === "guardian"
          ? t.relation === "guardian" && ((g.phone && t.phone === g.phone) || (g.name && t.name === g.name))
          : t.relation === g.relation,
      );
      if (same) {
        changed.set(same.id, { id: same.id, name: g.name || same.name, phone: g.phone ?? same.phone });
        continue;
      }
      const row = { registerStudentId: child, name: g.name, relation: g.relation, phone: g.phone };
      added.push(row);
      // The same guardian twice for one child (two sessions' rows) is added once.
      theirs.push({
        ...row,
        id: `new-${added.length}`,
        userId: null,
        textsOptOut: false,
        textsLanguage: "bn",
        createdAt: new Date(),
      });
      byChild.set(child, theirs);
    }
  }
  for (const part of chunks([...changed.values()].filter((c) => !c.id.startsWith("new-")))) {
    const values = part.map((c) => sql`(${c.id}::uuid, ${c.name}::text, ${c.phone}::varchar)`);
    await tx.execute(sql`
      update ${registerGuardians} set name = v.name, phone = v.phone
      from (values ${sql.join(values, sql`, `)}) as v(id, name, phone)
      where ${registerGuardians.id} = v.id`);
  }
  for (const part of chunks(added)) await tx.insert(registerGuardians).values(part);
}
