// An exam's figures (pass rate, grades, each subject's average) and its tabulation sheet and
// merit list, for the office. All three are worked out from the graded results kept in
// exam_results (one query), never from the marks: those rows are what the marksheets show, so
// the figures always agree with them.
//
// Who sees what. The figures: admins always; anyone else once the exam is published and its
// `figuresPublic` is set (otherwise "not found", as for an unpublished exam, so a visitor cannot
// tell the two apart). The tabulation and the merit list name every student with their marks,
// which the lookup only gives to someone holding both of a student's numbers: admins only.
import { eq } from "drizzle-orm";
import { byMerit, classPositions, schemeBands } from "../../common/grading";
import type { GradedSubject, SchemeKind } from "../../common/schemas/results";
import type { Database } from "../db/client";
import { examResults } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";
import { notFound } from "./errors";
import { type Exam, getExam } from "./exams";

/** The exam a report is of, as its heading shows it. */
export type ReportExam = {
  id: string;
  name: string;
  session: string;
  class: string;
  scheme: SchemeKind;
  published: boolean;
  figuresPublic: boolean;
};

export type GradeCount = { grade: string; count: number };

export type SubjectFigures = {
  code: string;
  name: string;
  optional: boolean;
  full: number;
  /** Students who sat the subject (not absent from all of its parts). */
  sat: number;
  passed: number;
  /** Percent of those who sat, one decimal (0 when nobody sat). */
  passRate: number;
  /** Average marks of those who sat, one decimal (0 when nobody sat). */
  average: number;
  /** The highest marks (0 when nobody sat). */
  highest: number;
};

export type ExamFigures = {
  exam: ReportExam;
  /** Students with a result: every student enrolled in the exam's class and session. */
  students: number;
  /** Students who sat at least one paper. */
  sat: number;
  /** Students absent from every paper. */
  absent: number;
  passed: number;
  /** Students who sat and failed. */
  failed: number;
  /** Percent of the students who sat, one decimal, as the boards count it (0 when nobody sat). */
  passRate: number;
  /** Students with GPA 5.00. */
  aPlus: number;
  /**
   * Students who sat, by the grade of their GPA (A+ to F), or by division in a Qawmi scheme;
   * every band of the scheme, highest first, those with nobody included.
   */
  grades: GradeCount[];
  subjects: SubjectFigures[];
};

/** One subject of a student's row: marks and grade. */
export type TabulationCell = {
  code: string;
  marks: number;
  grade: string;
  failed: boolean;
  absent: boolean;
};

export type TabulationRow = {
  roll: string;
  registration: string;
  name: string;
  section: string | null;
  /** In the exam's subject order. */
  subjects: TabulationCell[];
  totalMarks: number;
  gpa: number;
  grade: string;
  result: "pass" | "fail";
  /** Position in class among the passed (GPA, then total marks; ties share one); none if failed. */
  position: number | null;
  /** Absent from every paper. */
  absent: boolean;
};

export type Tabulation = {
  exam: ReportExam;
  subjects: { code: string; name: string; optional: boolean; full: number }[];
  students: TabulationRow[];
};

function reportExam(exam: Exam): ReportExam {
  return {
    id: exam.id,
    name: exam.name,
    session: exam.session,
    class: exam.class,
    scheme: exam.scheme.kind,
    published: exam.published,
    figuresPublic: exam.figuresPublic,
  };
}

/** a / b rounded half up to one decimal, in whole numbers so 68.45 cannot become 68.4. */
function oneDecimal(a: number, b: number): number {
  if (b === 0) return 0;
  return Math.floor((20 * a + b) / (2 * b)) / 10;
}

/** A percent of a whole, one decimal. */
const percent = (part: number, whole: number) => oneDecimal(100 * part, whole);

async function resultsOf(db: Database, examId: string) {
  return await db
    .select({
      enrolmentId: examResults.enrolmentId,
      passed: examResults.passed,
      gpaHundredths: examResults.gpaHundredths,
      totalMarks: examResults.totalMarks,
      marksheet: examResults.marksheet,
    })
    .from(examResults)
    .where(eq(examResults.examId, examId));
}

/** The exam, when this actor may see its figures. */
async function examWithFigures(db: Database, actor: Actor, examId: string): Promise<Exam> {
  const exam = await getExam(db, actor, examId);
  const staff = actor.kind === "user" && actor.isAdmin;
  if (!staff && !(exam.published && exam.figuresPublic)) throw notFound("exam");
  return exam;
}

