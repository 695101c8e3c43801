// The fee structure: the heads (the six every school has and the school's own), what each class
// pays for each head in a session and when it falls due, and the late fines. Admins and
// accountants manage it; each change is in the audit trail under the class.
import { and, asc, eq, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { FeeRateInput, FineBandsInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { databaseErrorOf } from "../../db/database-errors";
import { type FeeDueKind, feeFineBands, feeHeads, feeRates } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { DomainError, notFound } from "../errors";
import { requireFeeStaff } from "./access";
import { feeClassNamed } from "./classes";

export type FeeHead = { id: string; key: string; name: string; nameBn: string };
export type FeeRate = {
  id: string;
  head: FeeHead;
  amountMinor: number;
  due: FeeDueKind;
  dueDay: number;
  months: number[];
};
export type FineBand = { afterDay: number | null; amountMinor: number };
export type FeeStructure = {
  session: string;
  class: { id: string; name: string; sections: string[] };
  rates: FeeRate[];
  fines: FineBand[];
};

export async function listHeads(db: DatabaseOrTransaction, actor: Actor): Promise<FeeHead[]> {
  requireFeeStaff(actor);
  return db
    .select({ id: feeHeads.id, key: feeHeads.key, name: feeHeads.name, nameBn: feeHeads.nameBn })
    .from(feeHeads)
    .orderBy(asc(feeHeads.position), asc(feeHeads.name));
}

/** A key from a head's name: "Library fee" → "library-fee". */
const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || `head-${Date.now().toString(36)}`;

export async function addHead(
  db: Database,
  actor: Actor,
  input: { name: string; nameBn: string },
): Promise<FeeHead> {
  requireFeeStaff(actor);
  try {
    const [made] = await db
      .insert(feeHeads)
      .values({
        key: keyOf(input.name),
        name: input.name,
        nameBn: input.nameBn,
        position: sql`(select coalesce(max(position), 0) + 1 from fee_heads)`,
      })
      .returning({ id: feeHeads.id, key: feeHeads.key, name: feeHeads.name, nameBn: feeHeads.nameBn });
    if (!made) throw new Error("the head was not stored");
    return made;
  } catch (error) {
    if (databaseErrorOf(error)?.code === "23505")
      throw DomainError.ofField("conflict", "name", problem("fees.headTaken"));
    throw error;
  }
}

export async function headByKey(db: DatabaseOrTransaction, key: string): Promise<FeeHead> {
  const [head] = await db
    .select({ id: feeHeads.id, key: feeHeads.key, name: feeHeads.name, nameBn: feeHeads.nameBn })
    .from(feeHeads)
    .where(sql`lower(${feeHeads.key}) = lower(${key}) or lower(${feeHeads.name}) = lower(${key})`)
    .limit(1);
  if (!head) throw DomainError.ofField("invalid", "head", problem("fees.head"));
  return head;
}

/** The rates and fines of a class (by id) in a session. */
export async function structureOf(
  db: DatabaseOrTransaction,
  session: string,
  schoolClass: { id: string; name: string; sections: string[] },
): Promise<FeeStructure> {
  const [rates, fines] = await Promise.all([
    db
      .select({ rate: feeRates, head: feeHeads })
      .from(feeRates)
      .innerJoin(feeHeads, eq(feeHeads.id, feeRates.headId))
      .where(and(eq(feeRates.session, session), eq(feeRates.classId, schoolClass.id)))
      .orderBy(asc(feeHeads.position), asc(feeHeads.name)),
    db
      .select({ afterDay: feeFineBands.afterDay, amountMinor: feeFineBands.amountMinor })
      .from(feeFineBands)
      .where(and(eq(feeFineBands.session, session), eq(feeFineBands.classId, schoolClass.id)))
      .orderBy(sql`${feeFineBands.afterDay} asc nulls last`),
  ]);
  return {
    session,
    class: schoolClass,
    rates: rates.map(({ rate, head }) => ({
      id: rate.id,
      head: { id: head.id, key: head.key, name: head.name, nameBn: head.nameBn },
      amountMinor: rate.amountMinor,
      due: rate.due,
      dueDay: rate.dueDay,
      months: rate.months,
    })),
    fines,
  };
}

export async function readStructure(
  db: DatabaseOrTransaction,
  actor: Actor,
  session: string,
  className: string,
): Promise<FeeStructure> {
  requireFeeStaff(actor);
  return structureOf(db, session, await feeClassNamed(db, className));
}

/** Sets what a class pays for a head in a session (a new rate, or the one it had changed). */
export async function setRate(db: Database, actor: Actor, input: FeeRateInput): Promise<FeeStructure> {
  requireFeeStaff(actor);
  const schoolClass = await feeClassNamed(db, input.class);
  const head = await headByKey(db, input.head);
  const values = {
    amountMinor: input.amount,
    due: input.due,
    dueDay: input.dueDay,
    months: input.due === "months" ? [...new Set(input.months)].sort((a, b) => a - b) : [],
  };
  await db
    .insert(feeRates)
    .values({ session: input.session, classId: schoolClass.id, headId: head.id, ...values })
    .onConflictDoUpdate({
      target: [feeRates.session, feeRates.classId, feeRates.headId],
      set: { ...values, updatedAt: new Date() },
    });
  return structureOf(db, input.session, schoolClass);
}

/** Takes a rate away: invoices made from it stay as they are. */
export async function removeRate(db: Database, actor: Actor, id: string): Promise<{ deleted: true }> {
  requireFeeStaff(actor);
  if (!uuidPattern.test(id)) throw notFound("feeRate");
  const [gone] = await db.delete(feeRates).where(eq(feeRates.id, id)).returning({ id: feeRates.id });
  if (!gone) throw notFound("feeRate");
  return { deleted: true };
}

/** Replaces a class's late fines in a session. */
export async function setFineBands(db: Database, actor: Actor, input: FineBandsInput): Promise<FeeStructure> {
  requireFeeStaff(actor);
  const schoolClass = await feeClassNamed(db, input.class);
  await db.transaction(async (tx) => {
    await tx
      .delete(feeFineBands)
      .where(and(eq(feeFineBands.session, input.session), eq(feeFineBands.classId, schoolClass.id)));
    if (input.bands.length > 0)
      await tx.insert(feeFineBands).values(
        input.bands.map((band) => ({
          session: input.session,
          classId: schoolClass.id,
          afterDay: band.afterDay,
          amountMinor: band.amount,
        })),
      );
  });
  return structureOf(db, input.session, schoolClass);
}
