// A marks sheet's file as a grid of cells: the type from the bytes (XLSX, or UTF-8 CSV with its
// separator guessed), within limits that keep a hostile file cheap (the zip's size and entries,
// the sheet's extent); every refusal is a problem for the page, never a throw.
import { Unzip, UnzipInflate, zipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { type Problem, problem } from "../../common/errors/problem";
import { marksSheetLimits, type SheetFile, utf8Bom } from "./marks-sheet";

/** One row of cells as text ("" for empty), with its row number in the spreadsheet. */
export type GridRow = { line: number; cells: string[] };

export type Grid = { rows: GridRow[] } | { error: Problem };

/** The file could not be read as a workbook. */
export const unreadableWorkbook = problem("sheet.unreadable");

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The file's cells, or the problem that stops it being read. */
export async function readGrid(file: SheetFile): Promise<Grid> {
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
/** A column's letters: 1 -> A, 27 -> AA. */
export function columnLetters(n: number): string {
  let letters = "";
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
