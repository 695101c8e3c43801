// A student on the register as the fee pages name them: their name and their enrolment in a
// session (or their newest), or 404.
import { desc, eq } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import { enrolments, registerStudents, schoolClasses } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { notFound } from "../errors";

export type FeeStudent = {
  id: string;
  name: string;
  nameBn: string;
  session: string | null;
  className: string | null;
  section: string | null;
  roll: string | null;
  registration: string | null;
};

export async function feeStudent(db: DatabaseOrTransaction, id: string): Promise<FeeStudent> {
  if (!uuidPattern.test(id)) throw notFound("child");
  const [row] = await db
    .select({
      id: registerStudents.id,
      name: registerStudents.name,
      nameBn: registerStudents.nameBn,
      session: enrolments.session,
      className: schoolClasses.name,
      section: enrolments.section,
      roll: enrolments.roll,
      registration: enrolments.registration,
    })
    .from(registerStudents)
    .leftJoin(enrolments, eq(enrolments.registerStudentId, registerStudents.id))
    .leftJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(eq(registerStudents.id, id))
    .orderBy(desc(enrolments.session))
    .limit(1);
  if (!row) throw notFound("child");
  return row;
}
