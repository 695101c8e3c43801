// Waivers and scholarships: a percent or a fixed amount off each charge of a head for a student,
// from a month to a month. Given by an admin or an accountant, in the audit trail. Invoices made
// afterwards carry it; invoices already made and not yet paid at all get it as a line now; a paid
// invoice never changes (a correction is the office's, with its reason).

import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { waiverPart } from "../../../common/fees";
import { shownEmail } from "../../../common/phone-accounts";
import type { WaiverInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { feeInvoiceLines, feeInvoices, feeWaivers } from "../../db/schema";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { requireFeeStaff } from "./access";
import { headByKey } from "./structure";
import { feeStudent } from "./student";

export type Waiver = {
  id: string;
  head: string;
  kind: "percent" | "fixed";
  percent: number | null;
  amountMinor: number | null;
  from: string;
  until: string | null;
  reason: string;
  /** Unpaid invoices it was applied to now. */
  applied: number;
};

export async function addWaiver(db: Database, actor: Actor, input: WaiverInput): Promise<Waiver> {
  const staff = requireFeeStaff(actor);
  const student = await feeStudent(db, input.student);
  const head = await headByKey(db, input.head);
  return db.transaction(async (tx) => {
    const [waiver] = await tx
      .insert(feeWaivers)
      .values({
        registerStudentId: student.id,
        headId: head.id,
        kind: input.percent !== undefined ? "percent" : "fixed",
        percent: input.percent ?? null,
        amountMinor: input.amount ?? null,
        fromMonth: input.from,
        toMonth: input.until ?? null,
        reason: input.reason,
        actorId: staff.id,
        actorEmail: shownEmail(staff.email) ?? "",
      })
      .returning();
    if (!waiver) throw new Error("the waiver was not stored");
    // The head's charges on the student's invoices in its months that nothing has paid yet.
    const charges = await tx
      .select({ invoiceId: feeInvoiceLines.invoiceId, amountMinor: feeInvoiceLines.amountMinor })
      .from(feeInvoiceLines)
      .innerJoin(feeInvoices, eq(feeInvoices.id, feeInvoiceLines.invoiceId))
      .where(
        and(
          eq(feeInvoices.registerStudentId, student.id),
          eq(feeInvoices.paidMinor, 0),
          eq(feeInvoiceLines.kind, "charge"),
          eq(feeInvoiceLines.headId, head.id),
          gte(feeInvoices.month, waiver.fromMonth),
          waiver.toMonth ? lte(feeInvoices.month, waiver.toMonth) : undefined,
        ),
      );
    const lines = charges
      .map((charge) => ({
        invoiceId: charge.invoiceId,
        kind: "waiver" as const,
        headId: head.id,
        waiverId: waiver.id,
        label: head.name,
        amountMinor: -waiverPart(charge.amountMinor, waiver),
        reason: waiver.reason,
        actorId: staff.id,
      }))
      .filter((line) => line.amountMinor !== 0);
    if (lines.length > 0) {
      await tx.insert(feeInvoiceLines).values(lines);
      await tx
        .update(feeInvoices)
        .set({
          totalMinor: sql`(select coalesce(sum(l.amount_minor), 0) from fee_invoice_lines l where l.invoice_id = ${feeInvoices.id})`,
        })
        .where(
          inArray(
            feeInvoices.id,
            lines.map((line) => line.invoiceId),
          ),
        );
    }
    const what = waiver.kind === "percent" ? `${waiver.percent}%` : `${(waiver.amountMinor ?? 0) / 100} taka`;
    await recordAudit(tx, staff, {
      action: "create",
      subject: "fee",
      subjectId: student.id,
      label: `${student.name}: waiver of ${what} of ${head.name} from ${waiver.fromMonth}${waiver.toMonth ? ` to ${waiver.toMonth}` : ""} (${waiver.reason})`,
    });
    return {
      id: waiver.id,
      head: head.key,
      kind: waiver.kind,
      percent: waiver.percent,
      amountMinor: waiver.amountMinor,
      from: waiver.fromMonth,
      until: waiver.toMonth,
      reason: waiver.reason,
      applied: lines.length,
    };
  });
}
