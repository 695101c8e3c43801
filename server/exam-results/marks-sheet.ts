// An exam's marks sheet as a file: one row per student (roll, registration, name), then one column
// per subject component ("101 written", "101 mcq"). Teachers download it, fill it in Excel,
// LibreOffice or Google Sheets, and upload it back as .xlsx or .csv. Pure: bytes in, rows and
// problems out; the caller matches the rows to students and stores the scores.
//
// Reading never throws on what a person uploads: every problem is a SheetError naming the row and
// the column, so the page can list them all at once.

import { Unzip, UnzipInflate, zipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import writeXlsxFile from "write-excel-file/universal";
import { englishOf } from "../../common/errors/english";
import { type ErrorCode, type Params, type Problem, problem } from "../../common/errors/problem";
import { type ComponentKind, rollNumber, type SubjectRule } from "../../common/schemas/results";
import { readScore, type Score, type ScoreProblem } from "../../common/scores";
import { hasControlCharacter } from "../../common/text-rules";
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

const fixedHeaders = { roll: "roll", registration: "registration", name: "name" } as const;

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

// ---------------------------------------------------------------------------------------------
// Reading.

/** One row of cells as text ("" for empty), with its row number in the spreadsheet. */
type GridRow = { line: number; cells: string[] };

type Grid = { rows: GridRow[] } | { error: Problem };

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

const unreadableWorkbook = problem("sheet.unreadable");

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

async function readGrid(file: SheetFile): Promise<Grid> {
  const { bytes } = file;
  if (bytes.length === 0) return { error: problem("sheet.fileEmpty") };
  if (bytes.length > marksSheetLimits.bytes)
    return { error: problem("sheet.fileTooLarge", { size: marksSheetLimits.bytes / 1024 / 1024 }) };
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return readXlsx(bytes);
  const refused = refusedKind(bytes);
  if (refused) return { error: refused };
  return readCsv(bytes, file.name);
}

/** Files that are known not to be a marks sheet, by their first bytes, with what to do instead. */
function refusedKind(bytes: Uint8Array): Problem | undefined {
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    // The old binary format; a password-protected .xlsx is stored in the same container.
    return problem("sheet.oldExcel");
  if (startsWith(bytes, 0x50, 0x4b)) return problem("sheet.zipDamaged");
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return problem("sheet.pdf");
  if (
    startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) ||
    startsWith(bytes, 0xff, 0xd8, 0xff) ||
    startsWith(bytes, 0x47, 0x49, 0x46, 0x38)
  )
    return problem("sheet.picture");
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return problem("sheet.utf16");
  return undefined;
}

// --- CSV ---

const utf8Bom = [0xef, 0xbb, 0xbf];

function readCsv(bytes: Uint8Array, fileName: string): Grid {
  const body = startsWith(bytes, ...utf8Bom) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return { error: problem(/\.(xlsx?|ods)$/i.test(fileName) ? "sheet.encodingNamed" : "sheet.encoding") };
  }
  if (/^\s*</.test(text))
    // Some systems export a web page named .xls; its rows would read as nonsense columns.
    return { error: problem("sheet.webPage") };
  return parseCsv(text);
}

/**
 * RFC 4180 CSV as Excel writes it: fields separated by commas, or semicolons where the decimal
 * mark is a comma, or tabs; quoted fields may hold separators, doubled quotes and line breaks;
 * lines end in CRLF, LF or CR. Excel's "sep=;" first line is honoured. Rows are numbered as a
 * spreadsheet program shows them (a quoted line break does not start a new row).
 */
function parseCsv(text: string): Grid {
  let start = 0;
  let separator: string | undefined;
  const hint = /^sep=([,;\t|])\r?\n?/i.exec(text);
  if (hint) {
    separator = hint[1];
    start = hint[0].length;
  }
  separator ??= guessSeparator(text, start);

  const rows: GridRow[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let quoteOpenedOn = 0;
  let line = 1;
  const endRow = () => {
    cells.push(field);
    field = "";
    // Empty rows are skipped later anyway; not keeping them bounds the memory a file of blank
    // lines takes.
    if (cells.some((cell) => cell.trim() !== "")) rows.push({ line, cells });
    cells = [];
    line += 1;
  };
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === "") {
      // A quote opens a quoted field only at its start (spaces before it are dropped, as Excel
      // does); elsewhere it is an ordinary character.
      field = "";
      quoted = true;
      quoteOpenedOn = line;
    } else if (ch === separator) {
      cells.push(field);
      field = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      endRow();
    } else field += ch;
    // The header, one row too many (reported as such), and no more.
    if (rows.length > marksSheetLimits.rows + 2) break;
  }
  if (quoted) return { error: problem("sheet.openQuote", { row: quoteOpenedOn }) };
  if (field !== "" || cells.length > 0) endRow();
  return { rows };
}

/** The separator of the first row: the most frequent of comma, semicolon and tab outside quotes. */
function guessSeparator(text: string, start: number): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [ch, n] of counts) if (n > counts.get(best)!) best = ch;
  return best;
}

// --- XLSX ---

