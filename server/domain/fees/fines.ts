// The fines each open invoice carries on a day: its class's bands for its session, less the fines
// already added to it (a later band adds the difference).
import { and, eq, inArray, sql } from "drizzle-orm";
import { fineOn } from "../../../common/fees";
import { feeFineBands, feeInvoiceLines } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";

type OpenInvoice = { id: string; session: string; classId: string; month: string };

/** Each invoice's fine still to add on this day, by invoice id (0 when none). */
export async function finesDue(
  db: DatabaseOrTransaction,
  invoices: readonly OpenInvoice[],
  day: string,
): Promise<Map<string, number>> {
  const due = new Map<string, number>();
  if (invoices.length === 0) return due;
  const classes = [...new Set(invoices.map((invoice) => invoice.classId))];
  const [bands, added] = await Promise.all([
    db
      .select({
        session: feeFineBands.session,
        classId: feeFineBands.classId,
        afterDay: feeFineBands.afterDay,
        amountMinor: feeFineBands.amountMinor,
      })
      .from(feeFineBands)
      .where(inArray(feeFineBands.classId, classes)),
    db
      .select({
        invoiceId: feeInvoiceLines.invoiceId,
        amount: sql<string>`sum(${feeInvoiceLines.amountMinor})`,
      })
      .from(feeInvoiceLines)
      .where(
        and(
          eq(feeInvoiceLines.kind, "fine"),
          inArray(
            feeInvoiceLines.invoiceId,
            invoices.map((invoice) => invoice.id),
          ),
        ),
      )
      .groupBy(feeInvoiceLines.invoiceId),
  ]);
  const addedTo = new Map(added.map((row) => [row.invoiceId, Number(row.amount)]));
  for (const invoice of invoices) {
    const own = bands.filter((band) => band.session === invoice.session && band.classId === invoice.classId);
    due.set(invoice.id, Math.max(0, fineOn(own, invoice.month, day) - (addedTo.get(invoice.id) ?? 0)));
  }
  return due;
}
