// The dues list as a file for the office (issue 41 item 6): CSV (UTF-8 with a byte order mark,
// fields disarmed by server/csv.ts) or XLSX (write-excel-file, as the register's and the exams'
// sheets), in English or Bangla headers. Months owed and the amount are numbers in the workbook
// (they sort and sum); taka with two decimals in both. Staff only, like the list.
import writeXlsxFile from "write-excel-file/universal";
import type { DuesQuery } from "../../../common/schemas/fees";
import { bn } from "../../../i18n/bn";
import { en, type MessageKey } from "../../../i18n/en";
import { type Locale, translate } from "../../../i18n/translate";
import { csvLine, csvText } from "../../csv";
import type { Database } from "../../db/client";
import { escapeXlsxText } from "../../exam-results/marks-sheet";
import type { Actor } from "../actor";
import { duesList } from "./dues";

export const duesFileFormats = ["csv", "xlsx"] as const;
export type DuesFileFormat = (typeof duesFileFormats)[number];

export const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const csvType = "text/csv; charset=utf-8";

const dictionary = { en, bn };
const headerKeys: MessageKey[] = [
  "fees.class",
  "fees.section",
  "fees.roll",
  "fees.name",
  "fees.nameBn",
  "fees.monthsOwed",
  "fees.oldest",
  "fees.owed",
];

export type DuesFile = { bytes: Uint8Array; contentType: string; filename: string };

export async function duesFile(
  db: Database,
  actor: Actor,
  query: DuesQuery,
  format: DuesFileFormat,
  language: Locale = "en",
): Promise<DuesFile> {
  const dues = await duesList(db, actor, query);
  const headers = headerKeys.map((key) => translate(dictionary[language], key));
  const name = ["dues", dues.session, dues.class, dues.section]
    .filter(Boolean)
    .join("-")
    .replace(/[^A-Za-z0-9-]+/g, "-");
  if (format === "csv") {
    const lines = [
      csvLine(headers),
      ...dues.rows.map((row) =>
        csvLine([
          row.className,
          row.section,
          row.roll,
          row.name,
          row.nameBn,
          row.months,
          row.oldest,
          (row.owedMinor / 100).toFixed(2),
        ]),
      ),
    ];
    return {
      bytes: new TextEncoder().encode(csvText(lines, { byteOrderMark: true })),
      contentType: csvType,
      filename: `${name}.csv`,
    };
  }
  const text = (value: string | null) => (value ? { value: escapeXlsxText(value), type: String } : null);
  const data = [
    headers.map((header) => ({ value: header, type: String, fontWeight: "bold" as const })),
    ...dues.rows.map((row) => [
      text(row.className),
      text(row.section),
      text(row.roll),
      text(row.name),
      text(row.nameBn),
      { value: row.months, type: Number },
      text(row.oldest),
      { value: row.owedMinor / 100, type: Number, format: "#,##0.00" },
    ]),
  ];
  const blob = await writeXlsxFile(data, {
    sheet: translate(dictionary[language], "fees.dues"),
    stickyRowsCount: 1,
  }).toBlob();
  return { bytes: new Uint8Array(await blob.arrayBuffer()), contentType: xlsxType, filename: `${name}.xlsx` };
}
