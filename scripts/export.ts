// `npm run export -- [--format csv|xlsx|json] [--to DIR] [KIND ...]`: records for people (a
// spreadsheet, another program), one file per kind, all from one moment of the database. Like
// `npm run backup`, it needs the embedded database to itself (stop the server), and runs beside
// the servers on PostgreSQL.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type ExportFormat,
  type ExportKind,
  exportFormats,
  exportKindNames,
  formatExport,
  isExportKind,
  readExports,
} from "../server/backup/export";
import { openDatabase } from "../server/db/client";
import { commandLineConfig, databaseRefusal, Refusal, runCommand } from "./command-line";

const usage = [
  "Usage: npm run export -- [--format csv|xlsx|json] [--to DIR] [KIND ...]",
  "",
  `Kinds (all by default): ${exportKindNames.join(", ")}.`,
  "Writes DIR/<kind>.<format> (DIR: maktab-export-<time> in the current folder by default).",
  "Users are exported without passwords or sessions; orders without providers' client secrets.",
].join("\n");

function parse(args: string[]): { format: ExportFormat; to?: string; kinds: ExportKind[] } {
  let format: ExportFormat = "csv";
  let to: string | undefined;
  const chosen: ExportKind[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--format" || arg === "--to") {
      const value = args[++i];
      if (!value) throw new Refusal(`${arg} needs a value\n\n${usage}`, 2);
      if (arg === "--to") to = value;
      else if ((exportFormats as readonly string[]).includes(value)) format = value as ExportFormat;
      else throw new Refusal(`Unknown format '${value}': csv, xlsx or json`, 2);
    } else if (isExportKind(arg)) chosen.push(arg);
    else throw new Refusal(`Unknown: ${arg}\n\n${usage}`, 2);
  }
  return { format, to, kinds: chosen.length > 0 ? chosen : exportKindNames };
}

process.exitCode = await runCommand(async () => {
  if (["help", "--help", "-h"].includes(process.argv[2] ?? "")) {
    console.log(usage);
    return;
  }
  const options = parse(process.argv.slice(2));
  const { config } = commandLineConfig();
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
    timeouts: config.databaseTimeouts,
  });
  try {
    const tables = await readExports(database.db, options.kinds);
    const folder = path.resolve(
      options.to ?? `maktab-export-${new Date().toISOString().replace(/[:.]/g, "-")}`,
    );
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (const table of tables) {
      writeFileSync(
        path.join(folder, `${table.kind}.${options.format}`),
        await formatExport(table, options.format),
        {
          mode: 0o600,
        },
      );
    }
    const rows = tables.reduce((sum, table) => sum + table.rows.length, 0);
    console.log(`Exported ${rows} records of ${tables.length} kinds as ${options.format} to ${folder}`);
  } finally {
    await database.close();
  }
}, databaseRefusal);
