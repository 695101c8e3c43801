// The money taken in a span of days, by day, collector and channel (cash, cheque, bank, bKash,
// Nagad, card): what the office counts at the end of the day. Cancelled receipts are left out.
// Staff only.
import { and, asc, gte, isNull, lte, sql } from "drizzle-orm";
import { type FeeChannel, feePayments } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { requireFeeStaff } from "./access";

export type CollectionRow = {
  day: string;
  collector: string;
  channel: FeeChannel;
  receipts: number;
  amountMinor: number;
  fineMinor: number;
};
export type Collections = { from: string; to: string; rows: CollectionRow[]; totalMinor: number };

export async function collections(
  db: DatabaseOrTransaction,
  actor: Actor,
  span: { from: string; to: string },
): Promise<Collections> {
  requireFeeStaff(actor);
  const rows = await db
    .select({
      day: feePayments.paidOn,
      collector: feePayments.collectorName,
      channel: feePayments.channel,
      receipts: sql<string>`count(*)`,
      amount: sql<string>`sum(${feePayments.amountMinor})`,
      fine: sql<string>`sum(${feePayments.fineMinor})`,
    })
    .from(feePayments)
    .where(
      and(
        gte(feePayments.paidOn, span.from),
        lte(feePayments.paidOn, span.to),
        isNull(feePayments.cancelledAt),
      ),
    )
    .groupBy(feePayments.paidOn, feePayments.collectorName, feePayments.channel)
    .orderBy(asc(feePayments.paidOn), asc(feePayments.collectorName), asc(feePayments.channel));
  const list = rows.map((row) => ({
    day: row.day,
    collector: row.collector,
    channel: row.channel,
    receipts: Number(row.receipts),
    amountMinor: Number(row.amount),
    fineMinor: Number(row.fine),
  }));
  return { ...span, rows: list, totalMinor: list.reduce((total, row) => total + row.amountMinor, 0) };
}
