// The money taken in a span of days, by day, collector and channel (cash, cheque, bank, bKash,
// Nagad, card): what the office counts at the end of the day; and by head (tuition, exam...):
// what the month brought for each. Cancelled receipts are left out. Staff only.
//
// A payment is kept per invoice (fee_allocations), not per head: what it paid of an invoice is
// split among the invoice's heads in proportion to what each comes to after its waivers, as the
// invoice stood when it was paid (lines made later, such as a later payment's fine, take no part).
// A whole month paid gives each head exactly its amount; a part payment gives each its share. The
// late fine and corrections without a head are rows of their own, and money a payment brought for
// months already paid (to be refunded) another.
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { type FeeChannel, feeAllocations, feeHeads, feeInvoiceLines, feePayments } from "../../db/schema";
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
/** What the span brought for one head, the late fines, corrections or money to refund. */
export type HeadCollection = {
  kind: "head" | "fine" | "correction" | "overpaid";
  /** The head's key, for kind "head". */
  head: string | null;
  name: string;
  nameBn: string;
  amountMinor: number;
};
export type Collections = {
  from: string;
  to: string;
  rows: CollectionRow[];
  byHead: HeadCollection[];
  totalMinor: number;
};

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
  return {
    ...span,
    rows: list,
    byHead: await collectionsByHead(db, span),
    totalMinor: list.reduce((total, row) => total + row.amountMinor, 0),
  };
}

const otherRows = {
  fine: { name: "Late fines", nameBn: "বিলম্ব জরিমানা" },
  correction: { name: "Corrections", nameBn: "সংশোধন" },
  overpaid: { name: "Paid twice, to refund", nameBn: "দুবার পরিশোধিত, ফেরতযোগ্য" },
} as const;

async function collectionsByHead(
  db: DatabaseOrTransaction,
  span: { from: string; to: string },
): Promise<HeadCollection[]> {
  const inSpan = and(
    gte(feePayments.paidOn, span.from),
    lte(feePayments.paidOn, span.to),
    isNull(feePayments.cancelledAt),
  );
  const allocations = await db
    .select({
      invoiceId: feeAllocations.invoiceId,
      amountMinor: feeAllocations.amountMinor,
      paidAt: feePayments.createdAt,
    })
    .from(feeAllocations)
    .innerJoin(feePayments, eq(feePayments.id, feeAllocations.paymentId))
    .where(inSpan);
  const [overpaid] = await db
    .select({ amount: sql<string>`coalesce(sum(${feePayments.overpaidMinor}), 0)` })
    .from(feePayments)
    .where(inSpan);
  const invoiceIds = [...new Set(allocations.map((one) => one.invoiceId))];
  const lines =
    invoiceIds.length === 0
      ? []
      : await db
          .select({
            invoiceId: feeInvoiceLines.invoiceId,
            headId: feeInvoiceLines.headId,
            kind: feeInvoiceLines.kind,
            amountMinor: feeInvoiceLines.amountMinor,
            createdAt: feeInvoiceLines.createdAt,
          })
          .from(feeInvoiceLines)
          .where(inArray(feeInvoiceLines.invoiceId, invoiceIds));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);

  const totals = new Map<string, number>();
  for (const allocation of allocations) {
    // Each part of the invoice as it stood when this payment was made: a head, the fine, corrections.
    const parts = new Map<string, number>();
    for (const line of linesOf.get(allocation.invoiceId) ?? []) {
      if (line.createdAt > allocation.paidAt) continue;
      const part = line.headId ?? (line.kind === "fine" ? "fine" : "correction");
      parts.set(part, (parts.get(part) ?? 0) + line.amountMinor);
    }
    for (const [part, amount] of shareOut(allocation.amountMinor, parts))
      totals.set(part, (totals.get(part) ?? 0) + amount);
  }

  const heads = await db.select().from(feeHeads).orderBy(asc(feeHeads.position), asc(feeHeads.name));
  const rows: HeadCollection[] = [];
  for (const head of heads) {
    const amount = totals.get(head.id);
    if (amount)
      rows.push({ kind: "head", head: head.key, name: head.name, nameBn: head.nameBn, amountMinor: amount });
  }
  const others = {
    fine: totals.get("fine") ?? 0,
    correction: totals.get("correction") ?? 0,
    overpaid: Number(overpaid?.amount ?? 0),
  };
  for (const kind of ["fine", "correction", "overpaid"] as const)
    if (others[kind]) rows.push({ kind, head: null, ...otherRows[kind], amountMinor: others[kind] });
  return rows;
}

/**
 * An amount shared out among parts in proportion to their positive amounts (a negative part, such
 * as a credit, lowers what the rest come to but takes no share), in whole paisa: the paisa left by
 * rounding down go to the largest remainders, so the shares always add up to the amount.
 */
export function shareOut(amount: number, parts: Map<string, number>): Map<string, number> {
  const positive = [...parts].filter(([, value]) => value > 0);
  const whole = positive.reduce((total, [, value]) => total + BigInt(value), 0n);
  if (whole === 0n) return new Map([["correction", amount]]);
  const shares = positive.map(([part, value]) => {
    const exact = BigInt(amount) * BigInt(value);
    return { part, share: exact / whole, remainder: exact % whole };
  });
  let left = BigInt(amount) - shares.reduce((total, one) => total + one.share, 0n);
  for (const one of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0,
  )) {
    if (left <= 0n) break;
    one.share += 1n;
    left -= 1n;
  }
  return new Map(shares.map((one) => [one.part, Number(one.share)]));
}
