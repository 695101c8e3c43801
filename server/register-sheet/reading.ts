// Reading an uploaded register sheet: its grid of cells (the marks sheet's reader, which knows
// XLSX and CSV and their hostile forms) to children's rows, every value checked by the register's
// own field rules, and every problem named by row and column. Pure: the caller matches the rows
// to the register (server/domain/register/import.ts).
import type { z } from "zod";
import { type Problem, problem, problemOfIssue } from "../../common/errors/problem";
import type { Gender, GuardianRelation, RegisterStatus } from "../../common/people";
import {
  birthRegistration,
  childName,
  childNameBn,
  dateOfBirth,
  guardianPhone,
  session as sessionName,
} from "../../common/schemas/register";
import { rollNumber } from "../../common/schemas/results";
import { asciiDigits, hasControlCharacter } from "../../common/text-rules";
import { type SheetError, type SheetFile, sheetError } from "../exam-results/marks-sheet";
import { columnLetters, type GridRow, readGrid, unreadableWorkbook } from "../exam-results/marks-sheet-grid";
import {
  type RegisterColumn,
  type RegisterSheetRow,
  registerColumns,
  registerSheetLimits,
  requiredColumns,
  type SheetGuardian,
} from "./layout";

/** The other ways a column's header may be written (English or Bangla). */
const otherWords: Partial<Record<RegisterColumn, string[]>> = {
  session: ["year", "academic year", "সেশন", "শিক্ষাবর্ষ", "বর্ষ"],
  class: ["শ্রেণি", "শ্রেণী", "ক্লাস"],
  section: ["শাখা"],
  roll: ["roll no", "roll number", "রোল", "রোল নং", "রোল নম্বর"],
  registration: [
    "reg",
    "reg no",
    "registration no",
    "registration number",
    "রেজিস্ট্রেশন",
    "রেজিস্ট্রেশন নং",
    "নিবন্ধন নং",
  ],
  name: ["name in english", "student name", "নাম", "নাম (ইংরেজি)", "ইংরেজিতে নাম"],
  "name in Bangla": ["bangla name", "name bangla", "name (bangla)", "নাম (বাংলা)", "বাংলায় নাম", "বাংলা নাম"],
  "date of birth": ["birth date", "dob", "জন্ম তারিখ", "জন্মতারিখ"],
  "birth registration": [
    "birth registration number",
    "birth registration no",
    "brn",
    "জন্মনিবন্ধন",
    "জন্ম নিবন্ধন",
    "জন্ম নিবন্ধন নম্বর",
    "জন্মনিবন্ধন নম্বর",
  ],
  gender: ["sex", "লিঙ্গ"],
  status: ["অবস্থা"],
  "guardian name": ["guardian 1 name", "অভিভাবকের নাম", "অভিভাবক ১ নাম"],
  "guardian relation": ["guardian 1 relation", "relation", "সম্পর্ক", "অভিভাবকের সম্পর্ক", "অভিভাবক ১ সম্পর্ক"],
  "guardian phone": [
    "guardian 1 phone",
    "phone",
    "mobile",
    "guardian mobile",
    "ফোন",
    "মোবাইল",
    "অভিভাবকের ফোন",
    "অভিভাবক ১ ফোন",
  ],
  "guardian 2 name": ["অভিভাবক ২ নাম", "দ্বিতীয় অভিভাবকের নাম"],
  "guardian 2 relation": ["অভিভাবক ২ সম্পর্ক", "দ্বিতীয় অভিভাবকের সম্পর্ক"],
  "guardian 2 phone": ["guardian 2 mobile", "অভিভাবক ২ ফোন", "দ্বিতীয় অভিভাবকের ফোন"],
};

/** A header as compared: case, spaces, dots, underscores and brackets aside; Bangla digits as ASCII. */
const headerKey = (text: string) =>
  asciiDigits(text.normalize("NFKC"))
    .toLowerCase()
    .replace(/[\s._():-]+/g, "");

const headerTargets = new Map<string, RegisterColumn>();
for (const column of registerColumns)
  for (const word of [column, ...(otherWords[column] ?? [])]) headerTargets.set(headerKey(word), column);