export async function examFigures(db: Database, actor: Actor, examId: string): Promise<ExamFigures> {
  const exam = await examWithFigures(db, actor, examId);
  const rows = await resultsOf(db, exam.id);
  const sheets = rows.map((row) => row.marksheet);
  const satSheets = sheets.filter((sheet) => sheet.subjects.some((subject) => !subject.absent));
  const passed = rows.filter((row) => row.passed).length;

  // Every band of the scheme in order; a grade outside them (a custom table without a band worth
  // no points fails as F) is added after.
  const grades = new Map<string, number>(schemeBands(exam.scheme).map((band) => [band.grade, 0]));
  for (const sheet of satSheets) grades.set(sheet.grade, (grades.get(sheet.grade) ?? 0) + 1);

  const subjects = exam.subjects.map((rule): SubjectFigures => {
    const taken = sheets
      .map((sheet) => sheet.subjects.find((subject) => subject.code === rule.code))
      .filter((subject): subject is GradedSubject => subject !== undefined && !subject.absent);
    const total = taken.reduce((sum, subject) => sum + subject.marks, 0);
    const subjectPassed = taken.filter((subject) => !subject.failed).length;
    return {
      code: rule.code,
      name: rule.name,
      optional: rule.optional,
      full: rule.components.reduce((sum, component) => sum + component.full, 0),
      sat: taken.length,
      passed: subjectPassed,
      passRate: percent(subjectPassed, taken.length),
      average: oneDecimal(total, taken.length),
      highest: taken.reduce((high, subject) => Math.max(high, subject.marks), 0),
    };
  });

  return {
    exam: reportExam(exam),
    students: rows.length,
    sat: satSheets.length,
    absent: rows.length - satSheets.length,
    passed,
    failed: satSheets.length - passed,
    passRate: percent(passed, satSheets.length),
    aPlus: rows.filter((row) => row.passed && row.gpaHundredths === 500).length,
    grades: [...grades].map(([grade, count]) => ({ grade, count })),
    subjects,
  };
}

/** Rolls are digits: a shorter one is a smaller number ("9" before "10"). */
const byRoll = (a: { roll: string }, b: { roll: string }) =>
  a.roll.length - b.roll.length || (a.roll < b.roll ? -1 : a.roll > b.roll ? 1 : 0);

/** Every student by every subject, ordered by roll. Admins only. */
export async function tabulation(db: Database, actor: Actor, examId: string): Promise<Tabulation> {
  requireAdmin(actor);
  const exam = await getExam(db, actor, examId);
  const rows = await resultsOf(db, exam.id);
  const positions = classPositions(
    rows.map((row) => ({
      id: row.enrolmentId,
      gpa: row.gpaHundredths / 100,
      totalMarks: row.totalMarks,
      result: row.passed ? "pass" : "fail",
    })),
  );
  const students = rows.map((row): TabulationRow => {
    const sheet = row.marksheet;
    return {
      roll: sheet.roll,
      registration: sheet.registration,
      name: sheet.student,
      section: sheet.section,
      subjects: exam.subjects.map((rule) => {
        const graded = sheet.subjects.find((subject) => subject.code === rule.code);
        // Every result is regraded when the subjects change; a missing one reads as absent.
        if (!graded) return { code: rule.code, marks: 0, grade: "", failed: true, absent: true };
        const { code, marks, grade, failed, absent } = graded;
        return { code, marks, grade, failed, absent };
      }),
      totalMarks: row.totalMarks,
      gpa: row.gpaHundredths / 100,
      grade: sheet.grade,
      result: row.passed ? "pass" : "fail",
      position: positions.get(row.enrolmentId) ?? null,
      absent: sheet.subjects.every((subject) => subject.absent),
    };
  });
  return {
    exam: reportExam(exam),
    subjects: exam.subjects.map((rule) => ({
      code: rule.code,
      name: rule.name,
      optional: rule.optional,
      full: rule.components.reduce((sum, component) => sum + component.full, 0),
    })),
    students: students.sort(byRoll),
  };
}

/**
 * The tabulation in merit order: the passed by position (GPA, then total marks; ties share a
 * position and are listed by roll), then the failed the same way. Admins only.
 */
export async function meritList(db: Database, actor: Actor, examId: string): Promise<Tabulation> {
  const sheet = await tabulation(db, actor, examId);
  // The roll order is kept among equals: the sort is stable.
  return { ...sheet, students: [...sheet.students].sort(byMerit) };
}
