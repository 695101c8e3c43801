// A guardian's application (docs/admission-applications.md): a draft made by a signed-in account
// (phone or e-mail), changed and resumed until its fee is paid (payment.ts submits it). The same
// child (birth registration number) applies once per round and class: the database's unique
// index says so, whatever two requests do at once. The applicant reads their own; an admin and
// an accountant read any (the accountant for the payments); anyone else gets the same 404 whether
// the application exists or not.
import { and, asc, desc, eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type {
  ApplicationChange,
  ApplicationFields,
  ApplicationStatus,
  DocumentKind,
  NewApplicationInput,
} from "../../../common/schemas/admission-applications";
import {
  type ApplicantGuardian,
  admissionApplications,
  admissionDocuments,
  admissionOrders,
  admissionRounds,
  admissionStatusChanges,
  admissions,
  orders,
} from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, holdsRole, requireUser, type SignedInActor } from "../actor";
import { DomainError, notFound } from "../errors";
import { classOfRound, type RoundRow, requireOpen, roundById, roundOfAdmission } from "./rounds";

export type ApplicationRow = typeof admissionApplications.$inferSelect;

export type ApplicationView = {
  id: string;
  roundId: string;
  admissionId: string;
  admissionTitle: string;
  class: string;
  quota: string;
  status: ApplicationStatus;
  number: string | null;
  childName: string;
  childNameBn: string;
  dateOfBirth: string | null;
  birthRegistration: string | null;
  gender: string | null;
  guardians: ApplicantGuardian[];
  previousInstitution: string;
  extra: Record<string, string>;
  language: string;
  feeMinor: number;
  paid: boolean;
  submittedAt: string | null;
  documents: { kind: DocumentKind; name: string; size: number; contentType: string }[];
  history: { from: ApplicationStatus | null; to: ApplicationStatus; note: string; at: string }[];
  /** The admission test once an admit card is issued: the roll, the room, when, and the marks. */
  test: { roll: number; room: string; at: string; marks: number | null } | null;
  createdAt: string;
};

/** The staff who read every application: admins and accountants (who see the payments). */
export const isApplicationStaff = (actor: Actor) => holdsRole(actor, "accountant");

/**
 * The application if the actor may read it (its applicant, an admin or an accountant), otherwise
 * the same 404 as for none. `change`: only its applicant (or an admin) may change it.
 */
export async function applicationFor(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: string,
  change = false,
): Promise<{ user: SignedInActor; application: ApplicationRow }> {
  const user = requireUser(actor);
  if (!uuidPattern.test(id)) throw notFound("application");
  const [application] = await db.select().from(admissionApplications).where(eq(admissionApplications.id, id));
  if (!application) throw notFound("application");
  const own = application.userId === user.id;
  const allowed = own || user.isAdmin || (!change && isApplicationStaff(actor));
  if (!allowed) throw notFound("application");
  return { user, application };
}

/** A 400 naming the field when the child's date of birth is outside the class's limits. */
function checkAge(round: RoundRow, className: string, dateOfBirth: string | null | undefined) {
  if (!dateOfBirth) return;
  const limits = classOfRound(round, className);
  if (limits.bornFrom && dateOfBirth < limits.bornFrom) {
    throw DomainError.ofField(
      "invalid",
      "dateOfBirth",
      problem("admission.bornTooEarly", { date: limits.bornFrom }),
    );
  }
  if (limits.bornUntil && dateOfBirth > limits.bornUntil) {
    throw DomainError.ofField(
      "invalid",
      "dateOfBirth",
      problem("admission.bornTooLate", { date: limits.bornUntil }),
    );
  }
}

function checkQuota(round: RoundRow, className: string, quota: string | undefined) {
  if (!quota) return;
  const schoolClass = classOfRound(round, className);
  if (!schoolClass.quotas.some((q) => q.name.toLowerCase() === quota.toLowerCase())) {
    throw DomainError.ofField("invalid", "quota", problem("admission.quotaUnknown"));
  }
}

