// An admission's round (docs/admission-applications.md): when it takes applications, the seats of
// each class and quota, the form fee, how places are decided and the form. An admin sets it; anyone
// reads it (no personal data: the seats left per class are counts).
import { and, eq, inArray, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import {
  type DecisionMethod,
  type DocumentKind,
  type ExtraField,
  type RoundClassInput,
  type RoundInput,
  seatHoldingStatuses,
} from "../../../common/schemas/admission-applications";
import { admissionApplications, admissionRounds, admissions } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError, notFound } from "../errors";

export type RoundRow = typeof admissionRounds.$inferSelect;

export type RoundView = {
  id: string;
  admissionId: string;
  title: string;
  session: number;
  opensAt: string;
  closesAt: string;
  feeMinor: number;
  decision: DecisionMethod;
  classes: (RoundClassInput & { seatsLeft: number })[];
  documents: DocumentKind[];
  fields: ExtraField[];
  instructions: string;
  /** open, or why not: not yet open, closed. */
  state: "open" | "not_open" | "closed";
};

/** The round of an admission record, or a 404 naming the round. */
export async function roundOfAdmission(db: DatabaseOrTransaction, admissionId: string): Promise<RoundRow> {
  if (!uuidPattern.test(admissionId)) throw notFound("round");
  const [round] = await db.select().from(admissionRounds).where(eq(admissionRounds.admissionId, admissionId));
  if (!round) throw notFound("round");
  return round;
}

export async function roundById(db: DatabaseOrTransaction, id: string): Promise<RoundRow> {
  const [round] = await db.select().from(admissionRounds).where(eq(admissionRounds.id, id));
  if (!round) throw notFound("round");
  return round;
}

/** Whether the round takes applications at `now`. */
export const roundState = (round: Pick<RoundRow, "opensAt" | "closesAt">, now = new Date()) =>
  now < round.opensAt ? "not_open" : now >= round.closesAt ? "closed" : "open";

const dhakaTime = (at: Date) =>
  `${new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 16).replace("T", " ")} (Dhaka)`;

/** A 409 when the round does not take applications now. */
export function requireOpen(round: Pick<RoundRow, "opensAt" | "closesAt">, now = new Date()) {
  const state = roundState(round, now);
  if (state === "not_open") {
    throw new DomainError("conflict", problem("admission.notOpen", { opens: dhakaTime(round.opensAt) }));
  }
  if (state === "closed") {
    throw new DomainError("conflict", problem("admission.closed", { closes: dhakaTime(round.closesAt) }));
  }
}

/** Applications holding a seat, per class: selected or admitted. */
export async function seatsTaken(db: DatabaseOrTransaction, roundId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ className: admissionApplications.className, count: sql<number>`count(*)::int` })
    .from(admissionApplications)
    .where(
      and(
        eq(admissionApplications.roundId, roundId),
        inArray(admissionApplications.status, [...seatHoldingStatuses]),
      ),
    )
    .groupBy(admissionApplications.className);
  return new Map(rows.map((row) => [row.className, Number(row.count)]));
}

/** The class of the round by its name (any case), or a 400 naming `field`. */
export function classOfRound(round: RoundRow, className: string, field = "class"): RoundClassInput {
  const found = round.classes.find((c) => c.class.toLowerCase() === className.trim().toLowerCase());
  if (!found) throw DomainError.ofField("invalid", field, problem("admission.classNotInRound"));
  return found;
}

/** A 409 when every seat of the class is taken. */
export async function requireSeat(db: DatabaseOrTransaction, round: RoundRow, className: string) {
  const schoolClass = classOfRound(round, className);
  const taken = (await seatsTaken(db, round.id)).get(schoolClass.class) ?? 0;
  if (taken >= schoolClass.seats) {
    throw new DomainError("conflict", problem("admission.full", { class: schoolClass.class }));
  }
}

async function viewOf(db: DatabaseOrTransaction, round: RoundRow, title: string): Promise<RoundView> {
  const taken = await seatsTaken(db, round.id);
  return {
    id: round.id,
    admissionId: round.admissionId,
    title,
    session: round.session,
    opensAt: round.opensAt.toISOString(),
    closesAt: round.closesAt.toISOString(),
    feeMinor: round.feeMinor,
    decision: round.decision,
    classes: round.classes.map((c) => ({
      ...c,
      seatsLeft: Math.max(0, c.seats - (taken.get(c.class) ?? 0)),
    })),
    documents: round.documents,
    fields: round.fields,
    instructions: round.instructions,
    state: roundState(round),
  };
}

/** Whether an admission has a round, and its state now (the admission's page offers to apply). */
export async function admissionRoundState(
  db: DatabaseOrTransaction,
  admissionId: string,
): Promise<"open" | "not_open" | "closed" | null> {
  if (!uuidPattern.test(admissionId)) return null;
  const [round] = await db
    .select({ opensAt: admissionRounds.opensAt, closesAt: admissionRounds.closesAt })
    .from(admissionRounds)
    .where(eq(admissionRounds.admissionId, admissionId));
  return round ? roundState(round) : null;
}

/** Anyone: the round of an admission, with the seats left per class. */
export async function readRound(db: DatabaseOrTransaction, admissionId: string): Promise<RoundView> {
  const round = await roundOfAdmission(db, admissionId);
  const [admission] = await db
    .select({ title: admissions.title })
    .from(admissions)
    .where(eq(admissions.id, admissionId));
  return viewOf(db, round, admission?.title ?? "");
}

/** An admin sets (or changes) the round of an admission record. */
export async function setRound(
  db: DatabaseOrTransaction,
  actor: Actor,
  admissionId: string,
  input: RoundInput,
): Promise<RoundView> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(admissionId)) throw notFound("round");
  const [admission] = await db
    .select({ id: admissions.id, title: admissions.title })
    .from(admissions)
    .where(eq(admissions.id, admissionId));
  if (!admission) throw notFound("round");
  const values = {
    session: input.session,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    feeMinor: input.fee,
    decision: input.decision,
    classes: input.classes,
    documents: [...new Set(input.documents)],
    fields: input.fields,
    instructions: input.instructions,
  };
  const [round] = await db
    .insert(admissionRounds)
    .values({ admissionId, ...values })
    .onConflictDoUpdate({ target: admissionRounds.admissionId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!round) throw new Error("the round was not stored");
  await recordAudit(db, admin, {
    action: "update",
    subject: "admission",
    subjectId: admissionId,
    label: `${admission.title}: admission round ${input.session}`,
  });
  return viewOf(db, round, admission.title);
}
