// An empty PGlite cluster, made once and loaded into every new embedded database. PGlite's initdb
// takes about 2.6 s in WebAssembly; loading the dumped result takes about 0.5 s, which is what
// keeps a first start on an empty DATA_DIR under its 5 s budget. `npm run build` makes it
// (scripts/pglite-template.ts); without it a new database runs initdb as before.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { projectRoot } from "../project-root";

/** Per PGlite version: a dump is only good for the version that made it. */
function templatePath(): string {
  const manifest = path.join(projectRoot(), "node_modules", "@electric-sql", "pglite", "package.json");
  const version = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version
    : "unknown";
  return path.join(projectRoot(), "node_modules", ".cache", "maktab", `pglite-${version}.tar.gz`);
}

/** The template to load into a database folder that does not hold one yet, if there is one. */
export function templateFor(dataDir: string | undefined): Blob | undefined {
  // In memory (some tests): made fresh each time, as before.
  if (!dataDir || existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const file = templatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Makes the template (once per PGlite version); returns its path. */
export async function makeTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const database = await PGlite.create();
  try {
    const dump = await database.dumpDataDir("gzip");
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a build stopped halfway leaves no broken template.
    writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.partial`, file);
  } finally {
    await database.close();
  }
  return file;
}