/** The answers to the admin's extra fields: known keys only, of their type. */
function checkExtra(round: RoundRow, extra: Record<string, string> | undefined) {
  if (!extra) return;
  for (const [key, value] of Object.entries(extra)) {
    const field = round.fields.find((f) => f.key === key);
    const at = `extra.${key}`;
    if (!field) throw DomainError.ofField("invalid", at, problem("request.unknownField"));
    if (value === "") continue;
    if (field.type === "number" && !/^-?\d+(\.\d+)?$/.test(value.trim())) {
      throw DomainError.ofField("invalid", at, problem("value.number"));
    }
    if (field.type === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
      throw DomainError.ofField("invalid", at, problem("value.date"));
    }
    if (field.type === "choice" && !field.choices.includes(value)) {
      throw DomainError.ofField("invalid", at, problem("admission.extraChoice"));
    }
  }
}

/** The form's values as columns (only those sent). */
function columnsOf(input: ApplicationChange) {
  return {
    ...(input.childName !== undefined ? { childName: input.childName } : {}),
    ...(input.childNameBn !== undefined ? { childNameBn: input.childNameBn } : {}),
    ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
    ...(input.birthRegistration !== undefined ? { birthRegistration: input.birthRegistration } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.guardians !== undefined ? { guardians: input.guardians } : {}),
    ...(input.previousInstitution !== undefined ? { previousInstitution: input.previousInstitution } : {}),
    ...(input.quota !== undefined ? { quota: input.quota } : {}),
    ...(input.extra !== undefined ? { extra: input.extra } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
}

/** The unique index on (round, class, birth registration) refused the row: a 409 naming the field. */
export function isDuplicateChild(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const found = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      found.code === "23505" &&
      (found.constraint === "admission_applications_one_child" ||
        found.message?.includes("admission_applications_one_child"))
    ) {
      return true;
    }
    current = found.cause;
  }
  return false;
}

const duplicate = () => DomainError.ofField("conflict", "birthRegistration", problem("admission.duplicate"));

/** A signed-in account starts an application (a draft) for a class of an admission's open round. */
export async function createApplication(
  db: DatabaseOrTransaction,
  actor: Actor,
  admissionId: string,
  input: NewApplicationInput,
): Promise<ApplicationView> {
  const user = requireUser(actor);
  const round = await roundOfAdmission(db, admissionId);
  const schoolClass = classOfRound(round, input.class);
  requireOpen(round);
  checkAge(round, schoolClass.class, input.dateOfBirth);
  checkQuota(round, schoolClass.class, input.quota);
  checkExtra(round, input.extra);
  let id: string;
  try {
    const [made] = await db
      .insert(admissionApplications)
      .values({ roundId: round.id, userId: user.id, className: schoolClass.class, ...columnsOf(input) })
      .returning({ id: admissionApplications.id });
    if (!made) throw new Error("the application was not stored");
    id = made.id;
  } catch (error) {
    if (isDuplicateChild(error)) throw duplicate();
    throw error;
  }
  await db.insert(admissionStatusChanges).values({ applicationId: id, toStatus: "draft", actorId: user.id });
  return readApplication(db, actor, id);
}

/** The applicant changes their draft (an admin may too); a submitted application is not a draft. */
export async function changeApplication(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: string,
  input: ApplicationChange,
): Promise<ApplicationView> {
  const { application } = await applicationFor(db, actor, id, true);
  if (application.status !== "draft") throw new DomainError("conflict", problem("admission.notDraft"));
  const round = await roundById(db, application.roundId);
  requireOpen(round);
  checkAge(round, application.className, input.dateOfBirth);
  checkQuota(round, application.className, input.quota);
  checkExtra(round, input.extra);
  try {
    await db
      .update(admissionApplications)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(admissionApplications.id, id), eq(admissionApplications.status, "draft")));
  } catch (error) {
    if (isDuplicateChild(error)) throw duplicate();
    throw error;
  }
  return readApplication(db, actor, id);
}

/**
 * What a draft still lacks before its fee can be paid, as field problems: the fixed core, the
 * round's documents and its required extra fields. Empty when complete.
 */
