// The marksheet as a one-page A4 PDF, in English or Bangla, drawn with the PDF text engine
// (server/pdf/: HarfBuzz shapes the Bangla, each string keeps its text for a reader).

import { examTitle } from "../../common/exam-title";
import {
  type ComponentKind,
  componentKinds,
  type GradedSubject,
  type Marksheet,
} from "../../common/schemas/results";
import { intlLocale, type Locale, translate } from "../../i18n/translate";
import { renderPdf } from "../pdf/document";
import { baselineIn, type Fitted, linesHeight, type TextWriter } from "../pdf/text-writer";
import { dictionary, type Texts, textsFor } from "../pdf/texts";

export async function renderMarksheetPdf(marksheet: Marksheet, language: Locale): Promise<Uint8Array> {
  return await renderPdf(
    {
      page: { size: "A4", margin: 0 },
      lang: intlLocale[language],
      info: {
        Title: `${translate(dictionary[language], "marksheet.title")}: ${marksheet.student}`,
        Author: marksheet.institute.name,
        Subject: examTitle(marksheet.exam),
        Creator: "Maktab",
      },
    },
    (writer) => drawMarksheet(writer, marksheet, language),
  );
}

// ---------------------------------------------------------------------------------------------
// The page.

const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 40;
const contentWidth = pageWidth - 2 * margin;
/** Where the published date and the signature stand: the lowest the table and summary may reach. */
const signatureTop = pageHeight - margin - 62;

const ink = "#1b1b1b";
const muted = "#555555";
const rule = "#8a8a8a";
const shade = "#ececec";
const lightShade = "#f6f6f6";
const passColour = "#176b2c";
const failColour = "#a11d1d";

function drawMarksheet(writer: TextWriter, marksheet: Marksheet, language: Locale) {
  const texts = textsFor(language);
  const { t } = texts;
  let y = margin;

  // The institute, the exam and the title.
  const institute = writer.fit(marksheet.institute.name, {
    weight: "bold",
    size: 17,
    minSize: 12,
    width: contentWidth,
    maxLines: 2,
  });
  y = writer.drawLines(institute, { x: margin, top: y, width: contentWidth, align: "center", colour: ink });
  const exam = writer.fit(marksheet.exam.name, {
    weight: "regular",
    size: 11,
    minSize: 9,
    width: contentWidth,
    maxLines: 1,
  });
  y = writer.drawLines(exam, { x: margin, top: y + 2, width: contentWidth, align: "center", colour: muted });
  y += 8;
  const title = t("marksheet.title");
  const titleWidth = writer.width(title, "bold", 12) + 28;
  writer.doc
    .roundedRect((pageWidth - titleWidth) / 2, y, titleWidth, 20, 3)
    .fillColor(shade)
    .fill();
  writer.draw(title, {
    x: (pageWidth - titleWidth) / 2,
    y: baselineIn(y, 20, 12),
    weight: "bold",
    size: 12,
    width: titleWidth,
    align: "center",
    colour: ink,
  });
  y += 20 + 14;

  // The student.
  y = drawStudent(writer, marksheet, texts, y);
  y += 12;

  // The subjects, then the totals, the GPA and the result, all above the signature.
  const note = marksheet.subjects.some((subject) => subject.optional)
    ? writer.fit(t("marksheet.optionalMark"), {
        weight: "regular",
        size: 7.5,
        minSize: 6,
        width: contentWidth,
        maxLines: 2,
      })
    : undefined;
  const noteHeight = note ? linesHeight(note) + 3 : 0;
  const below = noteHeight + 10 + summaryHeight(marksheet) + 8;
  y = drawSubjects(writer, marksheet, texts, y, signatureTop - below - y);
  if (note) {
    y = writer.drawLines(note, { x: margin, top: y + 3, width: contentWidth, align: "left", colour: muted });
  }
  y += 10;
  drawSummary(writer, marksheet, texts, y);

  // The published date, the signature and the footer.
  const published = `${t("marksheet.publishedOn")}: ${texts.date(marksheet.exam.publishedAt)}`;
  writer.draw(published, { x: margin, y: signatureTop + 40, weight: "regular", size: 9, colour: ink });
  const signatureWidth = 170;
  const signatureX = pageWidth - margin - signatureWidth;
  writer.doc
    .moveTo(signatureX, signatureTop + 28)
    .lineTo(signatureX + signatureWidth, signatureTop + 28)
    .lineWidth(0.6)
    .strokeColor(rule)
    .stroke();
  writer.draw(t("marksheet.signature"), {
    x: signatureX,
    y: signatureTop + 40,
    weight: "regular",
    size: 9,
    width: signatureWidth,
    align: "center",
    colour: ink,
  });
  const footer = writer.fit(t("marksheet.footer"), {
    weight: "regular",
    size: 7.5,
    minSize: 6,
    width: contentWidth,
    maxLines: 1,
  });
  writer.drawLines(footer, {
    x: margin,
    top: pageHeight - margin - 4,
    width: contentWidth,
    align: "center",
    colour: muted,
  });
}

