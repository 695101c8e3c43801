// The months of a session a student pays for: from the month they joined, until the last month
// before they left. Invoices already made stay; the next generation follows the term.
import type { TermInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { feeTerms } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { requireFeeStaff } from "./access";
import { feeStudent } from "./student";

export type Term = { session: string; from: string | null; until: string | null };

export async function setTerm(
  db: Database,
  actor: Actor,
  studentId: string,
  input: TermInput,
): Promise<Term> {
  const staff = requireFeeStaff(actor);
  const student = await feeStudent(db, studentId);
  await db.transaction(async (tx) => {
    await tx
      .insert(feeTerms)
      .values({
        registerStudentId: student.id,
        session: input.session,
        fromMonth: input.from,
        untilMonth: input.until,
      })
      .onConflictDoUpdate({
        target: [feeTerms.registerStudentId, feeTerms.session],
        set: { fromMonth: input.from, untilMonth: input.until, updatedAt: new Date() },
      });
    await recordAudit(tx, staff, {
      action: "update",
      subject: "fee",
      subjectId: student.id,
      label: `${student.name}: pays ${input.session} from ${input.from ?? "its start"} until ${input.until ?? "its end"}`,
    });
  });
  return { session: input.session, from: input.from, until: input.until };
}
