// An application's status after submission: the office moves it (under review, admit card
// issued, selected, waitlisted, rejected, admitted) with a note, audited; the applicant may
// withdraw it. Every change is kept in its history and queued to the guardian by text and e-mail
// in one transaction. Anyone may check a status with the number and a code sent to the
// application's phones: without the code nothing is shown, and a wrong number answers as a wrong
// code does.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import {
  type ApplicationStatus,
  nextStatuses,
  seatHoldingStatuses,
} from "../../../common/schemas/admission-applications";
import type { Locale } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import {
  admissionApplications,
  admissionRounds,
  admissionStatusChanges,
  admissionStatusCodes,
  admissions,
} from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin, type SignedInActor } from "../actor";
import { recordAudit } from "../audit/record";
import { DomainError } from "../errors";
import { guardianText } from "../messages/guardian-texts";
import { type ClientAddress, enforceAddressRateLimit, type RateLimitRule } from "../rate-limit";
import { type ApplicationView, applicationFor, readApplication } from "./applications";
import { languageOf, queueApplicationNews, queueStatusCode } from "./notify";
import { roundById, seatsTaken } from "./rounds";

export type StatusContext = { db: Database; school: string };

type Row = typeof admissionApplications.$inferSelect;

/**
 * Moves an application (its row locked by the caller) to `to` in the caller's transaction, with
 * `extra` columns set alike: the history, the audit entry and the guardian's news. A seat given
 * up (a selected or admitted child withdrawn or rejected) goes to the waiting list's next.
 */
export async function recordMove(
  tx: DatabaseOrTransaction,
  school: string,
  user: SignedInActor,
  application: Row,
  to: ApplicationStatus,
  note: string,
  extra: Partial<Pick<Row, "testRoll" | "testAt" | "testRoom" | "place" | "registerStudentId">> = {},
): Promise<Row> {
  const from = application.status;
  const [changed] = await tx
    .update(admissionApplications)
    .set({ status: to, ...extra, updatedAt: new Date() })
    .where(eq(admissionApplications.id, application.id))
    .returning();
  if (!changed) throw new Error("the application is gone");
  const [history] = await tx
    .insert(admissionStatusChanges)
    .values({ applicationId: application.id, fromStatus: from, toStatus: to, note, actorId: user.id })
    .returning({ id: admissionStatusChanges.id });
  await recordAudit(tx, user, {
    action: "update",
    subject: "application",
    subjectId: application.id,
    label: `${application.number ?? application.id}: ${from} → ${to}${note ? ` (${note})` : ""}`,
  });
  await queueApplicationNews(tx, school, changed, to, history?.id ?? to, note);
  if (seatHoldingStatuses.includes(from) && !seatHoldingStatuses.includes(to)) {
    await promoteNextWaiting(tx, school, user, changed);
  }
  return changed;
}

/** The waiting list's next of the class (by place, then number) takes a seat freed, and is told. */
async function promoteNextWaiting(
  tx: DatabaseOrTransaction,
  school: string,
  user: SignedInActor,
  freed: Row,
) {
  const round = await roundById(tx, freed.roundId);
  const seats = round.classes.find((c) => c.class === freed.className)?.seats ?? 0;
  const taken = (await seatsTaken(tx, round.id)).get(freed.className) ?? 0;
  if (taken >= seats) return;
  const [next] = await tx
    .select()
    .from(admissionApplications)
    .where(
      and(
        eq(admissionApplications.roundId, freed.roundId),
        eq(admissionApplications.className, freed.className),
        eq(admissionApplications.status, "waitlisted"),
      ),
    )
    .orderBy(sql`${admissionApplications.place} asc nulls last`, asc(admissionApplications.number))
    .limit(1)
    .for("update");
  if (!next) return;
  await recordMove(tx, school, user, next, "selected", seatFreedNote(languageOf(next), freed.number ?? ""));
}

const seatFreedNote = (locale: Locale, number: string) =>
  guardianText(locale, "applications.text.seatFreed", { number });