/** Gender and relation as people write them, in English or Bangla. */
const genderWords: Record<string, Gender> = {
  male: "male",
  m: "male",
  boy: "male",
  ছেলে: "male",
  পুরুষ: "male",
  ছাত্র: "male",
  female: "female",
  f: "female",
  girl: "female",
  মেয়ে: "female",
  নারী: "female",
  ছাত্রী: "female",
  other: "other",
  অন্যান্য: "other",
};
const relationWords: Record<string, GuardianRelation> = {
  father: "father",
  বাবা: "father",
  পিতা: "father",
  mother: "mother",
  মা: "mother",
  মাতা: "mother",
  guardian: "guardian",
  অভিভাবক: "guardian",
};
const statusWords: Record<string, RegisterStatus> = {
  studying: "studying",
  অধ্যয়নরত: "studying",
  left: "left",
  "চলে গেছে": "left",
  graduated: "graduated",
  উত্তীর্ণ: "graduated",
};

/** A date as people write it in Bangladesh (15/03/2014, 15-03-2014) as YYYY-MM-DD. */
function isoDate(cell: string): string {
  const day = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(asciiDigits(cell));
  return day ? `${day[3]}-${day[2]!.padStart(2, "0")}-${day[1]!.padStart(2, "0")}` : cell;
}

/** Undoes the apostrophe a writer puts before text that would read as a formula. */
const withoutFormulaGuard = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

const fileError = (found: Problem): SheetError => sheetError(0, "file", found);

