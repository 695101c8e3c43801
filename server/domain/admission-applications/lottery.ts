// An admission decided by lottery (docs/admission-applications.md, "The lottery"): once the round
// has closed, an admin publishes the seed (32 random bytes) with the inputs, each class's
// application numbers in the draw, sorted; later the draw orders them by common/lottery.ts's
// algorithm. The order's first take the seats left, the rest are waitlisted in order. Anyone
// reads the seed, the inputs and the order (numbers only, never a name) and can recompute it.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { drawAlgorithm, drawOrder } from "../../../common/lottery";
import type { Database } from "../../db/client";
import { admissionApplications, admissionRounds, admissions, type LotteryClass } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError } from "../errors";
import { roundOfAdmission, roundState, seatsTaken } from "./rounds";
import { recordMove, type StatusContext } from "./status";

/** The statuses drawn from: submitted and not yet decided. */
const drawn = ["submitted", "under_review"] as const;

export type PublishedLottery = {
  admissionId: string;
  roundId: string;
  title: string;
  session: number;
  algorithm: typeof drawAlgorithm;
  seed: string | null;
  seedPublishedAt: string | null;
  drawnAt: string | null;
  classes: LotteryClass[];
};

/** Anyone: the lottery of an admission's round as published (nothing before the seed). */
export async function readLottery(db: DatabaseOrTransaction, admissionId: string): Promise<PublishedLottery> {
  const round = await roundOfAdmission(db, admissionId);
  if (round.decision !== "lottery") throw new DomainError("not_found", problem("admission.noLottery"));
  const [admission] = await db
    .select({ title: admissions.title })
    .from(admissions)
    .where(eq(admissions.id, admissionId));
  return {
    admissionId,
    roundId: round.id,
    title: admission?.title ?? "",
    session: round.session,
    algorithm: drawAlgorithm,
    seed: round.lotterySeed,
    seedPublishedAt: round.lotterySeedPublishedAt?.toISOString() ?? null,
    drawnAt: round.lotteryDrawnAt?.toISOString() ?? null,
    classes: (round.lottery ?? []).map((c) => ({
      class: c.class,
      seats: c.seats,
      inputs: c.inputs,
      order: c.order,
    })),
  };
}

const conflict = (
  key:
    | "admission.lotteryNotClosed"
    | "admission.seedPublished"
    | "admission.noSeed"
    | "admission.drawnAlready",
) => new DomainError("conflict", problem(key));

/** An admin publishes the seed and the inputs, once, after the round has closed. */
export async function publishSeed(
  db: Database,
  actor: Actor,
  admissionId: string,
): Promise<PublishedLottery> {
  const admin = requireAdmin(actor);
  const round = await roundOfAdmission(db, admissionId);
  if (round.decision !== "lottery") throw new DomainError("conflict", problem("admission.noLottery"));
  if (roundState(round) !== "closed") throw conflict("admission.lotteryNotClosed");
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ seed: admissionRounds.lotterySeed })
      .from(admissionRounds)
      .where(eq(admissionRounds.id, round.id))
      .for("update");
    if (locked?.seed) throw conflict("admission.seedPublished");
    const applicants = await tx
      .select({ number: admissionApplications.number, className: admissionApplications.className })
      .from(admissionApplications)
      .where(
        and(eq(admissionApplications.roundId, round.id), inArray(admissionApplications.status, [...drawn])),
      );
    const taken = await seatsTaken(tx, round.id);
    const classes: LotteryClass[] = round.classes.map((c) => ({
      class: c.class,
      seats: Math.max(0, c.seats - (taken.get(c.class) ?? 0)),
      inputs: applicants
        .filter((a) => a.className === c.class && a.number)
        .map((a) => a.number as string)
        .sort(),
      order: null,
    }));
    const seed = randomBytes(32).toString("hex");
    await tx
      .update(admissionRounds)
      .set({ lotterySeed: seed, lotterySeedPublishedAt: new Date(), lottery: classes, updatedAt: new Date() })
      .where(eq(admissionRounds.id, round.id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "admission",
      subjectId: admissionId,
      label: `lottery seed ${seed} published (${classes.map((c) => `${c.class}: ${c.inputs.length}`).join(", ")})`,
    });
  });
  return readLottery(db, admissionId);
}

/**
 * An admin draws, once, after the seed is published: each class's order; going down it, those
 * still in the draw take the seats left, the rest are waitlisted with their place in the order.
 */
export async function drawLottery(
  ctx: StatusContext,
  actor: Actor,
  admissionId: string,
): Promise<PublishedLottery> {
  const admin = requireAdmin(actor);
  const round = await roundOfAdmission(ctx.db, admissionId);
  if (round.decision !== "lottery") throw new DomainError("conflict", problem("admission.noLottery"));
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(admissionRounds)
      .where(eq(admissionRounds.id, round.id))
      .for("update");
    if (!locked?.lotterySeed || !locked.lottery) throw conflict("admission.noSeed");
    if (locked.lotteryDrawnAt) throw conflict("admission.drawnAlready");
    const seed = locked.lotterySeed;
    const classes = locked.lottery.map((c) => ({ ...c, order: drawOrder(seed, c.class, c.inputs) }));
    for (const c of classes) {
      const rows = await tx
        .select()
        .from(admissionApplications)
        .where(
          and(
            eq(admissionApplications.roundId, round.id),
            eq(admissionApplications.className, c.class),
            inArray(admissionApplications.status, [...drawn]),
          ),
        )
        .for("update");
      const byNumber = new Map(rows.map((row) => [row.number, row]));
      const taken = (await seatsTaken(tx, round.id)).get(c.class) ?? 0;
      const seats = round.classes.find((k) => k.class === c.class)?.seats ?? 0;
      let free = Math.max(0, seats - taken);
      for (const [index, number] of c.order.entries()) {
        const application = byNumber.get(number);
        // Withdrawn (or decided) since the seed was published: passed over.
        if (!application) continue;
        const to = free > 0 ? "selected" : "waitlisted";
        if (to === "selected") free--;
        await recordMove(tx, ctx.school, admin, application, to, "", { place: index + 1 });
      }
    }
    await tx
      .update(admissionRounds)
      .set({ lottery: classes, lotteryDrawnAt: new Date(), updatedAt: new Date() })
      .where(eq(admissionRounds.id, round.id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "admission",
      subjectId: admissionId,
      label: `lottery drawn with seed ${seed}`,
    });
  });
  return readLottery(ctx.db, admissionId);
}
