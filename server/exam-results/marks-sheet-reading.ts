// Reading an uploaded marks sheet: its grid of cells (marks-sheet-grid.ts) to students' rows, the
// headers matched to the exam's subjects (in English or Bangla words), every score checked, and
// every problem named by row and column.
import { type Problem, problem } from "../../common/errors/problem";
import { type ComponentKind, rollNumber, type SubjectRule } from "../../common/schemas/results";
import { readScore, type ScoreProblem } from "../../common/scores";
import { hasControlCharacter } from "../../common/text-rules";
import {
  componentHeader,
  fixedHeaders,
  marksSheetLimits,
  type SheetError,
  type SheetFile,
  type SheetRow,
  type SheetScore,
  type SheetScores,
  sheetError,
} from "./marks-sheet";
import { columnLetters, type GridRow, readGrid, unreadableWorkbook } from "./marks-sheet-grid";

/**
 * Reads an uploaded marks sheet. The file's type comes from its bytes (an .xlsx is a zip with a
 * workbook inside, anything else must be UTF-8 text); its name only words the messages.
 * `rows` are the rows without a problem, every subject in `scores`; `errors` lists the problems,
 * header first, then by row. Async because the XLSX reader is.
 */
export async function readMarksSheet(
  file: SheetFile,
  subjects: SubjectRule[],
): Promise<{ rows: SheetRow[]; errors: SheetError[] }> {
  try {
    const grid = await readGrid(file);
    if ("error" in grid) return { rows: [], errors: [fileError(grid.error)] };
    return readRows(grid.rows, subjects);
  } catch {
    // Each step below answers with an error of its own; this is for what nobody foresaw.
    return { rows: [], errors: [fileError(unreadableWorkbook)] };
  }
}

const fileError = (found: Problem): SheetError => sheetError(0, "file", found);

type Target =
  | { kind: "roll" | "registration" | "name" }
  | { kind: "score"; subject: number; component: number }
  | { kind: "ambiguous" };

/** How the header of each component may be written, besides its English name. */
const componentWords: Record<ComponentKind, string[]> = {
  // CQ: creative questions, as the boards call the written part.
  written: ["written", "cq", "creative", "লিখিত", "সৃজনশীল"],
  mcq: ["mcq", "objective", "বহুনির্বাচনী", "নৈর্ব্যক্তিক"],
  practical: ["practical", "ব্যবহারিক"],
};

const fixedWords: Record<keyof typeof fixedHeaders, string[]> = {
  roll: ["roll", "roll no", "roll number", "রোল", "রোল নং", "রোল নম্বর"],
  registration: [
    "registration",
    "reg",
    "reg no",
    "registration no",
    "registration number",
    "রেজিস্ট্রেশন",
    "রেজিস্ট্রেশন নং",
    "নিবন্ধন",
    "নিবন্ধন নং",
  ],
  name: ["name", "student", "student name", "নাম", "শিক্ষার্থীর নাম"],
};

/**
 * A header as compared: case, spaces, dots, underscores and brackets aside, so "Roll No.",
 * "101 Written", "101written" and "101 (CQ)" all read.
 */
const headerKey = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s._():]+/g, "");