/** A header as an error names it: as written, without control characters, at most 60 characters. */
function shownHeader(text: string, index: number): string {
  const clean = [...text.trim()].filter((ch) => !hasControlCharacter(ch)).join("");
  if (!clean) return columnLetters(index + 1);
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

/**
 * Reads an uploaded register sheet. `rows` are the rows without a problem; `errors` every problem,
 * the header's first, then by row. Async because the XLSX reader is.
 */
export async function readRegisterSheet(
  file: SheetFile,
): Promise<{ rows: RegisterSheetRow[]; errors: SheetError[] }> {
  try {
    const grid = await readGrid(file);
    if ("error" in grid) return { rows: [], errors: [fileError(grid.error)] };
    return readRows(grid.rows);
  } catch {
    return { rows: [], errors: [fileError(unreadableWorkbook)] };
  }
}

function readRows(grid: GridRow[]): { rows: RegisterSheetRow[]; errors: SheetError[] } {
  const errors: SheetError[] = [];
  const rows: RegisterSheetRow[] = [];
  const isEmptyRow = (row: GridRow) => row.cells.every((cell) => cell.trim() === "");
  const headerRow = grid.find((row) => !isEmptyRow(row));
  if (!headerRow) return { rows, errors: [fileError(problem("sheet.empty"))] };
  const headers = headerRow.cells.map((cell, i) => shownHeader(cell, i));
  const columns: (RegisterColumn | undefined)[] = [];
  const seen = new Map<RegisterColumn, string>();
  headerRow.cells.forEach((cell, i) => {
    if (cell.trim() === "") return;
    const column = headerTargets.get(headerKey(cell));
    if (!column) {
      errors.push(sheetError(headerRow.line, headers[i]!, problem("register.unknownColumn")));
      return;
    }
    const first = seen.get(column);
    if (first !== undefined) {
      errors.push(sheetError(headerRow.line, headers[i]!, problem("sheet.duplicateColumn", { first })));
      return;
    }
    seen.set(column, headers[i]!);
    columns[i] = column;
  });
  for (const column of requiredColumns)
    if (!seen.has(column))
      errors.push(sheetError(headerRow.line, column, problem("register.missingColumn", { column })));
  if (errors.length > 0) return { rows, errors };

  // Values a sheet may hold once: a registration number in a session, a roll in a class and
  // session, a birth registration number.
  const firstRowOf = new Map<string, number>();
  const once = (key: string, line: number) => {
    const before = firstRowOf.get(key);
    if (before === undefined) firstRowOf.set(key, line);
    return before;
  };
  let count = 0;
  for (const row of grid) {
    if (row.line <= headerRow.line || isEmptyRow(row)) continue;
    count += 1;
    if (count > registerSheetLimits.rows) {
      const max = registerSheetLimits.rows.toLocaleString("en");
      errors.push(sheetError(row.line, "file", problem("sheet.tooManyRows", { max })));
      break;
    }
    const read = readRow(row, columns, headers);
    errors.push(...read.errors);
    const child = read.row;
    if (child) {
      const repeated: [RegisterColumn, string][] = [
        ["registration", `registration ${child.session} ${child.registration}`],
        ["roll", `roll ${child.session} ${child.class.toLowerCase()} ${child.roll}`],
      ];
      if (child.birthRegistration) repeated.push(["birth registration", `birth ${child.birthRegistration}`]);
      let fine = true;
      for (const [column, key] of repeated) {
        const before = once(key, row.line);
        if (before === undefined) continue;
        fine = false;
        errors.push(
          sheetError(row.line, seen.get(column) ?? column, problem("register.repeated", { row: before })),
        );
      }
      if (fine) rows.push(child);
    }
    if (errors.length > registerSheetLimits.errors) break;
  }
  if (errors.length > registerSheetLimits.errors) {
    errors.length = registerSheetLimits.errors;
    errors.push(fileError(problem("sheet.tooManyProblems")));
  }
  return { rows, errors };
}

function readRow(
  row: GridRow,
  columns: (RegisterColumn | undefined)[],
  headers: string[],
): { row?: RegisterSheetRow; errors: SheetError[] } {
  const errors: SheetError[] = [];
  const cells = new Map<RegisterColumn, { text: string; header: string }>();
  row.cells.forEach((raw, i) => {
    const column = columns[i];
    const text = withoutFormulaGuard(raw.trim());
    if (column) cells.set(column, { text, header: headers[i]! });
    // A value under no header would be lost without a word (an unknown header stops the reading).
    else if (text !== "")
      errors.push(sheetError(row.line, columnLetters(i + 1), problem("sheet.strayValues")));
  });
  const headerOf = (column: RegisterColumn) => cells.get(column)?.header ?? column;
  const refuse = (column: RegisterColumn, found: Problem) =>
    errors.push(sheetError(row.line, headerOf(column), found));
  /** The cell read by a field's schema; undefined when refused. */
  const parse = <S extends z.ZodType>(
    column: RegisterColumn,
    schema: S,
    text = cells.get(column)?.text ?? "",
  ) => {
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data as z.output<S>;
    refuse(column, problemOfIssue(parsed.error.issues[0]?.message ?? ""));
    return undefined;
  };
  const textOf = (column: RegisterColumn) => cells.get(column)?.text ?? "";
  /** A cell whose value is a word of a list: undefined when empty, null when refused. */
  const word = <T>(
    column: RegisterColumn,
    words: Record<string, T>,
    refusal: Problem,
  ): T | undefined | null => {
    const text = textOf(column);
    if (text === "") return undefined;
    const found = words[text.toLowerCase()];
    if (found === undefined) {
      refuse(column, refusal);
      return null;
    }
    return found;
  };

  const session = parse("session", sessionName);
  const className = textOf("class");
  if (className === "") refuse("class", problem("value.required"));
  else if ([...className].length > 40 || hasControlCharacter(className))
    refuse("class", problem("exam.classOfList"));
  const section = textOf("section");
  if ([...section].length > 20 || hasControlCharacter(section))
    refuse("section", problem("value.tooLong", { max: 20 }));
  const roll = parse("roll", rollNumber);
  const registration = parse("registration", rollNumber);
  const name = parse("name", childName);
  const nameBn = textOf("name in Bangla") ? parse("name in Bangla", childNameBn) : undefined;
  const born = textOf("date of birth")
    ? parse("date of birth", dateOfBirth, isoDate(textOf("date of birth")))
    : undefined;
  const birth = textOf("birth registration") ? parse("birth registration", birthRegistration) : undefined;
  const gender = word("gender", genderWords, problem("register.gender"));
  const status = word("status", statusWords, problem("register.status"));

  const guardians: SheetGuardian[] = [];
  const guardianColumns = [
    ["guardian name", "guardian relation", "guardian phone"],
    ["guardian 2 name", "guardian 2 relation", "guardian 2 phone"],
  ] as const;
  for (const [nameColumn, relationColumn, phoneColumn] of guardianColumns) {
    const guardianName = textOf(nameColumn) ? parse(nameColumn, childNameBn) : "";
    const phone = textOf(phoneColumn) ? parse(phoneColumn, guardianPhone) : null;
    const relation = word(relationColumn, relationWords, problem("register.relation"));
    const given = textOf(nameColumn) !== "" || textOf(phoneColumn) !== "";
    if (relation === undefined) {
      if (given) refuse(relationColumn, problem("register.guardianRelation"));
      continue;
    }
    if (relation === null || guardianName === undefined || phone === undefined) continue;
    guardians.push({ name: guardianName, relation, phone });
  }

  if (errors.length > 0 || !session || !roll || !registration || !name) return { errors };
  return {
    errors,
    row: {
      line: row.line,
      session,
      class: className,
      section: section || null,
      roll,
      registration,
      name,
      ...(nameBn ? { nameBn } : {}),
      ...(born ? { dateOfBirth: born } : {}),
      ...(birth ? { birthRegistration: birth } : {}),
      ...(gender ? { gender } : {}),
      ...(status ? { status } : {}),
      guardians,
    },
  };
}
