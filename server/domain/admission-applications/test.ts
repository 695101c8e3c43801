// An admission decided by a written test (docs/admission-applications.md, "The test"): the office
// issues admit cards for a class (each applicant a roll, the test's time and a room, the rooms
// filled in order of the numbers), enters the marks (a list, or CSV), and ranks the class: the
// best marks fill the seats left, the rest are waitlisted in order (equal marks: the lower roll
// first). Every move is kept, audited and told to the guardian (status.ts's recordMove). Admins.
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import type { AdmitCardsInput } from "../../../common/schemas/admission-applications";
import type { Database } from "../../db/client";
import { admissionApplications } from "../../db/schema";
import { type Actor, requireAdmin } from "../actor";
import { DomainError } from "../errors";
import { classOfRound, roundOfAdmission, seatsTaken } from "./rounds";
import { recordMove, type StatusContext } from "./status";

export type AdmitCard = { number: string; roll: number; room: string; testAt: string };

/** Statuses that sit the test: submitted, under review, or with a card already (a new time or room). */
const sitting = ["submitted", "under_review", "admit_card_issued"] as const;

export async function issueAdmitCards(
  ctx: StatusContext,
  actor: Actor,
  admissionId: string,
  input: AdmitCardsInput,
): Promise<{ cards: AdmitCard[] }> {
  const admin = requireAdmin(actor);
  const round = await roundOfAdmission(ctx.db, admissionId);
  const schoolClass = classOfRound(round, input.class);
  const cards = await ctx.db.transaction(async (tx) => {
    const applicants = await tx
      .select()
      .from(admissionApplications)
      .where(
        and(
          eq(admissionApplications.roundId, round.id),
          eq(admissionApplications.className, schoolClass.class),
          inArray(admissionApplications.status, [...sitting]),
        ),
      )
      .orderBy(asc(admissionApplications.number))
      .for("update");
    const capacity = input.rooms.reduce((sum, room) => sum + room.seats, 0);
    if (applicants.length > capacity) {
      throw DomainError.ofField(
        "conflict",
        "rooms",
        problem("admission.roomsTooSmall", { applicants: applicants.length, seats: capacity }),
      );
    }
    // Rolls already given keep their number; the new ones follow the highest.
    const [highest] = await tx
      .select({ roll: sql<number | null>`max(${admissionApplications.testRoll})` })
      .from(admissionApplications)
      .where(
        and(
          eq(admissionApplications.roundId, round.id),
          eq(admissionApplications.className, schoolClass.class),
        ),
      );
    let nextRoll = Number(highest?.roll ?? 0) + 1;
    const rooms = input.rooms.flatMap((room) => Array.from({ length: room.seats }, () => room.room));
    const made: AdmitCard[] = [];
    for (const [index, application] of applicants.entries()) {
      const roll = application.testRoll ?? nextRoll++;
      const room = rooms[index] ?? "";
      const extra = { testRoll: roll, testAt: input.testAt, testRoom: room };
      if (application.status === "admit_card_issued") {
        await tx.update(admissionApplications).set(extra).where(eq(admissionApplications.id, application.id));
      } else {
        await recordMove(tx, ctx.school, admin, application, "admit_card_issued", "", extra);
      }
      made.push({ number: application.number ?? "", roll, room, testAt: input.testAt.toISOString() });
    }
    return made;
  });
  return { cards };
}

/** Enters the marks of applicants with an admit card of this round, by their numbers. */
export async function enterMarks(
  db: Database,
  actor: Actor,
  admissionId: string,
  rows: { number: string; marks: number }[],
): Promise<{ entered: number }> {
  requireAdmin(actor);
  const round = await roundOfAdmission(db, admissionId);
  return db.transaction(async (tx) => {
    const numbers = [...new Set(rows.map((row) => row.number))];
    const found = await tx
      .select({ id: admissionApplications.id, number: admissionApplications.number })
      .from(admissionApplications)
      .where(
        and(
          eq(admissionApplications.roundId, round.id),
          eq(admissionApplications.status, "admit_card_issued"),
          inArray(admissionApplications.number, numbers),
        ),
      );
    const idOf = new Map(found.map((row) => [row.number, row.id]));
    for (const [index, row] of rows.entries()) {
      const id = idOf.get(row.number);
      if (!id) throw DomainError.ofField("invalid", `marks.${index}.number`, problem("admission.noCard"));
      await tx
        .update(admissionApplications)
        .set({ marks: row.marks.toFixed(2), updatedAt: new Date() })
        .where(eq(admissionApplications.id, id));
    }
    return { entered: rows.length };
  });
}

/**
 * Ranks a class by the marks entered: the seats left go to the best, the others are waitlisted
 * in order (their place is the waiting list's order). Applicants without marks are not ranked.
 */
export async function rankClass(
  ctx: StatusContext,
  actor: Actor,
  admissionId: string,
  className: string,
): Promise<{ class: string; selected: string[]; waitlisted: string[] }> {
  const admin = requireAdmin(actor);
  const round = await roundOfAdmission(ctx.db, admissionId);
  const schoolClass = classOfRound(round, className);
  return ctx.db.transaction(async (tx) => {
    const ranked = await tx
      .select()
      .from(admissionApplications)
      .where(
        and(
          eq(admissionApplications.roundId, round.id),
          eq(admissionApplications.className, schoolClass.class),
          eq(admissionApplications.status, "admit_card_issued"),
          isNotNull(admissionApplications.marks),
        ),
      )
      .orderBy(sql`${admissionApplications.marks} desc`, asc(admissionApplications.testRoll))
      .for("update");
    if (ranked.length === 0) {
      throw DomainError.ofField("conflict", "class", problem("admission.nothingToRank"));
    }
    const taken = (await seatsTaken(tx, round.id)).get(schoolClass.class) ?? 0;
    let free = Math.max(0, schoolClass.seats - taken);
    const selected: string[] = [];
    const waitlisted: string[] = [];
    for (const [index, application] of ranked.entries()) {
      const to = free > 0 ? "selected" : "waitlisted";
      if (to === "selected") free--;
      await recordMove(tx, ctx.school, admin, application, to, "", { place: index + 1 });
      (to === "selected" ? selected : waitlisted).push(application.number ?? "");
    }
    return { class: schoolClass.class, selected, waitlisted };
  });
}
