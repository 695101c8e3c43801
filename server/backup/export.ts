// Exports for people rather than for restores: each kind of record as CSV (UTF-8 with a byte order
// mark for Excel, formula-like cells kept as text), XLSX or JSON, read in one transaction. Users
// come without anything secret (the password hashes live in accounts, which is not exported).
// `npm run export` writes them to a folder; the dashboard's Exports page downloads them.
import { getTableName, sql } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/universal";
import { type KindName, kindNames } from "../../common/kinds";
import { csvLine, csvText } from "../csv";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { type Actor, requireAdmin } from "../domain/actor";
import { recordAudit } from "../domain/audit/record";
import { serverKinds } from "../domain/kinds";
import { escapeXlsxText } from "../exam-results/marks-sheet";

type ExportSpec = { table: string; leave?: string[] };

/** The tables besides the kinds of content that an admin may take away. */
const otherTables = {
  users: { table: "users" },
  orders: { table: "orders", leave: ["provider_client_secret"] },
  "order-items": { table: "order_items" },
  refunds: { table: "payment_refunds" },
  "contact-messages": { table: "contact_messages" },
  subscribers: { table: "subscribers" },
  classes: { table: "school_classes" },
  register: { table: "register_students" },
  guardians: { table: "register_guardians" },
  enrolments: { table: "enrolments" },
  "teaching-assignments": { table: "teaching_assignments" },
  "fee-invoices": { table: "fee_invoices" },
  "fee-invoice-lines": { table: "fee_invoice_lines" },
  "fee-payments": { table: "fee_payments" },
  "fee-allocations": { table: "fee_allocations" },
  "fee-waivers": { table: "fee_waivers" },
  exams: { table: "exams" },
  "exam-subjects": { table: "exam_subjects" },
  marks: { table: "marks" },
  "exam-results": { table: "exam_results" },
  audit: { table: "audit_entries" },
} satisfies Record<string, ExportSpec>;

/** What can be exported: every kind of content (common/kinds), then the other tables. */
export type ExportKind = KindName | keyof typeof otherTables;

/** Kind of export → its table, and the columns left out. Every kind of content comes first. */
export const exportKinds: Record<ExportKind, ExportSpec> = {
  ...(Object.fromEntries(
    kindNames.map((kind) => [kind, { table: getTableName(serverKinds[kind].table) }]),
  ) as Record<KindName, ExportSpec>),
  ...otherTables,
};

/** Every kind of export, in the order the page and `npm run export` list them. */
export const exportKindNames = Object.keys(exportKinds) as ExportKind[];

/** Whether a name from outside (an address, the command line) is a kind of export. */
export const isExportKind = (name: string): name is ExportKind => Object.hasOwn(exportKinds, name);

export const exportFormats = ["csv", "xlsx", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

export type ExportedTable = { kind: string; columns: string[]; rows: Record<string, unknown>[] };

/** The rows of these kinds, all from one moment of the database. */
export async function readExports(db: Database, kinds: ExportKind[]): Promise<ExportedTable[]> {
  return db.transaction(
    async (tx) => {
      // A large table takes longer to read whole than DATABASE_STATEMENT_TIMEOUT allows a request.
      await tx.execute(sql`set local statement_timeout = 0`);
      const tables: ExportedTable[] = [];
      for (const kind of kinds) {
        const spec = exportKinds[kind];
        const leave = new Set(spec.leave ?? []);
        const columns = (
          await rowsOf<{ name: string }>(
            tx,
            sql`select column_name as name from information_schema.columns
                where table_schema = 'public' and table_name = ${spec.table} order by ordinal_position`,
          )
        )
          .map((column) => column.name)
          .filter((name) => !leave.has(name));
        const lines = await rowsOf<{ line: string }>(
          tx,
          sql`select to_jsonb(t)::text as line from ${sql.identifier(spec.table)} t order by 1`,
        );
        const rows = lines.map((item) => {
          const row = JSON.parse(item.line) as Record<string, unknown>;
          return Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
        });
        tables.push({ kind, columns, rows });
      }
      return tables;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** A cell as text: nested JSON (variants, marksheets) as JSON. */
const asText = (value: unknown) =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

export async function formatExport(table: ExportedTable, format: ExportFormat): Promise<Uint8Array> {
  if (format === "json") return new TextEncoder().encode(`${JSON.stringify(table.rows, null, 2)}\n`);
  if (format === "csv") {
    const lines = [
      csvLine(table.columns),
      ...table.rows.map((row) => csvLine(table.columns.map((column) => asText(row[column])))),
    ];
    return new TextEncoder().encode(csvText(lines, { byteOrderMark: true }));
  }
  const data = [
    table.columns.map((column) => ({ value: column, type: String, fontWeight: "bold" as const })),
    ...table.rows.map((row) =>
      table.columns.map((column) => {
        const value = row[column];
        if (value === null || value === undefined) return null;
        return typeof value === "number"
          ? { value, type: Number }
          : { value: escapeXlsxText(asText(value)), type: String };
      }),
    ),
  ];
  const blob = await writeXlsxFile(data, { sheet: table.kind, stickyRowsCount: 1 }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

const contentTypes: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json; charset=utf-8",
};

/**
 * One export as a download for an admin (the dashboard's Exports): `file` is KIND.FORMAT, such as
 * orders.xlsx; undefined when there is no such export.
 */
export async function exportFile(
  db: Database,
  actor: Actor,
  file: string,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string } | undefined> {
  requireAdmin(actor);
  const [, kind, format] = /^([a-z-]+)\.([a-z]+)$/.exec(file) ?? [];
  if (!kind || !isExportKind(kind)) return undefined;
  if (!(exportFormats as readonly string[]).includes(format ?? "")) return undefined;
  const [table] = await readExports(db, [kind]);
  if (!table) return undefined;
  const chosen = format as ExportFormat;
  const fileName = `maktab-${kind}.${chosen}`;
  await recordAudit(db, requireAdmin(actor), {
    action: "export",
    subject: "export",
    subjectId: kind,
    label: fileName,
  });
  return { bytes: await formatExport(table, chosen), contentType: contentTypes[chosen], fileName };
}