async function move(
  ctx: StatusContext,
  actor: Actor,
  id: string,
  to: ApplicationStatus,
  note: string,
  byApplicant: boolean,
): Promise<ApplicationView> {
  const { user } = await applicationFor(ctx.db, actor, id, true);
  await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.id, id))
      .for("update");
    if (!application) throw new Error("the application is gone");
    const from = application.status;
    const allowed = byApplicant
      ? from !== "draft" && nextStatuses[from].includes("withdrawn")
      : nextStatuses[from].includes(to);
    if (!allowed) {
      const found = problem("admission.moveNotAllowed", { from, to });
      throw new DomainError("conflict", found, { status: found });
    }
    if (seatHoldingStatuses.includes(to) && !seatHoldingStatuses.includes(from)) {
      const round = await roundById(tx, application.roundId);
      const seats = round.classes.find((c) => c.class === application.className)?.seats ?? 0;
      const taken = (await seatsTaken(tx, round.id)).get(application.className) ?? 0;
      if (taken >= seats) {
        const full = problem("admission.full", { class: application.className });
        throw new DomainError("conflict", full, { status: full });
      }
    }
    await recordMove(tx, ctx.school, user, application, to, note);
  });
  return readApplication(ctx.db, actor, id);
}

/** An admin moves an application to its next status, with a note for the guardian. */
export async function changeStatus(
  ctx: StatusContext,
  actor: Actor,
  id: string,
  input: { status: ApplicationStatus; note: string },
): Promise<ApplicationView> {
  requireAdmin(actor);
  return move(ctx, actor, id, input.status, input.note, false);
}

/** The applicant withdraws their submitted application. */
export async function withdrawApplication(
  ctx: StatusContext,
  actor: Actor,
  id: string,
): Promise<ApplicationView> {
  return move(ctx, actor, id, "withdrawn", "", true);
}

// ---- checking a status by number and code ----------------------------------------------------

const codeLifetimeMs = 10 * 60_000;
const maxTries = 5;
const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

export const statusCodeLimit: RateLimitRule = {
  name: "admission-status",
  max: 20,
  windowMs: 10 * 60_000,
  problem: problem("limit.admissionCodes"),
};

async function submittedByNumber(db: Database, number: string) {
  const [found] = await db
    .select()
    .from(admissionApplications)
    .where(eq(admissionApplications.number, number.toUpperCase()))
    .limit(1);
  return found;
}

/**
 * Anyone asks for a code to check an application: it is texted to the application's phones. The
 * answer is the same whether the number exists or not, so numbers cannot be walked.
 */
export async function requestStatusCode(
  ctx: StatusContext,
  input: { number: string },
  client: ClientAddress,
): Promise<{ sent: true }> {
  await enforceAddressRateLimit(ctx.db, statusCodeLimit, client);
  const application = await submittedByNumber(ctx.db, input.number);
  if (!application) return { sent: true };
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction(async (tx) => {
    const values = { codeHash: hashOf(code), expiresAt: new Date(Date.now() + codeLifetimeMs), attempts: 0 };
    await tx
      .insert(admissionStatusCodes)
      .values({ applicationId: application.id, ...values })
      .onConflictDoUpdate({ target: admissionStatusCodes.applicationId, set: values });
    await queueStatusCode(tx, ctx.school, application, code);
  });
  return { sent: true };
}

export type PublicStatus = {
  number: string;
  admission: string;
  class: string;
  status: ApplicationStatus;
  history: { status: ApplicationStatus; at: string }[];
};

/** The status of an application, for whoever holds its number and the code sent to its phone. */
export async function checkStatus(
  ctx: StatusContext,
  input: { number: string; code: string },
  client: ClientAddress,
): Promise<PublicStatus> {
  await enforceAddressRateLimit(ctx.db, statusCodeLimit, client);
  const wrong = () => new DomainError("not_found", problem("admission.codeWrong"));
  const application = await submittedByNumber(ctx.db, input.number);
  if (!application) throw wrong();
  const [kept] = await ctx.db
    .update(admissionStatusCodes)
    .set({ attempts: sql`${admissionStatusCodes.attempts} + 1` })
    .where(eq(admissionStatusCodes.applicationId, application.id))
    .returning();
  if (!kept || kept.expiresAt.getTime() < Date.now() || kept.attempts > maxTries) throw wrong();
  const same = timingSafeEqual(Buffer.from(kept.codeHash), Buffer.from(hashOf(input.code)));
  if (!same) throw wrong();
  const [round] = await ctx.db
    .select({ title: admissions.title })
    .from(admissionRounds)
    .innerJoin(admissions, eq(admissions.id, admissionRounds.admissionId))
    .where(eq(admissionRounds.id, application.roundId));
  const history = await ctx.db
    .select()
    .from(admissionStatusChanges)
    .where(eq(admissionStatusChanges.applicationId, application.id))
    .orderBy(admissionStatusChanges.createdAt);
  return {
    number: application.number ?? "",
    admission: round?.title ?? "",
    class: application.className,
    status: application.status,
    history: history.map((h) => ({ status: h.toStatus, at: h.createdAt.toISOString() })),
  };
}
