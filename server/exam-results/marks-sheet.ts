// An exam's marks sheet as a file: one row per student (roll, registration, name), then one column
// per subject component ("101 written", "101 mcq"). Teachers download it, fill it in Excel,
// LibreOffice or Google Sheets, and upload it back as .xlsx or .csv. Pure: bytes in, rows and
// problems out; the caller matches the rows to students and stores the scores.
//
// Reading never throws on what a person uploads: every problem is a SheetError naming the row and
// the column, so the page can list them all at once.
//
// This file: the sheet's layout (headers, limits, problems) and writing it. Reading it is
// marks-sheet-reading.ts, which takes the file's cells from marks-sheet-grid.ts.

import writeXlsxFile from "write-excel-file/universal";
import { englishOf } from "../../common/errors/english";
import type { ErrorCode, Params, Problem } from "../../common/errors/problem";
import type { ComponentKind, SubjectRule } from "../../common/schemas/results";
import type { Score } from "../../common/scores";
import { csvLine, csvText } from "../csv";

/** A component's score as the sheet has it: null when absent, undefined when not entered (no change). */
export type SheetScore = Score;

/** Scores by subject code, one per component in the order of the subject's rule. */
export type SheetScores = Record<string, SheetScore[]>;

/** A student's row as read: `line` is the spreadsheet's row number (1 is the header). */
export type SheetRow = {
  line: number;
  roll: string;
  registration: string;
  name: string;
  scores: SheetScores;
};

/** A row to write. */
export type SheetRowInput = { roll: string; registration: string; name: string; scores: SheetScores };

/**
 * One problem: the spreadsheet's row number (1 is the header, 0 the file as a whole) and the
 * column's header as written ("file" for the whole file, a letter such as "F" for a column without
 * a header).
 */
export type SheetError = { row: number; column: string; message: string; key: ErrorCode; params?: Params };

/** A problem of the sheet, with its English words as `message` (the API's) and its code. */
export const sheetError = (row: number, column: string, found: Problem): SheetError => ({
  row,
  column,
  message: englishOf(found),
  ...found,
});

export type SheetFile = { name: string; bytes: Uint8Array };

export const marksSheetLimits = {
  /** The upload: a class of 5,000 with 40 score columns is about 1 MB as CSV, less as XLSX. */
  bytes: 2 * 1024 * 1024,
  /** Students (data rows). */
  rows: 5_000,
  /** Columns with a header. 3 + 30 subjects of 3 components fits. */
  columns: 100,
  /** The XML inside an XLSX, unzipped: 5,000 rows of 100 cells take about 20 MB. */
  unzippedBytes: 40 * 1024 * 1024,
  /** Files inside an XLSX (a workbook from Excel has about a dozen). */
  zipEntries: 1_000,
  /**
   * The last row and column an XLSX cell may name. The reader makes a full grid up to the last
   * cell, so one cell at XFD1048576 in a tiny file would otherwise cost billions of cells.
   */
  sheetRows: 20_000,
  sheetColumns: 200,
  nameChars: 100,
  /** Problems listed before the list stops: the first ones are enough to fix the sheet. */
  errors: 500,
} as const;

export const fixedHeaders = { roll: "roll", registration: "registration", name: "name" } as const;

/** The header of a component's column: the subject's code, a space, the component ("101 mcq"). */
export const componentHeader = (subject: Pick<SubjectRule, "code">, kind: ComponentKind) =>
  `${subject.code} ${kind}`;

/** The sheet's header row, as written and as expected. */
export function marksSheetHeaders(subjects: SubjectRule[]): string[] {
  return [
    fixedHeaders.roll,
    fixedHeaders.registration,
    fixedHeaders.name,
    ...subjects.flatMap((subject) => subject.components.map((c) => componentHeader(subject, c.kind))),
  ];
}

/** The byte order mark that starts a UTF-8 CSV (Excel reads Bangla only with it). */
export const utf8Bom = [0xef, 0xbb, 0xbf];

// ---------------------------------------------------------------------------------------------
// Writing.

/** What a score cell holds on export: the number, A for absent, nothing when not entered. */
const absentMark = "A";

/**
 * Writes the sheet in the layout readMarksSheet reads, so that an exported sheet imports back
 * unchanged. CSV starts with a UTF-8 BOM, without which Excel shows Bangla names as mojibake.
 */
export async function writeMarksSheet(
  format: "csv" | "xlsx",
  subjects: SubjectRule[],
  rows: SheetRowInput[],
): Promise<Uint8Array> {
  const headers = marksSheetHeaders(subjects);
  const body = rows.map((row) => [
    row.roll,
    row.registration,
    row.name,
    ...subjects.flatMap((subject) =>
      subject.components.map((_, c) => {
        const score = row.scores[subject.code]?.[c];
        return score === null ? absentMark : score;
      }),
    ),
  ]);
  return format === "csv" ? writeCsv(headers, body) : writeXlsx(headers, body);
}

type OutCell = string | number | undefined;

function writeCsv(headers: string[], body: OutCell[][]): Uint8Array {
  const encoded = new TextEncoder().encode(csvText([headers, ...body].map(csvLine)));
  const out = new Uint8Array(utf8Bom.length + encoded.length);
  out.set(utf8Bom);
  out.set(encoded, utf8Bom.length);
  return out;
}

async function writeXlsx(headers: string[], body: OutCell[][]): Promise<Uint8Array> {
  // Strings go in as text cells, which no program evaluates as formulas, so the XLSX needs no
  // apostrophe. Roll and registration numbers stay text so that leading zeros survive.
  const text = (value: string) => ({ value: escapeXlsxText(value), type: String });
  const data = [
    headers.map((header) => ({ value: header, type: String, fontWeight: "bold" as const })),
    ...body.map((cells) =>
      cells.map((cell) =>
        cell === undefined ? null : typeof cell === "number" ? { value: cell, type: Number } : text(cell),
      ),
    ),
  ];
  const widths = headers.map((header, i) => ({ width: i === 2 ? 32 : Math.max(10, header.length + 2) }));
  const blob = await writeXlsxFile(data, { sheet: "Marks", stickyRowsCount: 1, columns: widths }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * XLSX text spells some characters as _xHHHH_ and readers decode it; a name that really holds
 * such a sequence is written with its underscore escaped (_x005F_) so it reads back as typed.
 */
export const escapeXlsxText = (value: string) => value.replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1");
