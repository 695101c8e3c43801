// The register of students as a sheet: one row per child and session (session, class, section,
// roll, registration, names, date of birth, birth registration, gender, and one or two guardians).
// The office fills it in Excel, LibreOffice or Google Sheets and uploads it as .xlsx or .csv; the
// template to start from is written here. Reading it is reading.ts.
import writeXlsxFile from "write-excel-file/universal";
import type { Gender, GuardianRelation, RegisterStatus } from "../../common/people";
import { csvLine, csvText } from "../csv";
import { escapeXlsxText, utf8Bom } from "../exam-results/marks-sheet";

/** The columns, as the template writes them; reading also takes the other words in reading.ts. */
export const registerColumns = [
  "session",
  "class",
  "section",
  "roll",
  "registration",
  "name",
  "name in Bangla",
  "date of birth",
  "birth registration",
  "gender",
  "status",
  "guardian name",
  "guardian relation",
  "guardian phone",
  "guardian 2 name",
  "guardian 2 relation",
  "guardian 2 phone",
] as const;
export type RegisterColumn = (typeof registerColumns)[number];

/** Columns every sheet has: without them a row names no child and no place. */
export const requiredColumns: RegisterColumn[] = ["session", "class", "roll", "registration", "name"];

export type SheetGuardian = { name: string; relation: GuardianRelation; phone: string | null };

/**
 * A row as read: `line` is the spreadsheet's row number (1 is the header). An optional value the
 * row leaves empty (or whose column the sheet lacks) is undefined: a child already on the
 * register keeps what they have.
 */
export type RegisterSheetRow = {
  line: number;
  session: string;
  class: string;
  section: string | null;
  roll: string;
  registration: string;
  name: string;
  nameBn?: string;
  dateOfBirth?: string;
  birthRegistration?: string;
  gender?: Gender;
  status?: RegisterStatus;
  guardians: SheetGuardian[];
};

/** What the register's sheets allow: 5,000 children and their guardians fit in the marks sheet's limits. */
export const registerSheetLimits = { rows: 5_000, errors: 500 } as const;

/** Two example rows, so that the office sees how each column is written. */
const exampleRows: string[][] = [
  [
    "2026",
    "Class Six",
    "A",
    "1",
    "260001",
    "Mohammad Shahidul Islam",
    "মোহাম্মদ শহীদুল ইসলাম",
    "2014-03-15",
    "20143012345678901",
    "male",
    "studying",
    "Abdul Karim",
    "father",
    "01712345678",
    "Rahima Begum",
    "mother",
    "01812345678",
  ],
  [
    "2026",
    "Class Six",
    "A",
    "2",
    "260002",
    "Nusrat Jahan",
    "নুসরাত জাহান",
    "2014-07-01",
    "",
    "female",
    "",
    "Salma Khatun",
    "mother",
    "01912345678",
    "",
    "",
    "",
  ],
];

/** The template: the columns and two example rows to overwrite. CSV starts with a BOM for Excel's Bangla. */
export async function registerTemplate(format: "csv" | "xlsx"): Promise<Uint8Array> {
  const headers = [...registerColumns];
  if (format === "csv") {
    const encoded = new TextEncoder().encode(csvText([headers, ...exampleRows].map(csvLine)));
    const out = new Uint8Array(utf8Bom.length + encoded.length);
    out.set(utf8Bom);
    out.set(encoded, utf8Bom.length);
    return out;
  }
  const data = [
    headers.map((header) => ({ value: header, type: String, fontWeight: "bold" as const })),
    // Every cell is text, so that numbers keep their leading zeros and no program reads a formula.
    ...exampleRows.map((row) =>
      row.map((cell) => (cell === "" ? null : { value: escapeXlsxText(cell), type: String })),
    ),
  ];
  const columns = headers.map((header) => ({ width: Math.max(12, header.length + 4) }));
  const blob = await writeXlsxFile(data, { sheet: "Register", stickyRowsCount: 1, columns }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
