// Reads the dashboard's exam form (set up and change) with the shared schema: subjects and a grade
// table typed as lines (common/subject-lines.ts), errors inside them shown on the field they were
// typed in.
import type { Problem } from "../../../common/errors/problem";
import { fieldProblemsOf } from "../../../common/schemas/field-errors";
import { examInput } from "../../../common/schemas/results";
import { readBandLines, readSubjectLines } from "../../../common/subject-lines";
import type { ExamInput } from "../../../server/domain/exams";

export function readExamForm(form: FormData): { input: ExamInput } | { fields: Record<string, Problem> } {
  const lines = readSubjectLines(String(form.get("subjects") ?? ""));
  if (lines.error) return { fields: { subjects: lines.error } };
  const kind = form.get("scheme");
  const table = kind === "custom" ? readBandLines(String(form.get("bands") ?? "")) : { bands: [] };
  if (table.error) return { fields: { bands: table.error } };
  const parsed = examInput.safeParse({
    name: form.get("name"),
    session: form.get("session"),
    class: form.get("class"),
    scheme: kind === "custom" ? { kind, bands: table.bands } : { kind },
    showPosition: form.get("showPosition") === "on",
    figuresPublic: form.get("figuresPublic") === "on",
    subjects: lines.subjects,
  });
  if (parsed.success) return { input: parsed.data };
  const fields = fieldProblemsOf(parsed.error);
  for (const name of ["subjects", "scheme"]) {
    const inside = Object.entries(fields).find(([key]) => key.startsWith(`${name}.`));
    if (inside) fields[name === "scheme" ? "bands" : name] = { ...inside[1], at: inside[0] };
  }
  return { fields };
}
