// Imports run downwards (architecture, section 3): the texts (i18n/) use nothing of ours outside
// their folder; common/ and server/ never use app/. A file that breaks the rule fails this test,
// which names the file and what it imports.
//
// Every import counts here: static, re-exports, dynamic import() and type imports alike (the
// import graph of tests/fixtures/import-graph.ts).
import { describe, expect, it } from "vitest";
import { importGraph } from "../fixtures/import-graph";

const graph = importGraph();

/** Each import of a file under one of `folders` into a path that `allowed` refuses. */
function importsBreaking(folders: string[], allowed: (target: string) => boolean): string[] {
  return [...graph].flatMap(([file, imports]) =>
    folders.some((folder) => under(folder, file))
      ? imports.filter(({ target }) => !allowed(target)).map(({ target }) => `${file} imports ${target}`)
      : [],
  );
}

const under = (folder: string, path: string) => path === folder || path.startsWith(`${folder}/`);

describe("imports run downwards", () => {
  it("reads the imports it checks (the pages import the server and the texts)", () => {
    const imported = [...graph]
      .filter(([file]) => under("app", file))
      .flatMap(([, imports]) => imports.map(({ target }) => target));
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
