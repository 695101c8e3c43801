// The dashboard's exam form takes subjects as lines a teacher can type: "101, Bangla, written
// 70/23, mcq 30/10" (code, name, then each part as kind full/pass), with "optional" for the 4th
// subject. Read into the shape examInput checks; a line that cannot be read names its number.
import { type Problem, problem } from "./errors/problem";
import { componentKinds } from "./schemas/results";

type Line = {
  code: string;
  name: string;
  optional: boolean;
  components: { kind: string; full: number; pass: number }[];
};

export function readSubjectLines(text: string): { subjects: Line[]; error?: Problem } {
  const subjects: Line[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    const [code = "", name = "", ...rest] = line.split(",").map((part) => part.trim());
    const subject: Line = { code, name, optional: false, components: [] };
    for (const part of rest) {
      if (/^optional$/i.test(part)) {
        subject.optional = true;
        continue;
      }
      const match = /^(\w+)\s+(\d{1,4})\s*\/\s*(\d{1,4})$/.exec(part);
      const kind = match?.[1]?.toLowerCase();
      if (!match || !kind || !(componentKinds as readonly string[]).includes(kind)) {
        return {
          subjects,
          error: problem("exam.subjectLine", { line: index + 1, part }),
        };
      }
      subject.components.push({ kind, full: Number(match[2]), pass: Number(match[3]) });
    }
    subjects.push(subject);
  }
  return { subjects };
}

/** The lines of subjects, as readSubjectLines reads them. */
export function writeSubjectLines(subjects: Line[]): string {
  return subjects
    .map((s) =>
      [
        s.code,
        s.name,
        ...s.components.map((c) => `${c.kind} ${c.full}/${c.pass}`),
        ...(s.optional ? ["optional"] : []),
      ].join(", "),
    )
    .join("\n");
}

/**
 * A grading table typed one band per line, "80 A+ 5" (from this percent up, this grade and
 * point), read into the bands schemeInput checks; a line that cannot be read names its number.
 */
export function readBandLines(text: string): {
  bands: { min: number; grade: string; point: number }[];
  error?: Problem;
} {
  const bands: { min: number; grade: string; point: number }[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{1,3}(?:\.\d+)?)\s+(\S{1,20})\s+(\d{1,2}(?:\.\d{1,2})?)$/.exec(line);
    if (!match)
      return {
        bands,
        error: problem("exam.bandLine", { line: index + 1, text: line }),
      };
    bands.push({ min: Number(match[1]), grade: match[2] ?? "", point: Number(match[3]) });
  }
  return { bands };
}
