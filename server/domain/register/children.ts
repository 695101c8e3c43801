// The children on the register that enrolments belong to. An enrolment made from a marks sheet
// (or anywhere else that knows only a registration number and a name) joins the child who had
// that registration number in an earlier session, or a new child on the register.
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { enrolments, registerStudents } from "../../db/schema";
import type { Transaction } from "../../db/transaction";

/** Registration number → the register's child, making the children not yet on it. */
export async function childrenOfRegistrations(
  db: Database | Transaction,
  students: { registration: string; name: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (students.length === 0) return found;
  const known = await db
    .select({ registration: enrolments.registration, child: enrolments.registerStudentId })
    .from(enrolments)
    .where(
      inArray(
        enrolments.registration,
        students.map((s) => s.registration),
      ),
    );
  for (const row of known) found.set(row.registration, row.child);
  const newcomers = [
    ...new Map(students.filter((s) => !found.has(s.registration)).map((s) => [s.registration, s])).values(),
  ];
  if (newcomers.length > 0) {
    const made = newcomers.map((s) => ({ id: randomUUID(), name: s.name, registration: s.registration }));
    await db.insert(registerStudents).values(made.map(({ id, name }) => ({ id, name })));
    for (const child of made) found.set(child.registration, child.id);
  }
  return found;
}
