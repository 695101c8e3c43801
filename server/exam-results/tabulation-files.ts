// The office's files of an exam: the tabulation sheet (every student by every subject) as XLSX
// and as PDF, and the merit list as PDF.
//
// The PDFs use the PDF text engine (server/pdf/), as the marksheet does: HarfBuzz shapes Bangla names and
// each one carries its text as ActualText, so a name reads back (pdftotext, a screen reader) as
// it was typed. A class does not fit one page: the rows are measured first, cut into pages, and
// every page repeats the heading and the table's header, and says "page 2 of 5".
import writeXlsxFile from "write-excel-file/universal";
import { examTitle } from "../../common/exam-title";
import { bn } from "../../i18n/bn";
import { en, type MessageKey } from "../../i18n/en";
import { intlLocale, type Locale, translate } from "../../i18n/translate";
import type { Tabulation, TabulationCell, TabulationRow } from "../domain/exam-reports";
import { renderPdf } from "../pdf/document";
import type { Weight } from "../pdf/engine";
import { type Fitted, linesHeight, type TextWriter } from "../pdf/text-writer";
import { escapeXlsxText } from "./marks-sheet";
import { type Texts, textsFor } from "./pdf-texts";

const dictionary = { en, bn };

const resultKey = (row: TabulationRow): MessageKey =>
  row.result === "pass" ? "marksheet.passed" : "marksheet.failed";

// ---------------------------------------------------------------------------------------------
// XLSX.

/**
 * The tabulation as a workbook: the institute and the exam, then a header of two rows (each
 * subject over its marks and grade), frozen with the roll and name columns so they stay in view
 * while scrolling; then one row per student by roll. Marks, totals, GPAs and positions are
 * numbers (they sort and sum); an absent subject's marks are "Ab".
 */