export async function missingParts(
  db: DatabaseOrTransaction,
  application: ApplicationRow,
  round: RoundRow,
): Promise<Record<string, ReturnType<typeof problem>>> {
  const missing: Record<string, ReturnType<typeof problem>> = {};
  const need = problem("admission.missing");
  const core: (keyof ApplicationFields)[] = [
    "childName",
    "childNameBn",
    "dateOfBirth",
    "birthRegistration",
    "gender",
  ];
  for (const key of core) {
    const value = application[key as keyof ApplicationRow];
    if (value === null || value === "") missing[key] = need;
  }
  if (application.guardians.length === 0) missing.guardians = need;
  const documents = await db
    .select({ kind: admissionDocuments.kind })
    .from(admissionDocuments)
    .where(eq(admissionDocuments.applicationId, application.id));
  const has = new Set(documents.map((d) => d.kind));
  for (const kind of round.documents) if (!has.has(kind)) missing[`documents.${kind}`] = need;
  for (const field of round.fields) {
    if (field.required && !application.extra[field.key]?.trim()) missing[`extra.${field.key}`] = need;
  }
  return missing;
}

/** The application as its applicant and the office see it. */
export async function readApplication(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: string,
): Promise<ApplicationView> {
  const { application } = await applicationFor(db, actor, id);
  return viewOf(db, application);
}

export async function viewOf(
  db: DatabaseOrTransaction,
  application: ApplicationRow,
): Promise<ApplicationView> {
  const [round] = await db
    .select({ round: admissionRounds, title: admissions.title })
    .from(admissionRounds)
    .innerJoin(admissions, eq(admissions.id, admissionRounds.admissionId))
    .where(eq(admissionRounds.id, application.roundId));
  const documents = await db
    .select()
    .from(admissionDocuments)
    .where(eq(admissionDocuments.applicationId, application.id))
    .orderBy(asc(admissionDocuments.kind));
  const history = await db
    .select()
    .from(admissionStatusChanges)
    .where(eq(admissionStatusChanges.applicationId, application.id))
    .orderBy(asc(admissionStatusChanges.createdAt));
  const [paid] = await db
    .select({ id: orders.id })
    .from(admissionOrders)
    .innerJoin(orders, eq(orders.id, admissionOrders.orderId))
    .where(and(eq(admissionOrders.applicationId, application.id), eq(orders.status, "paid")))
    .limit(1);
  return {
    id: application.id,
    roundId: application.roundId,
    admissionId: round?.round.admissionId ?? "",
    admissionTitle: round?.title ?? "",
    class: application.className,
    quota: application.quota,
    status: application.status,
    number: application.number,
    childName: application.childName,
    childNameBn: application.childNameBn,
    dateOfBirth: application.dateOfBirth,
    birthRegistration: application.birthRegistration,
    gender: application.gender,
    guardians: application.guardians,
    previousInstitution: application.previousInstitution,
    extra: application.extra,
    language: application.language,
    feeMinor: round?.round.feeMinor ?? 0,
    paid: Boolean(paid),
    submittedAt: application.submittedAt?.toISOString() ?? null,
    documents: documents.map((d) => ({
      kind: d.kind,
      name: d.name,
      size: d.size,
      contentType: d.contentType,
    })),
    history: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      note: h.note,
      at: h.createdAt.toISOString(),
    })),
    test:
      application.testRoll !== null && application.testAt
        ? {
            roll: application.testRoll,
            room: application.testRoom ?? "",
            at: application.testAt.toISOString(),
            marks: application.marks === null ? null : Number(application.marks),
          }
        : null,
    createdAt: application.createdAt.toISOString(),
  };
}

export type ApplicationSummary = {
  id: string;
  admissionTitle: string;
  class: string;
  childName: string;
  status: ApplicationStatus;
  number: string | null;
  updatedAt: string;
};

/** A signed-in account's own applications, newest first. */
export async function ownApplications(
  db: DatabaseOrTransaction,
  actor: Actor,
): Promise<ApplicationSummary[]> {
  const user = requireUser(actor);
  const rows = await db
    .select({ application: admissionApplications, title: admissions.title })
    .from(admissionApplications)
    .innerJoin(admissionRounds, eq(admissionRounds.id, admissionApplications.roundId))
    .innerJoin(admissions, eq(admissions.id, admissionRounds.admissionId))
    .where(eq(admissionApplications.userId, user.id))
    .orderBy(desc(admissionApplications.updatedAt));
  return rows.map(({ application, title }) => ({
    id: application.id,
    admissionTitle: title,
    class: application.className,
    childName: application.childName,
    status: application.status,
    number: application.number,
    updatedAt: application.updatedAt.toISOString(),
  }));
}