/** The parts of a workbook the reader needs; pictures, printer settings and the like are skipped. */
const isXmlPart = (name: string) => name.endsWith(".xml") || name.endsWith(".rels");

async function readXlsx(bytes: Uint8Array): Promise<Grid> {
  // The unzip below reads entry by entry from the start, so a file cut short after its last
  // entry would still read; the zip's end record tells that the upload arrived whole.
  if (!hasEndRecord(bytes)) return { error: problem("sheet.incomplete") };
  const parts = unzipWithCap(bytes);
  if ("error" in parts) return parts;
  const files = parts.files;
  if (!files["xl/workbook.xml"]) {
    if (files["content.xml"]) return { error: problem("sheet.ods") };
    if (files["word/document.xml"]) return { error: problem("sheet.word") };
    return { error: problem("sheet.notWorkbook") };
  }
  const tooLarge = checkSheetExtent(files);
  if (tooLarge) return { error: tooLarge };

  // The reader gets exactly the parts unzipped above, stored without compression: it unzips
  // again by the archive's own directory, which a crafted file could point at data the size
  // check never saw.
  const repacked = zipSync(files, { level: 0 });
  let data: unknown[][];
  try {
    // Numbers are kept as the text the file stores ("45", "12.5", "1E+25"): the rules below read
    // marks and roll numbers from text alike, with no floating point in between.
    const input = repacked.buffer.slice(repacked.byteOffset, repacked.byteOffset + repacked.byteLength);
    data = await readSheet<string>(input as ArrayBuffer, { parseNumber: (text) => text, trim: true });
  } catch {
    return { error: unreadableWorkbook };
  }
  return { rows: data.map((cells, index) => ({ line: index + 1, cells: cells.map(cellText) })) };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  // A date in a marks column is a mistake the rules below report; its day shows which cell.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * Unzips the workbook's XML parts, counting what comes out: a zip bomb (a few kilobytes that
 * inflate to gigabytes) stops at the cap instead of filling the memory. The sizes a zip declares
 * are not trusted; the bytes actually inflated are counted.
 */
function unzipWithCap(bytes: Uint8Array): { files: Record<string, Uint8Array> } | { error: Problem } {
  const files: Record<string, Uint8Array> = {};
  const tooBig = problem("sheet.unpackedTooLarge", { size: marksSheetLimits.unzippedBytes / 1024 / 1024 });
  let failure: Problem | undefined;
  let total = 0;
  let entries = 0;
  const unzip = new Unzip((entry) => {
    entries += 1;
    if (entries > marksSheetLimits.zipEntries) failure ??= tooBig;
    if (failure || !isXmlPart(entry.name)) return;
    if (entry.compression !== 0 && entry.compression !== 8) {
      failure = unreadableWorkbook;
      return;
    }
    const chunks: Uint8Array[] = [];
    entry.ondata = (error, chunk, final) => {
      if (error) {
        failure ??= unreadableWorkbook;
        return;
      }
      total += chunk.length;
      if (total > marksSheetLimits.unzippedBytes) {
        failure ??= tooBig;
        entry.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files[entry.name] = concat(chunks);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  // Small steps, so that one step of a bomb inflates to at most about 16 MB before the count.
  const step = 16 * 1024;
  try {
    for (let at = 0; at < bytes.length && !failure; at += step)
      unzip.push(bytes.subarray(at, at + step), at + step >= bytes.length);
  } catch {
    failure ??= unreadableWorkbook;
  }
  return failure ? { error: failure } : { files };
}

/** A zip ends with an end-of-central-directory record: 22 bytes and a comment of up to 64 KB. */
function hasEndRecord(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--)
    if (view.getUint32(at, true) === 0x06054b50 && at + 22 + view.getUint16(at + 20, true) <= bytes.length)
      return true;
  return false;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The last row and the last non-empty column that each sheet names, checked against the limits
 * before the reader builds its grid (see marksSheetLimits.sheetRows).
 */
function checkSheetExtent(files: Record<string, Uint8Array>): Problem | undefined {
  const decoder = new TextDecoder();
  for (const [name, content] of Object.entries(files)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    const xml = decoder.decode(content);
    for (const tag of xml.matchAll(/<(row|c)\b([^>]*)>/g)) {
      const address = /\sr="([A-Za-z]*)(\d+)"/.exec(tag[2]!);
      if (!address) continue;
      const row = Number(address[2]);
      // An empty cell (<c r="XFD1" s="3"/>, formatting only) widens nothing.
      const column = tag[1] === "c" && !tag[2]!.endsWith("/") ? columnNumber(address[1]!) : 0;
      if (row > marksSheetLimits.sheetRows || column > marksSheetLimits.sheetColumns)
        return problem("sheet.extent", {
          rows: marksSheetLimits.sheetRows.toLocaleString("en"),
          column: columnLetters(marksSheetLimits.sheetColumns),
        });
    }
  }
  return undefined;
}

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** A spreadsheet's column letters for a 1-based column number: 1 → A, 27 → AA. */
function columnLetters(n: number): string {
  let letters = "";
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

// --- From cells to rows ---

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