function drawStudent(writer: TextWriter, marksheet: Marksheet, texts: Texts, top: number): number {
  const { t, digits } = texts;
  type Pair = [label: string, value: string];
  const name: Pair = [t("marksheet.student"), marksheet.student];
  const left: Pair[] = [
    [t("marksheet.class"), marksheet.class],
    [t("marksheet.roll"), digits(marksheet.roll)],
    [t("marksheet.session"), digits(marksheet.exam.session)],
  ];
  const right: Pair[] = [
    ...(marksheet.section === null ? [] : ([[t("marksheet.section"), marksheet.section]] as Pair[])),
    [t("marksheet.registration"), digits(marksheet.registration)],
  ];
  const labelSize = 8.5;
  const valueSize = 10;
  const rowHeight = 17;
  const columnWidth = contentWidth / 2;
  const labelWidth = (pairs: Pair[]) =>
    Math.max(...pairs.map(([label]) => writer.width(`${label}:`, "regular", labelSize))) + 8;
  const leftLabels = labelWidth([name, ...left]);
  const rightLabels = labelWidth(right);

  const drawPair = ([label, value]: Pair, x: number, labelColumn: number, width: number, y: number) => {
    const baseline = baselineIn(y, rowHeight, valueSize);
    writer.draw(`${label}:`, { x, y: baseline, weight: "regular", size: labelSize, colour: muted });
    const fitted = writer.fit(value, {
      weight: "bold",
      size: valueSize,
      minSize: 7.5,
      width: width - labelColumn - 6,
      maxLines: 1,
    });
    writer.draw(fitted.lines[0] ?? "", {
      x: x + labelColumn,
      y: baseline,
      weight: "bold",
      size: fitted.size,
      colour: ink,
    });
  };

  const rows = 1 + Math.max(left.length, right.length);
  writer.doc
    .rect(margin, top, contentWidth, rows * rowHeight + 8)
    .lineWidth(0.6)
    .strokeColor(rule)
    .stroke();
  let y = top + 4;
  drawPair(name, margin + 8, leftLabels, contentWidth - 8, y);
  y += rowHeight;
  for (let row = 0; row < rows - 1; row++) {
    const pairLeft = left[row];
    const pairRight = right[row];
    if (pairLeft) drawPair(pairLeft, margin + 8, leftLabels, columnWidth - 8, y);
    if (pairRight) drawPair(pairRight, margin + columnWidth + 8, rightLabels, columnWidth - 16, y);
    y += rowHeight;
  }
  return top + rows * rowHeight + 8;
}

type Column = {
  key: "code" | "subject" | ComponentKind | "marks" | "full" | "grade" | "point";
  header: string;
  width: number;
  align: "left" | "center";
  cell: (subject: GradedSubject) => string;
};

