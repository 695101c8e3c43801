// Results day: a visitor finds one student's marksheet of a published exam by roll and
// registration number, and a signed-in student or guardian sees their own.
//
// A published exam's marksheets change only when an admin changes something, which starts a new
// content generation (server/cache/page-cache.ts). So the whole class is read once per generation
// into memory, with the positions in class, and every lookup of that generation is a map lookup:
// results day's crowd costs the database nothing but its rate-limit counts.

import { and, count, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { classPositions } from "../../common/grading";
import type { Marksheet } from "../../common/schemas/results";
import { type ContentReads, freeze } from "../cache/content-reads";
import type { Database } from "../db/client";
import { enrolments, examResults, exams, registerGuardians, registerStudents } from "../db/schema";
import { type Actor, anonymous, requireUser } from "./actor";
import { DomainError, notFound } from "./errors";
import { type Exam, getExam } from "./exams";
import { type ClientAddress, enforceBufferedAddressRateLimit, type RateLimitRule } from "./rate-limit";

const lookupLimitMessage = problem("limit.resultLookups");

/**
 * Results day: every lookup counts, generously, as a mobile operator's carrier-grade NAT puts
 * many families behind one address.
 */
export const lookupLimit: RateLimitRule = {
  name: "result-lookup",
  max: 300,
  windowMs: 10 * 60_000,
  problem: lookupLimitMessage,
};

/**
 * Walking a class means guessing registration numbers: the lookups that find nothing are held
 * tight. A family that mistypes a number a few times is not held back.
 */
export const lookupMissLimit: RateLimitRule = {
  name: "result-lookup-miss",
  max: 30,
  windowMs: 10 * 60_000,
  problem: lookupLimitMessage,
};

const lookupMiss = () => new DomainError("not_found", problem("result.noMatch"));

type ResultRow = typeof examResults.$inferSelect;

const withInstitute = (row: ResultRow, institute: string, position: number | null): Marksheet => ({
  ...row.marksheet,
  institute: { name: institute },
  position,
});

/**
 * A published exam's marksheets by roll, positions included. The map and its marksheets are
 * shared by every request of the generation: read only.
 */
type PublishedClass = ReadonlyMap<string, Marksheet>;

async function readPublishedClass(db: Database, examId: string, institute: string): Promise<PublishedClass> {
  const exam = await getExam(db, anonymous, examId);
  const rows = await db.select().from(examResults).where(eq(examResults.examId, exam.id));
  const positions = exam.showPosition
    ? classPositions(
        rows.map((row) => ({
          id: row.enrolmentId,
          gpa: row.gpaHundredths / 100,
          totalMarks: row.totalMarks,
          result: row.passed ? "pass" : "fail",
        })),
      )
    : null;
  // Each marksheet frozen too (a Map's entries are not reached by the read's freeze): a shared
  // answer whose JSON and compressed bytes are made once (server/api/answer-bytes.ts).
  return new Map(
    rows.map((row) => [
      row.roll,
      freeze(withInstitute(row, institute, positions?.get(row.enrolmentId) ?? null)),
    ]),
  );
}

/**
 * The published class from this generation's reads; not found while the exam is not public. Kept
 * ten minutes rather than the usual minute: marks change only through the app (which starts a new
 * generation), and reading a class of 2,000 again stalled results day's crowd every minute.
 */
const publishedClass = (reads: ContentReads, db: Database, examId: string, institute: string) =>
  reads.remember(`published-marksheets ${examId}`, () => readPublishedClass(db, examId, institute), {
    ttlMs: 10 * 60_000,
  });

/**
 * Position in class among those who passed: 1 + the passed students ahead (GPA, then total
 * marks). A failed or absent student has none.
 */
async function positionOf(db: Database, examId: string, row: ResultRow): Promise<number | null> {
  if (!row.passed) return null;
  const better = or(
    gt(examResults.gpaHundredths, row.gpaHundredths),
    and(eq(examResults.gpaHundredths, row.gpaHundredths), gt(examResults.totalMarks, row.totalMarks)),
  );
  const [ahead] = await db
    .select({ n: count() })
    .from(examResults)
    .where(and(eq(examResults.examId, examId), eq(examResults.passed, true), better));
  return (ahead?.n ?? 0) + 1;
}

/** One marksheet read from the database: staff before publishing, or no generation known. */
async function readMarksheet(
  db: Database,
  exam: Exam,
  row: ResultRow,
  institute: string,
): Promise<Marksheet> {
  return withInstitute(row, institute, exam.showPosition ? await positionOf(db, exam.id, row) : null);
}

export type LookupInput = { exam: string; roll: string; registration: string };

export type LookupContext = {
  client: ClientAddress;
  institute: string;
  /** This request's content reads (a GET in a known generation): the class is then kept. */
  reads?: ContentReads;
};

const notFoundExam = (error: unknown) => {
  throw error instanceof DomainError && error.code === "not_found" ? notFound("exam") : error;
};

const isMiss = (error: unknown) =>
  error instanceof DomainError && error.code === "not_found" && error.problem.key === "result.noMatch";

/**
 * One student's marksheet of a published exam, when roll and registration number both match.
 * Counted per address (lookups, and those that found nothing), so a class cannot be walked
 * through. A lookup that finds is held only by the wide limit: families behind one carrier
 * address find their children's results on results day, however many guesses others there made
 * (a walker past the miss limit still spends the wide limit on every guess). Staff are not counted.
 */
export async function lookupResult(
  db: Database,
  actor: Actor,
  input: LookupInput,
  context: LookupContext,
): Promise<Marksheet> {
  if (actor.kind === "user" && actor.isAdmin) return await findMarksheet(db, actor, input, context, true);
  enforceBufferedAddressRateLimit(db, lookupLimit, context.client);
  try {
    return await findMarksheet(db, actor, input, context, false);
  } catch (error) {
    // Counted once it is known to be a miss (no await between the lookup's answer and the count:
    // misses that run together are each counted, and the 31st is refused).
    if (isMiss(error)) enforceBufferedAddressRateLimit(db, lookupMissLimit, context.client);
    throw error;
  }
}

async function findMarksheet(
  db: Database,
  actor: Actor,
  input: LookupInput,
  context: LookupContext,
  staff: boolean,
): Promise<Marksheet> {
  if (context.reads) {
    const kept = await publishedClass(context.reads, db, input.exam, context.institute).catch((error) =>
      // Staff also look exams up before they are published: those are read below.
      staff && error instanceof DomainError && error.code === "not_found" ? null : notFoundExam(error),
    );
    if (kept) {
      const sheet = kept.get(input.roll);
      if (!sheet || sheet.registration !== input.registration) throw lookupMiss();
      return sheet;
    }
  }
  const exam = await getExam(db, actor, input.exam).catch(notFoundExam);
  const [row] = await db
    .select()
    .from(examResults)
    .where(
      and(
        eq(examResults.examId, exam.id),
        eq(examResults.roll, input.roll),
        eq(examResults.registration, input.registration),
      ),
    );
  if (!row) throw lookupMiss();
  return await readMarksheet(db, exam, row, context.institute);
}

/** An exam unpublished since the list was read is left out; any other failure is not. */
const unpublishedMeanwhile = (error: unknown): null => {
  if (error instanceof DomainError && error.code === "not_found") return null;
  throw error;
};

/** The marksheets of the students this account is linked to (as the student or a guardian). */
export async function ownMarksheets(
  db: Database,
  actor: Actor,
  context: Omit<LookupContext, "client">,
  /** Only this child's (one of the account's own: a child's view in the profile). */
  childId?: string,
): Promise<Marksheet[]> {
  const user = requireUser(actor);
  // The children this account is on the register as (the student) or a guardian of.
  const children = db
    .select({ id: registerStudents.id })
    .from(registerStudents)
    .where(eq(registerStudents.userId, user.id))
    .union(
      db
        .select({ id: registerGuardians.registerStudentId })
        .from(registerGuardians)
        .where(eq(registerGuardians.userId, user.id)),
    );
  const rows = await db
    .select({ result: examResults })
    .from(examResults)
    .innerJoin(enrolments, eq(enrolments.id, examResults.enrolmentId))
    .innerJoin(exams, eq(exams.id, examResults.examId))
    .where(
      and(
        inArray(enrolments.registerStudentId, children),
        childId ? eq(enrolments.registerStudentId, childId) : undefined,
        isNotNull(exams.publishAt),
        lte(exams.publishAt, new Date()),
      ),
    )
    .orderBy(sql`${exams.publishAt} desc`)
    .limit(50);
  const sheets: Marksheet[] = [];
  for (const { result } of rows) {
    if (context.reads) {
      const kept = await publishedClass(context.reads, db, result.examId, context.institute).catch(
        unpublishedMeanwhile,
      );
      const sheet = kept?.get(result.roll);
      if (sheet) sheets.push(sheet);
      continue;
    }
    const exam = await getExam(db, actor, result.examId).catch(unpublishedMeanwhile);
    if (exam) sheets.push(await readMarksheet(db, exam, result, context.institute));
  }
  return sheets;
}
