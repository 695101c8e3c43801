// Exam results: admins set up exams, import marks sheets and publish; anyone looks up a published

// marksheet by roll and registration number.
import { z } from "zod";
import { englishOf } from "../../common/errors/english";
import { problem } from "../../common/errors/problem";
import {
  classInput,
  componentKinds,
  examInput,
  linkAccountInput,
  lookupQuery,
  marksInput,
  publishInput,
  schemeKinds,
} from "../../common/schemas/results";
import { linkAccount } from "../domain/account-links";
import { requireAdmin } from "../domain/actor";
import { listClasses, type SchoolClass, saveClass } from "../domain/classes";
import { publishExam, unpublishExam } from "../domain/exam-publishing";
import { createExam, updateExam } from "../domain/exam-setup";
import { type Exam, getExam, listExams } from "../domain/exams";
import { marksGrid, saveMarks } from "../domain/marks";
import { importMarks } from "../domain/marks-import";
import { lookupResult, ownMarksheets } from "../domain/result-lookup";
import { sheetError } from "../exam-results/marks-sheet";
import { readMarksSheet } from "../exam-results/marks-sheet-reading";
import { Answer, endpoint } from "./endpoint";

const tag = "Exam results";
const classWire = z.object({ _id: z.string(), name: z.string(), sections: z.array(z.string()) });
const classToWire = ({ id, ...rest }: SchoolClass) => ({ _id: id, ...rest });
const idParams = z.object({ id: z.string().max(100) });

const componentWire = z.object({
  kind: z.enum(componentKinds),
  full: z.number().int(),
  pass: z.number().int(),
});
const subjectWire = z.object({
  code: z.string(),
  name: z.string(),
  optional: z.boolean(),
  components: z.array(componentWire),
});
const schemeWire = z.object({
  kind: z.enum(schemeKinds),
  bands: z.array(z.object({ min: z.number(), grade: z.string(), point: z.number() })).optional(),
});
export const examWire = z.object({
  _id: z.string(),
  name: z.string(),
  session: z.string(),
  class: z.string(),
  scheme: schemeWire,
  showPosition: z.boolean(),
  figuresPublic: z.boolean(),
  publishAt: z.string().nullable(),
  published: z.boolean(),
  subjects: z.array(subjectWire),
});
export const examToWire = (exam: Exam) => {
  const { id, ...rest } = exam;
  return { _id: id, ...rest };
};

const marksheetSubjectWire = z.object({
  code: z.string(),
  name: z.string(),
  optional: z.boolean(),
  marks: z.number(),
  full: z.number(),
  components: z.array(componentWire.extend({ score: z.number().nullable() })),
  grade: z.string(),
  point: z.number(),
  failed: z.boolean(),
  absent: z.boolean(),
});
export const marksheetWire = z.object({
  institute: z.object({ name: z.string() }),
  exam: z.object({
    id: z.string(),
    name: z.string(),
    session: z.string(),
    scheme: z.enum(schemeKinds),
    publishedAt: z.string(),
  }),
  student: z.string(),
  class: z.string(),
  section: z.string().nullable(),
  roll: z.string(),
  registration: z.string(),
  subjects: z.array(marksheetSubjectWire),
  gpa: z.number(),
  gpaWithoutOptional: z.number(),
  grade: z.string(),
  result: z.enum(["pass", "fail"]),
  totalMarks: z.number(),
  fullMarks: z.number(),
  position: z.number().int().nullable(),
});

const sheetErrorWire = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  key: z.string().meta({ description: "The message's code (see Error)" }),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const sheetRefusal = z.object({
  error: z.object({
    code: z.literal("invalid_sheet"),
    message: z.string(),
    key: z.literal("exam.sheetProblems"),
    params: z.object({ count: z.number().int() }),
  }),
  imported: z.literal(0),
  enrolled: z.literal(0),
  errors: z.array(sheetErrorWire),
});

