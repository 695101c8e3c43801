// A table as a PDF over as many pages as it takes (the tabulation, the merit list, the attendance
// register): the rows are measured first, cut into pages, and every page repeats the heading and
// the table's header, and says "page 2 of 5". HarfBuzz shapes Bangla (./text-writer.ts), and
// each text carries itself as ActualText, so a name reads back as it was typed.
import { intlLocale, type Locale } from "../../i18n/translate";
import { renderPdf } from "./document";
import type { Weight } from "./engine";
import { type Fitted, linesHeight, type TextWriter } from "./text-writer";

/** A4 in points. */
const a4 = { short: 595.28, long: 841.89 };
const margin = 28;
const padding = 3;
const ink = "#1b1b1b";
const muted = "#555555";
const rule = "#8a8a8a";
const shade = "#ececec";
const stripe = "#f6f6f6";

/** A cell: blocks of fitted text stacked, each in its own colour. */
export type Block = Fitted & { colour?: string };
export type Cell = Block[];

export type Column<Row> = {
  width: number;
  align: "left" | "center";
  header: (fitText: Fit) => Cell;
  cell: (row: Row, fitText: Fit) => Cell;
};

/** The writer's fit, at the table's sizes: one line unless said. */
export type Fit = (
  text: string,
  options?: { weight?: Weight; size?: number; lines?: number; colour?: string },
) => Block;

export type TableDocument<Row> = {
  orientation: "landscape" | "portrait";
  language: Locale;
  title: string;
  institute: string;
  /** The line under the institute: the exam and class, the class and month. */
  subtitle: string;
  /** "Page 2 of 5" in the document's language. */
  pageLine: (page: number, pages: number) => string;
  columns: (writer: TextWriter, contentWidth: number) => Column<Row>[];
  rows: Row[];
};

/** Sizes: the header's and the body's text, and the least either may shrink to. */
export const headerSize = 7.5;
export const bodySize = 8;
const smallest = 5.5;

export async function renderTable<Row>(table: TableDocument<Row>): Promise<Uint8Array> {
  const landscape = table.orientation === "landscape";
  const pageWidth = landscape ? a4.long : a4.short;
  const pageHeight = landscape ? a4.short : a4.long;
  const page = { size: "A4", layout: table.orientation, margin: 0 } as const;
  const settings = {
    page,
    lang: intlLocale[table.language],
    info: {
      Title: `${table.title}: ${table.subtitle}`,
      Author: table.institute,
      Subject: table.subtitle,
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
      ...writer.fit(table.subtitle, {
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
    const pageLine = table.pageLine(index + 1, pages.length);
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

/** The widest of these texts at the body's size, as a column's width within limits. */
export function widest(
  writer: TextWriter,
  values: string[],
  weight: Weight,
  least: number,
  most: number,
): number {
  const width =
    Math.max(0, ...values.map((value) => writer.width(value, weight, bodySize))) + 2 * padding + 2;
  return Math.min(most, Math.max(least, width));
}
