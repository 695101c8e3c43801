// The office's files of an exam: the tabulation sheet (every student by every subject) as XLSX
// and as PDF, and the merit list as PDF.
//
// The PDFs are tables over pages (server/pdf/table.ts), their columns laid out here: Bangla names
// shaped and read back as typed, the heading and header repeated on every page.
import writeXlsxFile from "write-excel-file/universal";
import { examTitle } from "../../common/exam-title";
import { bn } from "../../i18n/bn";
import { en, type MessageKey } from "../../i18n/en";
import { type Locale, translate } from "../../i18n/translate";
import type { Tabulation, TabulationCell, TabulationRow } from "../domain/exam-reports";
import { type Cell, type Column, type Fit, headerSize, renderTable, widest } from "../pdf/table";
import type { TextWriter } from "../pdf/text-writer";
import { type Texts, textsFor } from "../pdf/texts";
import { escapeXlsxText } from "./marks-sheet";

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

const failColour = "#a11d1d";

const pageLineOf = (language: Locale) => (page: number, pages: number) =>
  translate(dictionary[language], "examReports.page", {
    page: textsFor(language).whole(page),
    pages: textsFor(language).whole(pages),
  });

function examLine(sheet: Tabulation, texts: Texts): string {
  return `${texts.digits(examTitle(sheet.exam))}, ${sheet.exam.class}`;
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
    subtitle: examLine(sheet, texts),
    pageLine: pageLineOf(language),
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
    subtitle: examLine(list, texts),
    pageLine: pageLineOf(language),
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