function drawSubjects(
  writer: TextWriter,
  marksheet: Marksheet,
  texts: Texts,
  top: number,
  room: number,
): number {
  const { t, digits, whole, twoDecimals } = texts;
  // A column for each part that some subject is examined in.
  const kinds = componentKinds.filter((kind) =>
    marksheet.subjects.some((subject) => subject.components.some((component) => component.kind === kind)),
  );
  const componentCell = (kind: ComponentKind) => (subject: GradedSubject) => {
    const component = subject.components.find((c) => c.kind === kind);
    if (!component) return "–";
    return component.score === null ? t("marksheet.absent") : whole(component.score);
  };
  const fixed: Column[] = [
    {
      key: "code",
      header: t("marksheet.subjectCode"),
      width: 38,
      align: "center",
      cell: (s) => digits(s.code),
    },
    ...kinds.map(
      (kind): Column => ({
        key: kind,
        header: t(`marksheet.component.${kind}`),
        width: 46,
        align: "center",
        cell: componentCell(kind),
      }),
    ),
    { key: "marks", header: t("marksheet.marks"), width: 42, align: "center", cell: (s) => whole(s.marks) },
    { key: "full", header: t("marksheet.fullMarks"), width: 42, align: "center", cell: (s) => whole(s.full) },
    { key: "grade", header: t("marksheet.grade"), width: 38, align: "center", cell: (s) => s.grade },
    {
      key: "point",
      header: t("marksheet.gradePoint"),
      width: 42,
      align: "center",
      cell: (s) => twoDecimals(s.point),
    },
  ];
  const subjectWidth = contentWidth - fixed.reduce((sum, column) => sum + column.width, 0);
  const optional = t("marksheet.optional");
  const subjectColumn: Column = {
    key: "subject",
    header: t("marksheet.subject"),
    width: subjectWidth,
    align: "left",
    cell: (s) => (s.optional ? `${s.name} (${optional})` : s.name),
  };
  const [codeColumn, ...rest] = fixed;
  const columns = [codeColumn!, subjectColumn, ...rest];
  const padding = 4;

  // Smaller text when the subjects would not fit above the signature otherwise: fifteen subjects
  // with long names still make one page.
  let plan = planTable(writer, marksheet.subjects, columns, 9, padding);
  for (const size of [8.5, 8, 7.5, 7]) {
    if (plan.height <= room) break;
    plan = planTable(writer, marksheet.subjects, columns, size, padding);
  }

  const doc = writer.doc;
  let y = top;
  // The header row.
  doc.rect(margin, y, contentWidth, plan.headerHeight).fillColor(shade).fill();
  let x = margin;
  for (const [index, column] of columns.entries()) {
    const fitted = plan.headers[index]!;
    const textHeight = linesHeight(fitted);
    writer.drawLines(fitted, {
      x: x + padding,
      top: y + (plan.headerHeight - textHeight) / 2,
      width: column.width - 2 * padding,
      align: column.align,
      colour: ink,
    });
    x += column.width;
  }
  y += plan.headerHeight;

  // A row a subject.
  for (const row of plan.rows) {
    if (row.subject.optional) doc.rect(margin, y, contentWidth, row.height).fillColor(lightShade).fill();
    x = margin;
    for (const [index, column] of columns.entries()) {
      const fitted = row.cells[index]!;
      const failed = column.key === "grade" && row.subject.failed;
      writer.drawLines(fitted, {
        x: x + padding,
        top: y + (row.height - linesHeight(fitted)) / 2,
        width: column.width - 2 * padding,
        align: column.align,
        colour: failed ? failColour : ink,
      });
      x += column.width;
    }
    y += row.height;
  }

  // The totals row: the label across the columns before the marks.
  const marksIndex = columns.findIndex((column) => column.key === "marks");
  const beforeMarks = columns.slice(0, marksIndex).reduce((sum, column) => sum + column.width, 0);
  const totalHeight = totalRowHeight;
  doc.rect(margin, y, contentWidth, totalHeight).fillColor(shade).fill();
  const totalBaseline = baselineIn(y, totalHeight, 9);
  writer.draw(t("marksheet.total"), {
    x: margin,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: beforeMarks - padding,
    align: "right",
    colour: ink,
  });
  const marksColumn = columns[marksIndex]!;
  const fullColumn = columns[marksIndex + 1]!;
  writer.draw(whole(marksheet.totalMarks), {
    x: margin + beforeMarks,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: marksColumn.width,
    align: "center",
    colour: ink,
  });
  writer.draw(whole(marksheet.fullMarks), {
    x: margin + beforeMarks + marksColumn.width,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: fullColumn.width,
    align: "center",
    colour: ink,
  });
  const bottom = y + totalHeight;

  // The grid: the outline, a line under each row, a line between columns.
  doc.lineWidth(0.5).strokeColor(rule);
  doc.rect(margin, top, contentWidth, bottom - top).stroke();
  let lineY = top + plan.headerHeight;
  doc.moveTo(margin, lineY).lineTo(margin + contentWidth, lineY);
  for (const row of plan.rows) {
    lineY += row.height;
    doc.moveTo(margin, lineY).lineTo(margin + contentWidth, lineY);
  }
  let lineX = margin;
  for (const [index, column] of columns.entries()) {
    lineX += column.width;
    if (index === columns.length - 1) break;
    // The totals row has no lines before the marks column.
    doc.moveTo(lineX, top).lineTo(lineX, index < marksIndex - 1 ? lineY : bottom);
  }
  doc.stroke();
  return bottom;
}

