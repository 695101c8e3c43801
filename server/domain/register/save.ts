// Adding a child to the register and changing their record, each change in the audit trail.
import { and, eq, ne } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { ChildChange, ChildInput, EnrolmentInput } from "../../../common/schemas/register";
import { databaseErrorOf } from "../../db/database-errors";
import { registerStudents } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";
import { writeEnrolment } from "./enrolment";
import { type Child, childById, type RegisterContext } from "./read";

const birthRegistrationTaken = () =>
  DomainError.ofField("conflict", "birthRegistration", problem("register.birthRegistrationTaken"));

/** Refuses a birth registration number another child has. */
async function checkBirthRegistration(
  db: DatabaseOrTransaction,
  value: string | null | undefined,
  self?: string,
) {
  if (!value) return;
  const [other] = await db
    .select({ id: registerStudents.id })
    .from(registerStudents)
    .where(
      self
        ? and(eq(registerStudents.birthRegistration, value), ne(registerStudents.id, self))
        : eq(registerStudents.birthRegistration, value),
    );
  if (other) throw birthRegistrationTaken();
}

/** A unique index refused the row meanwhile (two saves at once): the same answer as the check's. */
function uniqueRefusal(error: unknown): never {
  const found = databaseErrorOf(error);
  if (found?.code === "23505" && found.constraint?.includes("birth_registration"))
    throw birthRegistrationTaken();
  throw error;
}

/** Adds a child, with their enrolment in a session when one is given. */
export async function addChild(
  ctx: RegisterContext & { db: import("../../db/client").Database },
  actor: Actor,
  input: ChildInput & { enrolment?: EnrolmentInput },
): Promise<Child> {
  const admin = requireAdmin(actor);
  await checkBirthRegistration(ctx.db, input.birthRegistration);
  const id = await ctx.db
    .transaction(async (tx) => {
      const { enrolment, ...record } = input;
      const [made] = await tx.insert(registerStudents).values(record).returning({ id: registerStudents.id });
      if (!made) throw new Error("the child was not stored");
      let placed = "";
      if (enrolment) placed = ` (${await writeEnrolment(tx, made.id, record.name, enrolment)})`;
      await recordAudit(tx, admin, {
        action: "create",
        subject: "child",
        subjectId: made.id,
        label: `${record.name}${placed}`,
      });
      return made.id;
    })
    .catch(uniqueRefusal);
  return childById(ctx, id);
}

/** Changes the fields sent of a child's record. */
export async function changeChild(
  ctx: RegisterContext & { db: import("../../db/client").Database },
  actor: Actor,
  id: string,
  change: ChildChange,
): Promise<Child> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(id)) throw notFound("child");
  await checkBirthRegistration(ctx.db, change.birthRegistration, id);
  await ctx.db
    .transaction(async (tx) => {
      const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const [changed] = await tx
        .update(registerStudents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(registerStudents.id, id))
        .returning({ name: registerStudents.name });
      if (!changed) throw notFound("child");
      await recordAudit(tx, admin, {
        action: "update",
        subject: "child",
        subjectId: id,
        label: `${changed.name}: ${Object.keys(values).join(", ") || "nothing"} changed`,
      });
    })
    .catch(uniqueRefusal);
  return childById(ctx, id);
}
