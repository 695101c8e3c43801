// An exam's figures (pass rate, grades, subjects' averages) and its tabulation sheet as JSON. The
// files for the office (XLSX and PDF) are plain downloads: server/exam-results/exam-report-download.ts.
import { z } from "zod";
import { schemeKinds } from "../../common/schemas/results";
import { examFigures, tabulation } from "../domain/exam-reports";
import { endpoint } from "./endpoint";

const tag = "Exam results";
const idParams = z.object({ id: z.string().max(100) });

const reportExamWire = z.object({
  id: z.string(),
  name: z.string(),
  session: z.string(),
  class: z.string(),
  scheme: z.enum(schemeKinds),
  published: z.boolean(),
  figuresPublic: z.boolean(),
});

export const figuresWire = z.object({
  exam: reportExamWire,
  students: z.number().int(),
  sat: z.number().int(),
  absent: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  passRate: z.number(),
  aPlus: z.number().int(),
  grades: z.array(z.object({ grade: z.string(), count: z.number().int() })),
  subjects: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      optional: z.boolean(),
      full: z.number().int(),
      sat: z.number().int(),
      passed: z.number().int(),
      passRate: z.number(),
      average: z.number(),
      highest: z.number().int(),
    }),
  ),
});

export const tabulationWire = z.object({
  exam: reportExamWire,
  subjects: z.array(
    z.object({ code: z.string(), name: z.string(), optional: z.boolean(), full: z.number().int() }),
  ),
  students: z.array(
    z.object({
      roll: z.string(),
      registration: z.string(),
      name: z.string(),
      section: z.string().nullable(),
      subjects: z.array(
        z.object({
          code: z.string(),
          marks: z.number().int(),
          grade: z.string(),
          failed: z.boolean(),
          absent: z.boolean(),
        }),
      ),
      totalMarks: z.number().int(),
      gpa: z.number(),
      grade: z.string(),
      result: z.enum(["pass", "fail"]),
      position: z.number().int().nullable(),
      absent: z.boolean(),
    }),
  ),
});

export const examReportEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/results/exams/:id/figures"],
    summary:
      "An exam's figures: students, those who sat, passed, the pass rate (of those who sat), GPA 5.00s, " +
      "students by grade (or division), and each subject's average, pass rate and highest marks. " +
      "Admins always; others once the exam is published with its figures public",
    tag,
    access: "anyone",
    sharedView: (actor) => (actor.kind === "user" && actor.isAdmin ? "admins" : "everyone"),
    params: idParams,
    response: figuresWire,
    errors: { "404": "No such exam, or not published, or its figures are not public" },
    handle: ({ services, actor, params }) => examFigures(services.db, actor, params.id),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/exams/:id/tabulation"],
    summary:
      "The tabulation sheet: every student by roll with each subject's marks and grade, the total, GPA, " +
      "result and position in class among the passed (ties share a position; none for the failed)",
    tag,
    access: "admin",
    params: idParams,
    response: tabulationWire,
    handle: ({ services, actor, params }) => tabulation(services.db, actor, params.id),
  }),
];
