// A child's guardians as the register knows them: name, relation and the phone a linking code goes
// to. Adding, changing and removing one is audited on the child.
import { count, eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { GuardianChange, GuardianInput } from "../../../common/schemas/register";
import type { Database } from "../../db/client";
import { registerGuardians, registerStudents } from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import { type Child, childById, type RegisterContext } from "./read";

/** Guardians one child may have on the register. */
export const maxGuardians = 6;

type Context = RegisterContext & { db: Database };

const relationWords = (input: { name: string; relation: string; phone: string | null }) =>
  `${input.relation} ${input.name}${input.phone ? ` ${input.phone}` : ""}`.trim();

export async function addGuardian(
  ctx: Context,
  actor: Actor,
  childId: string,
  input: GuardianInput,
): Promise<Child> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(childId)) throw notFound("child");
  await ctx.db.transaction(async (tx) => {
    const [child] = await tx
      .select({ name: registerStudents.name })
      .from(registerStudents)
      .where(eq(registerStudents.id, childId))
      .for("update");
    if (!child) throw notFound("child");
    const [held] = await tx
      .select({ n: count() })
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, childId));
    if ((held?.n ?? 0) >= maxGuardians)
      throw new DomainError("conflict", problem("value.atMost", { max: maxGuardians }), {
        guardians: problem("value.atMost", { max: maxGuardians }),
      });
    await tx.insert(registerGuardians).values({ ...input, registerStudentId: childId });
    await recordAudit(tx, admin, {
      action: "update",
      subject: "child",
      subjectId: childId,
      label: `${child.name}: guardian added (${relationWords(input)})`,
    });
  });
  return childById(ctx, childId);
}

/** The guardian's row and its child's name, or 404. */
async function guardianOf(ctx: Context, id: string) {
  if (!uuidPattern.test(id)) throw notFound("guardian");
  const [row] = await ctx.db
    .select({ guardian: registerGuardians, childName: registerStudents.name })
    .from(registerGuardians)
    .innerJoin(registerStudents, eq(registerStudents.id, registerGuardians.registerStudentId))
    .where(eq(registerGuardians.id, id));
  if (!row) throw notFound("guardian");
  return row;
}

export async function changeGuardian(
  ctx: Context,
  actor: Actor,
  id: string,
  change: GuardianChange,
): Promise<Child> {
  const admin = requireAdmin(actor);
  const { guardian, childName } = await guardianOf(ctx, id);
  const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(registerGuardians)
      .set(values)
      .where(eq(registerGuardians.id, id))
      .returning();
    if (!changed) throw notFound("guardian");
    await recordAudit(tx, admin, {
      action: "update",
      subject: "child",
      subjectId: guardian.registerStudentId,
      label: `${childName}: guardian changed (${relationWords(changed)})`,
    });
  });
  return childById(ctx, guardian.registerStudentId);
}

/** Removes a guardian from the register; a linked account no longer sees the child. */
export async function removeGuardian(ctx: Context, actor: Actor, id: string): Promise<Child> {
  const admin = requireAdmin(actor);
  const { guardian, childName } = await guardianOf(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(registerGuardians).where(eq(registerGuardians.id, id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "child",
      subjectId: guardian.registerStudentId,
      label: `${childName}: guardian removed (${relationWords(guardian)})`,
    });
  });
  return childById(ctx, guardian.registerStudentId);
}