function headerTargets(subjects: SubjectRule[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  const add = (header: string, target: Target) => {
    const key = headerKey(header);
    if (!key) return;
    const known = targets.get(key);
    if (!known) targets.set(key, target);
    else if (JSON.stringify(known) !== JSON.stringify(target)) targets.set(key, { kind: "ambiguous" });
  };
  for (const [kind, words] of Object.entries(fixedWords) as [keyof typeof fixedHeaders, string[]][])
    for (const word of words) add(word, { kind });
  subjects.forEach((subject, s) => {
    subject.components.forEach((component, c) => {
      const target: Target = { kind: "score", subject: s, component: c };
      for (const word of componentWords[component.kind]) {
        add(`${subject.code} ${word}`, target);
        add(`${subject.name} ${word}`, target);
      }
      if (subject.components.length === 1) {
        add(subject.code, target);
        add(subject.name, target);
      }
    });
  });
  return targets;
}

/** A header as an error names it: as written, without control characters, at most 60 characters. */
function shownHeader(text: string, index: number): string {
  const clean = [...text.trim()].filter((ch) => !hasControlCharacter(ch)).join("");
  if (!clean) return columnLetters(index + 1);
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

function readRows(grid: GridRow[], subjects: SubjectRule[]): { rows: SheetRow[]; errors: SheetError[] } {
  const errors: SheetError[] = [];
  const rows: SheetRow[] = [];
  const isEmptyRow = (row: GridRow) => row.cells.every((cell) => cell.trim() === "");
  const headerRow = grid.find((row) => !isEmptyRow(row));
  if (!headerRow) return { rows, errors: [fileError(problem("sheet.empty"))] };

  // The header: what each column is.
  const targets = headerTargets(subjects);
  const columns: (Target | undefined)[] = [];
  const headers = headerRow.cells.map((cell, i) => shownHeader(cell, i));
  const seen = new Map<string, string>();
  const lastHeader = headerRow.cells.findLastIndex((cell) => cell.trim() !== "");
  if (lastHeader + 1 > marksSheetLimits.columns)
    return { rows, errors: [fileError(problem("sheet.tooManyColumns", { max: marksSheetLimits.columns }))] };
  headerRow.cells.forEach((cell, i) => {
    const at = (found: Problem) => errors.push(sheetError(headerRow.line, headers[i]!, found));
    if (cell.trim() === "") return;
    const target = targets.get(headerKey(cell));
    if (!target) {
      at(missingPart(cell, subjects) ?? unknownColumn(subjects));
      return;
    }
    if (target.kind === "ambiguous") {
      at(problem("sheet.ambiguousHeader"));
      return;
    }
    const key = JSON.stringify(target);
    const first = seen.get(key);
    if (first !== undefined) {
      at(problem("sheet.duplicateColumn", { first }));
      return;
    }
    seen.set(key, headers[i]!);
    columns[i] = target;
  });
  for (const kind of ["roll", "registration", "name"] as const)
    if (!columns.some((c) => c?.kind === kind))
      errors.push(
        sheetError(headerRow.line, fixedHeaders[kind], problem("sheet.missingColumn", { what: kind })),
      );
  // Without them a row cannot be matched to a student: the rows are not read.
  if (errors.some((e) => e.key === "sheet.missingColumn")) return { rows, errors };

  const rollAt = new Map<string, number>();
  const registrationAt = new Map<string, number>();
  const reportedStray = new Set<number>();
  let count = 0;
  for (const row of grid) {
    if (row.line <= headerRow.line || isEmptyRow(row)) continue;
    count += 1;
    if (count > marksSheetLimits.rows) {
      errors.push(
        sheetError(
          row.line,
          "file",
          problem("sheet.tooManyRows", { max: marksSheetLimits.rows.toLocaleString("en") }),
        ),
      );
      break;
    }
    const scores: SheetScores = Object.fromEntries(
      subjects.map((subject) => [subject.code, subject.components.map(() => undefined as SheetScore)]),
    );
    const result: SheetRow = { line: row.line, roll: "", registration: "", name: "", scores };
    let rowFine = true;
    const at = (i: number, found: Problem) => {
      rowFine = false;
      errors.push(sheetError(row.line, headers[i] ?? columnLetters(i + 1), found));
    };
    // A short row (a CSV line with fewer fields) has empty cells at its end.
    const cells = [...row.cells, ...Array<string>(Math.max(0, columns.length - row.cells.length)).fill("")];
    cells.forEach((raw, i) => {
      const target = columns[i];
      const cell = raw.trim();
      if (!target) {
        // A value under no header (or under a refused one) would be lost without a word.
        if (cell !== "" && !reportedStray.has(i) && !(headerRow.cells[i] ?? "").trim()) {
          reportedStray.add(i);
          at(i, problem("sheet.strayValues"));
        }
        return;
      }
      if (target.kind === "roll" || target.kind === "registration") {
        const parsed = rollNumber.safeParse(cell);
        if (!parsed.success) {
          at(i, problem(cell === "" ? "sheet.numberMissing" : "sheet.numberDigits", { what: target.kind }));
          return;
        }
        const firstRowOf = target.kind === "roll" ? rollAt : registrationAt;
        const before = firstRowOf.get(parsed.data);
        if (before !== undefined) at(i, problem("sheet.numberRepeated", { what: target.kind, row: before }));
        else firstRowOf.set(parsed.data, row.line);
        result[target.kind] = parsed.data;
      } else if (target.kind === "name") {
        const refused = nameProblem(cell);
        if (refused) at(i, refused);
        else result.name = withoutFormulaGuard(cell);
      } else if (target.kind === "score") {
        const subject = subjects[target.subject]!;
        const rule = subject.components[target.component]!;
        const read = readScore(cell, rule.full);
        if ("problem" in read) at(i, scoreMessages[read.problem](rule.full));
        else scores[subject.code]![target.component] = read.score;
      }
    });
    if (rowFine) rows.push(result);
    if (errors.length > marksSheetLimits.errors) break;
  }
  if (errors.length > marksSheetLimits.errors) {
    errors.length = marksSheetLimits.errors;
    errors.push(fileError(problem("sheet.tooManyProblems")));
  }
  return { rows, errors };
}

const unknownColumn = (subjects: SubjectRule[]) => {
  const example = subjects[0]
    ? componentHeader(subjects[0], subjects[0].components[0]?.kind ?? "written")
    : "101 written";
  return problem("sheet.unknownColumn", { example });
};

/** For "101 practical" where 101 has no practical part: says so, rather than "unknown column". */
function missingPart(header: string, subjects: SubjectRule[]): Problem | undefined {
  const key = headerKey(header);
  for (const subject of subjects)
    for (const kind of Object.keys(componentWords) as ComponentKind[])
      for (const word of componentWords[kind])
        for (const label of [subject.code, subject.name])
          if (key === headerKey(`${label} ${word}`) && !subject.components.some((c) => c.kind === kind))
            return problem("sheet.noPart", { subject: subject.code, name: subject.name, part: kind });
  return undefined;
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function nameProblem(name: string): Problem | undefined {
  if (name === "") return problem("sheet.nameMissing");
  if (hasControlCharacter(name)) return problem("sheet.nameControls");
  if (loneSurrogate.test(name)) return problem("sheet.nameBroken");
  if ([...name].length > marksSheetLimits.nameChars)
    return problem("sheet.nameTooLong", { max: marksSheetLimits.nameChars });
  return undefined;
}

/** Undoes the apostrophe the writer puts before a name that would read as a formula. */
const withoutFormulaGuard = (name: string) => (/^'[=+\-@]/.test(name) ? name.slice(1) : name);

/** What a sheet says about a cell that is not a score. */
const scoreMessages: Record<ScoreProblem, (full: number) => Problem> = {
  above_full: (full) => problem("sheet.scoreAboveFull", { full }),
  negative: () => problem("sheet.scoreNegative"),
  fraction: () => problem("sheet.scoreFraction"),
  not_a_score: () => problem("sheet.scoreNotScore"),
};