export async function tabulationXlsx(
  sheet: Tabulation,
  language: Locale,
  institute: string,
): Promise<Uint8Array> {
  const t = (key: MessageKey) => translate(dictionary[language], key);
  const text = (value: string, style: { fontWeight?: "bold"; align?: "center" } = {}) => ({
    value: escapeXlsxText(value),
    type: String,
    ...style,
  });
  const number = (value: number, format?: string) => ({ value, type: Number, ...(format ? { format } : {}) });
  const header = (value: string, span: { columnSpan?: number; rowSpan?: number } = {}) => ({
    ...text(value, { fontWeight: "bold", align: "center" }),
    alignVertical: "center" as const,
    wrap: true,
    ...span,
  });

  const fixedBefore = [t("marksheet.roll"), t("marksheet.registration"), t("examReports.column.name")];
  const fixedAfter = [
    t("marksheet.total"),
    t("marksheet.gpa"),
    t("marksheet.grade"),
    t("marksheet.result"),
    t("examReports.column.position"),
  ];
  const columnCount = fixedBefore.length + 2 * sheet.subjects.length + fixedAfter.length;
  const spanAll = (value: string, bold: boolean) => [
    { ...text(value, bold ? { fontWeight: "bold" } : {}), columnSpan: columnCount },
    ...Array.from({ length: columnCount - 1 }, () => null),
  ];
  const exam = sheet.exam;
  const data = [
    spanAll(`${institute}: ${t("examReports.tabulation.title")}`, true),
    spanAll(`${examTitle(exam)}, ${exam.class}`, false),
    [
      ...fixedBefore.map((label) => header(label, { rowSpan: 2 })),
      ...sheet.subjects.flatMap((subject) => [
        header(`${subject.code} ${subject.name}`, { columnSpan: 2 }),
        null,
      ]),
      ...fixedAfter.map((label) => header(label, { rowSpan: 2 })),
    ],
    [
      ...fixedBefore.map(() => null),
      ...sheet.subjects.flatMap(() => [header(t("marksheet.marks")), header(t("marksheet.grade"))]),
      ...fixedAfter.map(() => null),
    ],
    ...sheet.students.map((row) => [
      // Roll and registration stay text, so leading zeros survive.
      text(row.roll),
      text(row.registration),
      text(row.name),
      ...row.subjects.flatMap((cell) => [
        cell.absent ? text(t("examReports.absentShort")) : number(cell.marks),
        text(cell.grade),
      ]),
      number(row.totalMarks),
      number(row.gpa, "0.00"),
      text(row.grade),
      text(t(resultKey(row))),
      row.position === null ? text("") : number(row.position),
    ]),
  ];
  const columns = [
    { width: 8 },
    { width: 14 },
    { width: 30 },
    ...sheet.subjects.flatMap(() => [{ width: 7 }, { width: 7 }]),
    { width: 8 },
    { width: 7 },
    { width: exam.scheme === "qawmi" ? 14 : 7 },
    { width: 11 },
    { width: 9 },
  ];
  const blob = await writeXlsxFile(data, {
    sheet: t("examReports.tabulation.sheet"),
    stickyRowsCount: 4,
    stickyColumnsCount: 3,
    columns,
  }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// PDF: a table over as many pages as it takes.

/** A4 in points; the tabulation lies landscape, the merit list stands portrait. */
const a4 = { short: 595.28, long: 841.89 };
const margin = 28;
const padding = 3;
const ink = "#1b1b1b";
const muted = "#555555";
const rule = "#8a8a8a";
const shade = "#ececec";
const stripe = "#f6f6f6";
const failColour = "#a11d1d";

/** A cell: blocks of fitted text stacked, each in its own colour. */
type Block = Fitted & { colour?: string };
type Cell = Block[];

type Column<Row> = {
  width: number;
  align: "left" | "center";
  header: (fitText: Fit) => Cell;
  cell: (row: Row, fitText: Fit) => Cell;
};

/** The writer's fit, at the table's sizes: one line unless said. */
type Fit = (
  text: string,
  options?: { weight?: Weight; size?: number; lines?: number; colour?: string },
) => Block;

type TableDocument<Row> = {
  orientation: "landscape" | "portrait";
  language: Locale;
  title: string;
  institute: string;
  examLine: string;
  columns: (writer: TextWriter, contentWidth: number) => Column<Row>[];
  rows: Row[];
};

/** Sizes: the header's and the body's text, and the least either may shrink to. */
const headerSize = 7.5;
const bodySize = 8;
const smallest = 5.5;

async function renderTable<Row>(table: TableDocument<Row>): Promise<Uint8Array> {
  const landscape = table.orientation === "landscape";
  const pageWidth = landscape ? a4.long : a4.short;
  const pageHeight = landscape ? a4.short : a4.long;
  const page = { size: "A4", layout: table.orientation, margin: 0 } as const;
  const settings = {
    page,
    lang: intlLocale[table.language],
    info: {
      Title: `${table.title}: ${table.examLine}`,
      Author: table.institute,
      Subject: table.examLine,
      Creator: "Maktab",
    },
  };
  return await renderPdf(settings, (writer) => drawTable(writer, table, page, pageWidth, pageHeight));
}

function drawTable<Row>(
  writer: TextWriter,
  table: TableDocument<Row>,
  page: { size: string; layout: "portrait" | "landscape"; margin: number },
  pageWidth: number,
  pageHeight: number,
) {
  const doc = writer.doc;
  const contentWidth = pageWidth - 2 * margin;
  const fitIn =
    (width: number): Fit =>
    (text, options = {}) => {
      const size = options.size ?? bodySize;
      const fitting = {
        weight: options.weight ?? "regular",
        size,
        minSize: Math.min(size, smallest),
        width: width - 2 * padding,
      } as const;
      let fitted = writer.fit(text, { ...fitting, maxLines: options.lines ?? 1 });
      // A word wider than a narrow column is only cut on a last line: one line, cut, then.
      if (fitted.lines.some((line) => writer.width(line, fitted.weight, fitted.size) > fitting.width)) {
        fitted = writer.fit(text, { ...fitting, maxLines: 1 });
      }
      return { ...fitted, colour: options.colour };
    };
  const columns = table.columns(writer, contentWidth);
  const cellHeight = (cell: Cell) => cell.reduce((sum, block) => sum + linesHeight(block), 0) + 2 * padding;
  const header = columns.map((column) => column.header(fitIn(column.width)));
  const headerHeight = Math.max(...header.map(cellHeight));
  const rows = table.rows.map((row) => {
    const cells = columns.map((column) => column.cell(row, fitIn(column.width)));
    return { cells, height: Math.max(...cells.map(cellHeight)) };
  });

  // The heading over every page: the institute, the exam, the title.
  const heading = [
    {
      ...writer.fit(table.institute, {
        weight: "bold",
        size: 13,
        minSize: 9,
        width: contentWidth,
        maxLines: 1,
      }),
      colour: ink,
    },
    {
      ...writer.fit(table.examLine, {
        weight: "regular",
        size: 10,
        minSize: 8,
        width: contentWidth,
        maxLines: 1,
      }),
      colour: muted,
    },
    {
      ...writer.fit(table.title, { weight: "bold", size: 11, minSize: 9, width: contentWidth, maxLines: 1 }),
      colour: ink,
    },
  ];
  const headingHeight = heading.reduce((sum, block) => sum + linesHeight(block), 0) + 8;
  const footerHeight = 18;
  const tableTop = margin + headingHeight;
  const room = pageHeight - margin - footerHeight - tableTop - headerHeight;

  // Rows cut into pages; a page holds at least one row, however tall.
  const pages: (typeof rows)[] = [[]];
  let used = 0;
  for (const row of rows) {
    const current = pages[pages.length - 1]!;
    if (current.length > 0 && used + row.height > room) {
      pages.push([row]);
      used = row.height;
    } else {
      current.push(row);
      used += row.height;
    }
  }

  const texts = textsFor(table.language);
  for (const [index, pageRows] of pages.entries()) {
    if (index > 0) doc.addPage(page);
    let y = margin;
    for (const block of heading) {
      y = writer.drawLines(block, {
        x: margin,
        top: y,
        width: contentWidth,
        align: "center",
        colour: block.colour,
      });
    }
    y = tableTop;
    doc.rect(margin, y, contentWidth, headerHeight).fillColor(shade).fill();
    drawRow(writer, columns, header, y);
    const rowTops: number[] = [];
    y += headerHeight;
    for (const [at, row] of pageRows.entries()) {
      if (at % 2 === 1) doc.rect(margin, y, contentWidth, row.height).fillColor(stripe).fill();
      drawRow(writer, columns, row.cells, y);
      rowTops.push(y);
      y += row.height;
    }
    // The grid: the outline, a line under the header and each row, a line between columns.
    doc.lineWidth(0.4).strokeColor(rule);
    doc.rect(margin, tableTop, contentWidth, y - tableTop).stroke();
    for (const top of rowTops) doc.moveTo(margin, top).lineTo(margin + contentWidth, top);
    let x = margin;
    for (const column of columns.slice(0, -1)) {
      x += column.width;
      doc.moveTo(x, tableTop).lineTo(x, y);
    }
    doc.stroke();
    const pageLine = translate(dictionary[table.language], "examReports.page", {
      page: texts.whole(index + 1),
      pages: texts.whole(pages.length),
    });
    writer.draw(pageLine, {
      x: margin,
      y: pageHeight - margin,
      weight: "regular",
      size: 8,
      width: contentWidth,
      align: "right",
      colour: muted,
    });
  }
}

/**
 * One row's cells, each block under the last, from the row's top: a row's first line holds the
 * roll, the name, every subject's marks and the totals, the grades the line under it, so the
 * row reads across (a reader going by lines, pdftotext's layout) as it looks.
 */
function drawRow<Row>(writer: TextWriter, columns: Column<Row>[], cells: Cell[], top: number) {
  let x = margin;
  for (const [index, column] of columns.entries()) {
    const cell = cells[index] ?? [];
    let y = top + padding;
    for (const block of cell) {
      y = writer.drawLines(block, {
        x: x + padding,
        top: y,
        width: column.width - 2 * padding,
        align: column.align,
        colour: block.colour ?? ink,
      });
    }
    x += column.width;
  }
}

function examLine(sheet: Tabulation, texts: Texts): string {
  return `${texts.digits(examTitle(sheet.exam))}, ${sheet.exam.class}`;
}

/** The widest of these texts at the body's size, as a column's width within limits. */
function widest(writer: TextWriter, values: string[], weight: Weight, least: number, most: number): number {
  const width =
    Math.max(0, ...values.map((value) => writer.width(value, weight, bodySize))) + 2 * padding + 2;
  return Math.min(most, Math.max(least, width));
}

/**
 * The columns both PDFs share after the subjects: total, GPA, grade, result, position. The
 * grade's and the result's widths follow their longest text (a Qawmi division is long).
 */
function summaryColumns(writer: TextWriter, sheet: Tabulation, texts: Texts): Column<TabulationRow>[] {
  const { t, whole, twoDecimals, digits } = texts;
  const failed = (row: TabulationRow) => (row.result === "fail" ? failColour : undefined);
  const headerCell = (key: MessageKey) => (fitText: Fit) => [
    fitText(t(key), { weight: "bold", size: headerSize, lines: 2 }),
  ];
  const gradeWidth = widest(writer, [...sheet.students.map((row) => row.grade), "A+"], "regular", 30, 80);
  const resultWidth = widest(writer, [t("marksheet.passed"), t("marksheet.failed")], "regular", 36, 70);
  return [
    {
      width: 36,
      align: "center",
      header: headerCell("marksheet.total"),
      cell: (row, fitText) => [fitText(whole(row.totalMarks))],
    },
    {
      width: 32,
      align: "center",
      header: headerCell("marksheet.gpa"),
      cell: (row, fitText) => [fitText(twoDecimals(row.gpa), { weight: "bold" })],
    },
    {
      width: gradeWidth,
      align: "center",
      header: headerCell("marksheet.grade"),
      cell: (row, fitText) => [fitText(row.grade, { colour: failed(row) })],
    },
    {
      width: resultWidth,
      align: "center",
      header: headerCell("marksheet.result"),
      cell: (row, fitText) => [fitText(t(resultKey(row)), { colour: failed(row) })],
    },
    {
      width: 38,
      align: "center",
      header: headerCell("examReports.column.position"),
      cell: (row, fitText) => [fitText(row.position === null ? "–" : digits(String(row.position)))],
    },
  ];
}

/**
 * The tabulation sheet, A4 landscape: roll, name, each subject's marks over its grade (a failed
 * subject in red), then total, GPA, grade, result and position; students by roll.
 */
export async function tabulationPdf(
  sheet: Tabulation,
  language: Locale,
  institute: string,
): Promise<Uint8Array> {
  const texts = textsFor(language);
  const { t, whole, digits } = texts;
  return await renderTable<TabulationRow>({
    orientation: "landscape",
    language,
    title: t("examReports.tabulation.title"),
    institute,
    examLine: examLine(sheet, texts),
    rows: sheet.students,
    columns: (writer, contentWidth) => {
      const after = summaryColumns(writer, sheet, texts);
      const roll = widest(
        writer,
        sheet.students.map((row) => digits(row.roll)),
        "regular",
        32,
        70,
      );
      const free = contentWidth - roll - after.reduce((sum, column) => sum + column.width, 0);
      // Subjects share what the name leaves; twenty subjects still get 22 points each.
      const count = Math.max(1, sheet.subjects.length);
      const subjectWidth = Math.min(54, Math.max(22, (free - 130) / count));
      const nameWidth = free - subjectWidth * sheet.subjects.length;
      const subjectCell = (cell: TabulationCell | undefined, fitText: Fit): Cell => {
        if (!cell) return [];
        const colour = cell.failed ? failColour : undefined;
        return [
          fitText(cell.absent ? t("examReports.absentShort") : whole(cell.marks), { colour }),
          fitText(cell.grade, { colour, size: 7 }),
        ];
      };
      return [
        {
          width: roll,
          align: "center",
          header: (fitText) => [fitText(t("marksheet.roll"), { weight: "bold", size: headerSize, lines: 2 })],
          cell: (row, fitText) => [fitText(digits(row.roll))],
        },
        {
          width: nameWidth,
          align: "left",
          header: (fitText) => [fitText(t("examReports.column.name"), { weight: "bold", size: headerSize })],
          cell: (row, fitText) => [fitText(row.name, { lines: 2 })],
        },
        ...sheet.subjects.map(
          (subject, index): Column<TabulationRow> => ({
            width: subjectWidth,
            align: "center",
            header: (fitText) => [
              fitText(digits(subject.code), { weight: "bold", size: headerSize }),
              fitText(subject.name, { size: 6.5, lines: 2 }),
            ],
            cell: (row, fitText) => subjectCell(row.subjects[index], fitText),
          }),
        ),
        ...after,
      ];
    },
  });
}

/**
 * The merit list, A4 portrait: position, roll, name, total, GPA, grade and result; the passed by
 * position, then the failed.
 */
export async function meritListPdf(
  list: Tabulation,
  language: Locale,
  institute: string,
): Promise<Uint8Array> {
  const texts = textsFor(language);
  const { t, digits } = texts;
  return await renderTable<TabulationRow>({
    orientation: "portrait",
    language,
    title: t("examReports.merit.title"),
    institute,
    examLine: examLine(list, texts),
    rows: list.students,
    columns: (writer, contentWidth) => {
      const summary = summaryColumns(writer, list, texts);
      // The position leads the merit list, a little wider.
      const position = { ...summary.at(-1)!, width: 48 };
      const before = summary.slice(0, -1);
      const roll = widest(
        writer,
        list.students.map((row) => digits(row.roll)),
        "regular",
        40,
        80,
      );
      const taken = roll + position.width + before.reduce((sum, column) => sum + column.width, 0);
      return [
        position,
        {
          width: roll,
          align: "center",
          header: (fitText) => [fitText(t("marksheet.roll"), { weight: "bold", size: headerSize })],
          cell: (row, fitText) => [fitText(digits(row.roll))],
        },
        {
          width: contentWidth - taken,
          align: "left",
          header: (fitText) => [fitText(t("examReports.column.name"), { weight: "bold", size: headerSize })],
          cell: (row, fitText) => [fitText(row.name, { lines: 2 })],
        },
        ...before,
      ];
    },
  });
}
