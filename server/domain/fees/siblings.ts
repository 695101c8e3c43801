// The sibling discount (issue 41 item 3): a rule per session that the school switches on, a
// percent off one head's charges for the second child of a family and another for each later
// one. Families are read from the register (children who share a guardian's phone), among the
// children studying in the session; generating a month makes the discount a line of each
// invoice (generate.ts). Invoices made before the rule keep what they say: a paid invoice never
// changes, and the office corrects an unpaid one with its reason if it must.
import { and, eq } from "drizzle-orm";
import { type SiblingChild, siblingPlaces } from "../../../common/fees";
import type { SiblingRuleInput } from "../../../common/schemas/fees";
import type { Database } from "../../db/client";
import { enrolments, feeHeads, feeSiblingRules, registerGuardians, registerStudents } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import type { Actor } from "../actor";
import { recordAudit } from "../audit/record";
import { requireFeeStaff } from "./access";
import { headByKey } from "./structure";

export type SiblingRule = {
  session: string;
  /** Whether it is on; off, the rest is null. */
  on: boolean;
  head: string | null;
  headName: string | null;
  secondPercent: number;
  laterPercent: number;
};

/** The audit trail's subject id: the rule is the session's, with no record of its own (as a routine's week). */
const ruleSubjectId = "00000000-0000-0000-0000-000000000000";

const off = (session: string): SiblingRule => ({
  session,
  on: false,
  head: null,
  headName: null,
  secondPercent: 0,
  laterPercent: 0,
});

/** The session's rule with its head's id, or null when it is off. */
export async function siblingRuleOf(db: DatabaseOrTransaction, session: string) {
  const [row] = await db
    .select({
      headId: feeSiblingRules.headId,
      head: feeHeads.key,
      headName: feeHeads.name,
      secondPercent: feeSiblingRules.secondPercent,
      laterPercent: feeSiblingRules.laterPercent,
    })
    .from(feeSiblingRules)
    .innerJoin(feeHeads, eq(feeHeads.id, feeSiblingRules.headId))
    .where(eq(feeSiblingRules.session, session));
  return row ?? null;
}

export async function readSiblingRule(db: Database, actor: Actor, session: string): Promise<SiblingRule> {
  requireFeeStaff(actor);
  const rule = await siblingRuleOf(db, session);
  if (!rule) return off(session);
  return {
    session,
    on: true,
    head: rule.head,
    headName: rule.headName,
    secondPercent: rule.secondPercent,
    laterPercent: rule.laterPercent,
  };
}

/** Switches the rule on (or changes it), or off with both percents 0; in the audit trail. */
export async function saveSiblingRule(
  db: Database,
  actor: Actor,
  input: SiblingRuleInput,
): Promise<SiblingRule> {
  const staff = requireFeeStaff(actor);
  const head = await headByKey(db, input.head);
  const on = input.secondPercent > 0 || input.laterPercent > 0;
  await db.transaction(async (tx) => {
    if (on) {
      const values = {
        headId: head.id,
        secondPercent: input.secondPercent,
        laterPercent: input.laterPercent,
        actorId: staff.id,
        updatedAt: new Date(),
      };
      await tx
        .insert(feeSiblingRules)
        .values({ session: input.session, ...values })
        .onConflictDoUpdate({ target: feeSiblingRules.session, set: values });
    } else {
      await tx.delete(feeSiblingRules).where(eq(feeSiblingRules.session, input.session));
    }
    await recordAudit(tx, staff, {
      action: "update",
      subject: "fee",
      subjectId: ruleSubjectId,
      label: on
        ? `Sibling discount ${input.session}: ${head.name}, ${input.secondPercent}% for the second child, ${input.laterPercent}% for each later one`
        : `Sibling discount ${input.session}: off`,
    });
  });
  return readSiblingRule(db, actor, input.session);
}

/** Each child's place in their family among the children studying in the session (1: the eldest). */
export async function siblingPlacesIn(
  db: DatabaseOrTransaction,
  session: string,
): Promise<Map<string, number>> {
  // One row per child and guardian's phone (a child without a guardian on record: one row, no phone).
  const rows = await db
    .select({
      id: registerStudents.id,
      dateOfBirth: registerStudents.dateOfBirth,
      phone: registerGuardians.phone,
    })
    .from(enrolments)
    .innerJoin(registerStudents, eq(registerStudents.id, enrolments.registerStudentId))
    .leftJoin(registerGuardians, eq(registerGuardians.registerStudentId, registerStudents.id))
    .where(and(eq(enrolments.session, session), eq(registerStudents.status, "studying")));
  const children = new Map<string, SiblingChild & { phones: string[] }>();
  for (const { id, dateOfBirth, phone } of rows) {
    const child = children.get(id) ?? { id, dateOfBirth, phones: [] };
    if (phone && !child.phones.includes(phone)) child.phones.push(phone);
    children.set(id, child);
  }
  return siblingPlaces([...children.values()]);
}
