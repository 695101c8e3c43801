// Imports run downwards (architecture, section 3): the texts (i18n/) use nothing of ours outside
// their folder; common/ and server/ never use app/. A file that breaks the rule fails this test,
// which names the file and what it imports.
//
// Its own small reader of imports (TypeScript's preProcessFile: static, re-exports, dynamic
// import() and type imports alike), until the import-graph builder of tests/fixtures lands.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** What a file imports of ours, as paths from the project's root ("app/lib/i18n"). */
function importsOf(file: string): string[] {
  const found = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true).importedFiles;
  return found.flatMap(({ fileName }) => {
    if (fileName.startsWith("~/")) return [`app/${fileName.slice(2)}`];
    if (!fileName.startsWith(".")) return [];
    return [relative(root, resolve(root, dirname(file), fileName))];
  });
}

/** Each import of a file under one of `folders` into a path that `allowed` refuses. */
function importsBreaking(folders: string[], allowed: (target: string) => boolean): string[] {
  return folders.flatMap((folder) =>
    sourceFiles(folder).flatMap((file) =>
      importsOf(file)
        .filter((target) => !allowed(target))
        .map((target) => `${file} imports ${target}`),
    ),
  );
}

const under = (folder: string, path: string) => path === folder || path.startsWith(`${folder}/`);

describe("imports run downwards", () => {
  it("reads the imports it checks (the pages import the server and the texts)", () => {
    const imported = sourceFiles("app").flatMap(importsOf);
    expect(imported.some((target) => under("server", target))).toBe(true);
    expect(imported.some((target) => under("i18n", target))).toBe(true);
  });

  it("has no file under server/, common/ or i18n/ that imports from app/", () => {
    expect(importsBreaking(["server", "common", "i18n"], (target) => !under("app", target))).toEqual([]);
  });

  it("has the texts (i18n/) import nothing of ours outside their folder", () => {
    expect(importsBreaking(["i18n"], (target) => under("i18n", target))).toEqual([]);
  });
});
