// A correction of an invoice: an invoice's amount never changes once made, paid or not; a
// credit (less to pay) or a charge (more) is a new line with its reason, in the audit trail.
import { eq, sql } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import type { CorrectionInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { feeInvoiceLines, feeInvoices, registerStudents } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { notFound } from "../errors";
import { requireFeeStaff } from "./access";

export type Corrected = { invoiceId: string; totalMinor: number; paidMinor: number };

export async function correctInvoice(
  db: Database,
  actor: Actor,
  invoiceId: string,
  input: CorrectionInput,
): Promise<Corrected> {
  const staff = requireFeeStaff(actor);
  if (!uuidPattern.test(invoiceId)) throw notFound("invoice");
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({
        id: feeInvoices.id,
        month: feeInvoices.month,
        studentId: feeInvoices.registerStudentId,
        name: registerStudents.name,
      })
      .from(feeInvoices)
      .innerJoin(registerStudents, eq(registerStudents.id, feeInvoices.registerStudentId))
      .where(eq(feeInvoices.id, invoiceId))
      .for("update", { of: feeInvoices });
    if (!invoice) throw notFound("invoice");
    const amount = input.kind === "credit" ? -input.amount : input.amount;
    await tx.insert(feeInvoiceLines).values({
      invoiceId,
      kind: input.kind,
      label: input.kind === "credit" ? "Correction (credit)" : "Correction (charge)",
      amountMinor: amount,
      reason: input.reason,
      actorId: staff.id,
    });
    const [changed] = await tx
      .update(feeInvoices)
      .set({ totalMinor: sql`${feeInvoices.totalMinor} + ${amount}` })
      .where(eq(feeInvoices.id, invoiceId))
      .returning({ totalMinor: feeInvoices.totalMinor, paidMinor: feeInvoices.paidMinor });
    await recordAudit(tx, staff, {
      action: "update",
      subject: "fee",
      subjectId: invoice.studentId,
      label: `${invoice.name}: ${input.kind} of ${input.amount / 100} taka on ${invoice.month} (${input.reason})`,
    });
    return { invoiceId, totalMinor: changed?.totalMinor ?? 0, paidMinor: changed?.paidMinor ?? 0 };
  });
}