export const examEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/results/classes"],
    summary: "The institute's classes with their sections, in order",
    tag,
    access: "anyone",
    sharedView: () => "everyone",
    response: z.array(classWire),
    handle: async ({ services }) => (await listClasses(services.db)).map(classToWire),
  }),
  endpoint({
    method: "POST",
    paths: ["/results/classes"],
    summary: "Add a class (at the end of the list) with its sections",
    tag,
    access: "admin",
    body: classInput,
    status: 201,
    responseHeaders: ["Location"],
    response: classWire,
    errors: { "409": "Another class has this name" },
    handle: async ({ services, actor, body }) => {
      const made = await saveClass(services.db, actor, body);
      return new Answer(classToWire(made), { Location: `/api/results/classes/${made.id}` });
    },
  }),
  endpoint({
    method: "PUT",
    paths: ["/results/classes/:id"],
    summary: "Rename a class and set its sections",
    tag,
    access: "admin",
    params: idParams,
    body: classInput,
    response: classWire,
    errors: { "404": "No such class", "409": "Another class has this name" },
    handle: async ({ services, actor, params, body }) =>
      classToWire(await saveClass(services.db, actor, body, params.id)),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/exams"],
    summary: "Exams: every exam for admins, the published ones for everyone else",
    tag,
    access: "anyone",
    sharedView: (actor) => (actor.kind === "user" && actor.isAdmin ? "admins" : "everyone"),
    response: z.array(examWire),
    handle: async ({ services, actor }) => (await listExams(services.db, actor)).map(examToWire),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/exams/:id"],
    summary: "One exam with its subjects (a visitor sees it once published)",
    tag,
    access: "anyone",
    sharedView: (actor) => (actor.kind === "user" && actor.isAdmin ? "admins" : "everyone"),
    params: idParams,
    response: examWire,
    errors: { "404": "No such exam, or not published" },
    handle: async ({ services, actor, params }) => examToWire(await getExam(services.db, actor, params.id)),
  }),
  endpoint({
    method: "POST",
    paths: ["/results/exams"],
    summary:
      "Set up an exam: name, session, class (of GET /results/classes), grading scheme (national 5.00 scale, " +
      "Qawmi divisions, or a table of bands) and subjects with their components' full and pass marks",
    tag,
    access: "admin",
    body: examInput,
    status: 201,
    responseHeaders: ["Location"],
    response: examWire,
    handle: async ({ services, actor, body }) => {
      const exam = await createExam(services.db, actor, body);
      return new Answer(examToWire(exam), { Location: `/api/results/exams/${exam.id}` });
    },
  }),
  endpoint({
    method: "PUT",
    paths: ["/results/exams/:id"],
    summary:
      "Change an exam: name, settings and subjects (all of them, as when setting it up). Marks of a subject " +
      "or part that is gone are removed, every student is graded again; a full mark below a score already " +
      "entered is refused, and so is another class or session once marks are in.",
    tag,
    access: "admin",
    params: idParams,
    body: examInput,
    response: examWire,
    errors: { "404": "No such exam", "409": "Marks are entered: the class and session stay" },
    handle: async ({ services, actor, params, body }) =>
      examToWire(await updateExam(services.db, actor, params.id, body)),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/exams/:id/marks"],
    summary:
      "Every student of the exam's class and session with the marks entered so far. A teacher gets the subjects " +
      "assigned to them (and their sections' students); `subject` (a code) names one, refused (403) when not theirs",
    tag,
    access: "teacher or admin",
    params: idParams,
    query: z.strictObject({ subject: z.string().max(20).optional() }),
    response: z.object({
      exam: examWire,
      students: z.array(
        z.object({
          enrolment: z.string(),
          roll: z.string(),
          registration: z.string(),
          name: z.string(),
          scores: z.record(z.string(), z.record(z.string(), z.number().nullable())),
        }),
      ),
    }),
    handle: async ({ services, actor, params, query }) => {
      const grid = await marksGrid(services.db, actor, params.id, query.subject);
      return { ...grid, exam: examToWire(grid.exam) };
    },
  }),
  endpoint({
    method: "PATCH",
    paths: ["/results/exams/:id/marks"],
    summary:
      "Save scores typed in the marks grid: a whole number, null for absent, or no score to remove one. " +
      "Each is checked against its component's full marks; after publishing, each change is audited. " +
      "A teacher saves their own subjects' scores only (403 for another subject)",
    tag,
    access: "teacher or admin",
    params: idParams,
    body: marksInput,
    response: z.object({ saved: z.number().int() }),
    handle: ({ services, actor, params, body }) => saveMarks(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/results/exams/:id/marks"],
    summary:
      "Import a marks sheet (multipart `file`, CSV or XLSX: roll, registration, name, then one column per " +
      "subject component such as `101 written`). A roll not yet enrolled is enrolled. With any error, nothing " +
      "is saved and every error is told with its row and column. `?check=1` only checks: it answers what an " +
      "import would do and saves nothing.",
    tag,
    access: "admin",
    params: idParams,
    query: z.strictObject({
      check: z
        .enum(["1", "0"], { error: "check must be 1 or 0" })
        .transform((value) => value === "1")
        .optional(),
    }),
    body: z.strictObject({}),
    acceptsFiles: true,
    filesOnlyRead: true,
    fileFields: ["file"],
    response: z.object({
      imported: z.number().int(),
      enrolled: z.number().int(),
      errors: z.array(sheetErrorWire),
    }),
    errors: { "413": "The file is too large" },
    responses: {
      "422": {
        description: "The sheet has errors (each with its row and column): nothing was imported",
        schema: sheetRefusal,
      },
    },
    handle: async ({ services, actor, params, query, files }) => {
      requireAdmin(actor);
      const exam = await getExam(services.db, actor, params.id);
      const sheet = files.file
        ? await readMarksSheet(files.file, exam.subjects)
        : { rows: [], errors: [sheetError(0, "file", problem("exam.fileRequired"))] };
      const answer = await importMarks(services.db, actor, exam.id, sheet.rows, sheet.errors, {
        check: query.check,
      });
      if (answer.errors.length === 0) return answer;
      const found = problem("exam.sheetProblems", { count: answer.errors.length });
      return new Answer(
        { error: { code: "invalid_sheet", message: englishOf(found), ...found }, ...answer },
        {},
        422,
      );
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/results/exams/:id/publish"],
    summary: "Publish the exam's results now, or at `at` (visitors see nothing before)",
    tag,
    access: "admin",
    params: idParams,
    body: publishInput,
    response: examWire,
    handle: async ({ services, actor, params, body }) =>
      examToWire(await publishExam(services.db, actor, params.id, body.at)),
  }),
  endpoint({
    method: "POST",
    paths: ["/results/exams/:id/unpublish"],
    summary: "Hide the exam's results again",
    tag,
    access: "admin",
    params: idParams,
    body: z.strictObject({}),
    response: examWire,
    handle: async ({ services, actor, params }) =>
      examToWire(await unpublishExam(services.db, actor, params.id)),
  }),
  endpoint({
    method: "POST",
    paths: ["/results/enrolments/:id/accounts"],
    summary:
      "Link an account to an enrolled student, as the student (the profile then carries the class and roll) " +
      "or a guardian: either sees the student's marksheets in the profile",
    tag,
    access: "admin",
    params: idParams,
    body: linkAccountInput,
    response: z.object({ linked: z.literal(true) }),
    handle: ({ services, actor, params, body }) => linkAccount(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/mine"],
    summary:
      "The published marksheets of the students this account is linked to, as the student or a guardian",
    tag,
    access: "signed-in user",
    response: z.array(marksheetWire),
    handle: ({ services, actor, reads }) =>
      ownMarksheets(services.db, actor, { institute: services.config.instituteName, reads }),
  }),
  endpoint({
    method: "GET",
    paths: ["/results/lookup"],
    summary:
      "A published marksheet, found by exam, roll and registration number (both must match). " +
      "Limited per address: 30 lookups in 10 minutes.",
    tag,
    access: "anyone",
    query: lookupQuery,
    rateLimited: true,
    response: marksheetWire,
    errors: { "404": "No published exam, or no result for this roll and registration number" },
    // One student's marksheet: no shared cache keeps it, and nor does the page cache, where a copy
    // of each first lookup cost more to compress than any repeat saves (bench: results day). The
    // class is kept in memory instead (server/domain/result-lookup.ts).
    noStore: true,
    handle: ({ services, actor, query, client, reads }) =>
      lookupResult(services.db, actor, query, {
        client,
        institute: services.config.instituteName,
        reads,
      }),
  }),
];
