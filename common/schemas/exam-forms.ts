// The dashboard's exam forms as they are typed (subjects and a grade table as lines, sections
// between commas, a grid of scores), read into the calls' shapes and checked with results.ts's
// schemas, each problem named on the box it was typed in. The browser (useSchemaForm) and the
// server read them alike.
import { type Problem, problem } from "../errors/problem";
import { readScore } from "../scores";
import { readBandLines, readSubjectLines } from "../subject-lines";
import { fieldProblemsOf } from "./field-errors";
import { formCheck } from "./form-check";
import { classInput, examInput } from "./results";

type Values = Record<string, unknown>;
const text = (values: Values, name: string) => String(values[name] ?? "");

/** A problem inside a list (subjects.2.code) is shown on the box the list was typed in. */
function onBox(fields: Record<string, Problem>, list: string, box = list) {
  const inside = Object.entries(fields).find(([key]) => key.startsWith(`${list}.`));
  if (inside) {
    delete fields[inside[0]];
    fields[box] = { ...inside[1], at: inside[0] };
  }
}

/** The exam form (set up and change): the exam, or each box's problem. */
export function readExamForm(values: Values) {
  const lines = readSubjectLines(text(values, "subjects"));
  if (lines.error) return { fields: { subjects: lines.error } };
  const kind = values.scheme;
  const table = kind === "custom" ? readBandLines(text(values, "bands")) : { bands: [] };
  if (table.error) return { fields: { bands: table.error } };
  const parsed = examInput.safeParse({
    name: values.name,
    session: values.session,
    class: values.class,
    scheme: kind === "custom" ? { kind, bands: table.bands } : { kind },
    showPosition: values.showPosition === "on",
    figuresPublic: values.figuresPublic === "on",
    subjects: lines.subjects,
  });
  if (parsed.success) return { input: parsed.data };
  const fields = fieldProblemsOf(parsed.error);
  onBox(fields, "subjects");
  onBox(fields, "scheme", "bands");
  return { fields };
}

export const examFormInput = formCheck((values) => readExamForm(values).fields ?? {});

/** A class and its sections, typed between commas. */
export function readClassForm(values: Values) {
  const parsed = classInput.safeParse({
    name: values.name,
    sections: text(values, "sections")
      .split(",")
      .map((section) => section.trim())
      .filter(Boolean),
  });
  if (parsed.success) return { input: parsed.data };
  const fields = fieldProblemsOf(parsed.error);
  onBox(fields, "sections");
  return { fields };
}

export const classFormInput = formCheck((values) => readClassForm(values).fields ?? {});

/**
 * The marks grid: boxes named score.<enrolment>.<subject>.<component>, each a whole number up to
 * its full marks (`fullOf`), A for absent, or empty.
 */
export function scoreProblems(values: Values, fullOf: (subject: string, component: string) => number) {
  const fields: Record<string, Problem> = {};
  for (const [name, value] of Object.entries(values)) {
    const [prefix, enrolment, subject, component] = name.split(".");
    if (prefix !== "score" || !enrolment || !subject || !component) continue;
    const full = fullOf(subject, component);
    if ("problem" in readScore(String(value), full)) fields[name] = problem("exam.scoreRange", { full });
  }
  return fields;
}

export const marksFormInput = (fulls: Record<string, number>) =>
  formCheck((values) => scoreProblems(values, (subject, component) => fulls[`${subject}.${component}`] ?? 0));

/** The marks sheet to import: a file must be chosen. */
export const importFormInput = formCheck(
  (values): Record<string, Problem> =>
    values.file instanceof Blob && values.file.size > 0 ? {} : { file: problem("exam.fileRequired") },
);