const totalRowHeight = 18;

type TablePlan = {
  headerHeight: number;
  headers: Fitted[];
  rows: { subject: GradedSubject; height: number; cells: Fitted[] }[];
  height: number;
};

function planTable(
  writer: TextWriter,
  subjects: GradedSubject[],
  columns: Column[],
  size: number,
  padding: number,
): TablePlan {
  const headers = columns.map((column) =>
    writer.fit(column.header, {
      weight: "bold",
      size: 8,
      minSize: 6,
      width: column.width - 2 * padding,
      maxLines: 2,
    }),
  );
  const headerHeight = Math.max(...headers.map(linesHeight)) + 8;
  const rows = subjects.map((subject) => {
    const cells = columns.map((column) =>
      writer.fit(column.cell(subject), {
        weight: "regular",
        size,
        minSize: 6,
        width: column.width - 2 * padding,
        maxLines: column.align === "left" ? 2 : 1,
        // A subject's name on one line, a little smaller, rather than two.
        shrinkFirst: 1.5,
      }),
    );
    return { subject, cells, height: Math.max(...cells.map(linesHeight)) + size * 0.7 };
  });
  const height = headerHeight + rows.reduce((sum, row) => sum + row.height, 0) + totalRowHeight;
  return { headerHeight, headers, rows, height };
}

const summaryRowHeight = 19;

/** GPA and grade, GPA without the optional subject and result, and the position when shown. */
function summaryHeight(marksheet: Marksheet): number {
  return (marksheet.position === null ? 2 : 3) * summaryRowHeight;
}

function drawSummary(writer: TextWriter, marksheet: Marksheet, texts: Texts, top: number) {
  const { t, whole, twoDecimals } = texts;
  const passed = marksheet.result === "pass";
  type Item = { label: string; value: string; colour?: string };
  const items: Item[] = [
    { label: t("marksheet.gpa"), value: twoDecimals(marksheet.gpa) },
    { label: t("marksheet.grade"), value: marksheet.grade },
    { label: t("marksheet.gpaWithoutOptional"), value: twoDecimals(marksheet.gpaWithoutOptional) },
    {
      label: t("marksheet.result"),
      value: t(passed ? "marksheet.passed" : "marksheet.failed"),
      colour: passed ? passColour : failColour,
    },
  ];
  if (marksheet.position !== null) {
    items.push({ label: t("marksheet.position"), value: whole(marksheet.position) });
  }
  const rowHeight = summaryRowHeight;
  const half = contentWidth / 2;
  const labelWidth = 150;
  const doc = writer.doc;
  for (const [index, item] of items.entries()) {
    const x = margin + (index % 2) * half;
    const y = top + Math.floor(index / 2) * rowHeight;
    doc.rect(x, y, labelWidth, rowHeight).fillColor(lightShade).fill();
    const label = writer.fit(item.label, {
      weight: "regular",
      size: 8.5,
      minSize: 6.5,
      width: labelWidth - 10,
      maxLines: 1,
    });
    writer.draw(label.lines[0] ?? "", {
      x: x + 5,
      y: baselineIn(y, rowHeight, 8.5),
      weight: "regular",
      size: label.size,
      colour: ink,
    });
    writer.draw(item.value, {
      x: x + labelWidth + 8,
      y: baselineIn(y, rowHeight, 10.5),
      weight: "bold",
      size: 10.5,
      colour: item.colour ?? ink,
    });
    // Each item its own box: an odd one out leaves no empty cells beside it.
    doc.lineWidth(0.5).strokeColor(rule);
    doc.rect(x, y, half, rowHeight).stroke();
    doc
      .moveTo(x + labelWidth, y)
      .lineTo(x + labelWidth, y + rowHeight)
      .stroke();
  }
}
