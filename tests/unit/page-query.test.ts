// Each page declares the query parameters it reads (`query` in its routes' handles): only those
// are part of its page-cache key and reach its render (server/tracking-parameters.ts). A page that
// read a parameter it did not declare would be rendered without it. This reads the source: for
// each route, the files it imports, and every parameter they read of a request's query.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";

const appDir = path.resolve(import.meta.dirname, "../../app");

type RouteEntry = { id?: string; path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** The parameters a route's handle declares (`query: [...]`). */
function declaredIn(file: string): string[] {
  const source = readFileSync(path.join(appDir, file), "utf8");
  const handle = /^export const handle = \{([^;]*)\}(?: satisfies [\w\s&]+)?;/m.exec(source)?.[1] ?? "";
  return [...(/\bquery: \[([^\]]*)\]/.exec(handle)?.[1]?.matchAll(/"(\w+)"/g) ?? [])].map(
    ([, name]) => name ?? "",
  );
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

type Import = { names: string[]; file: string };

/** A module's imports from the app's own files, by name (type-only ones bring no code). */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8").replace(/(?:import|export)\s+type\s[^;]*;/g, "");
  const found: Import[] = [];
  for (const [, names = "", specifier = ""] of source.matchAll(
    /import\s+([^;]*?)\s+from\s+"(\.{1,2}\/[^"]+)"/g,
  )) {
    const target = resolveImport(file, specifier);
    if (!target?.startsWith(appDir)) continue;
    const named = /\{([^}]*)\}/.exec(names)?.[1] ?? "";
    found.push({
      file: target,
      names: [
        ...named.split(",").flatMap((part) => {
          const name =
            part
              .replace(/^\s*type\s+/, "")
              .trim()
              .split(/\s+as\s+/)[0] ?? "";
          return /^\w+$/.test(name) ? [name] : [];
        }),
        // A default or namespace import: the whole module.
        ...(/^\s*(\w+|\*\s+as\s+\w+)\s*(,|$)/.test(names) ? ["*"] : []),
      ],
    });
  }
  return found;
}

/** A module's exported declarations' texts by name (each up to the next export). */
function exportsOf(file: string): Map<string, string> {
  const source = readFileSync(file, "utf8");
  const parts = new Map<string, string>();
  for (const part of source.split(/^(?=export )/m)) {
    const name = /^export (?:default )?(?:async )?(?:function\*?|const|let|class) (\w+)/.exec(part)?.[1];
    if (name) parts.set(name, part);
  }
  return parts;
}

/**
 * The parameters read by `name` of `file` (or all of it: "*"), and by what that part uses of the
 * modules it imports, followed.
 */
function readsOf(file: string, name: string, seen = new Set<string>()): string[] {
  const at = `${file}#${name}`;
  if (seen.has(at)) return [];
  seen.add(at);
  const text =
    name === "*" ? readFileSync(file, "utf8") : (exportsOf(file).get(name) ?? readFileSync(file, "utf8"));
  const read = [...parametersReadIn(text)].map((one) =>
    one === "?" ? (readByName[path.relative(appDir, file)]?.join(",") ?? "?") : one,
  );
  for (const imported of importsOf(file)) {
    for (const used of imported.names) {
      if (used === "*" || new RegExp(`\\b${used}\\b`).test(text))
        read.push(...readsOf(imported.file, used, seen));
    }
  }
  return read.flatMap((one) => one.split(","));
}

/**
 * Reads whose names a regular expression cannot see (a name from a list): the file and the names
 * it reads, checked by hand.
 */
const readByName: Record<string, string[]> = {
  "routes/dashboard.register.tsx": ["q", "session", "class", "section", "status", "page"],
};

/** The query parameters a file reads: `?` for a read by a name this cannot resolve. */
function parametersReadIn(source: string): Set<string> {
  const read = new Set<string>();
  const constant = (name: string) => new RegExp(`const ${name} = "(\\w+)"`).exec(source)?.[1] ?? "?";
  const calls = (receiver: string) => {
    const pattern = new RegExp(
      `\\b${receiver}\\s*\\??\\.\\s*(?:get|has|getAll)\\(\\s*(?:"(\\w+)"|(\\w+))`,
      "g",
    );
    for (const [, literal, name] of source.matchAll(pattern)) read.add(literal ?? constant(name ?? ""));
  };
  calls("searchParams");
  // A name for the query: `const query = new URL(request.url).searchParams`, `const [params] = useSearchParams()`.
  for (const [, name = ""] of source.matchAll(/const (\w+) = [^;]*\.searchParams;/g)) calls(name);
  for (const [, name = ""] of source.matchAll(/const \[(\w+)\] = useSearchParams\(\)/g)) calls(name);
  // As an object: `const asked = Object.fromEntries(url.searchParams)`, read as asked.date.
  for (const [, name = ""] of source.matchAll(/const (\w+) = Object\.fromEntries\([^;]*searchParams\)/g)) {
    for (const [, field = ""] of source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g"))) read.add(field);
  }
  return read;
}

function pages(entries: RouteEntry[], parentFiles: string[] = []): { files: string[]; id: string }[] {
  return entries.flatMap((entry) => {
    const files = [...parentFiles, entry.file];
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
    return [{ files, id }, ...pages(entry.children ?? [], files)];
  });
}

describe("declared query parameters", () => {
  const all = pages(routes as RouteEntry[]);

  it.each(all.map((page) => [page.id, page] as const))("%s declares every parameter it reads", (_, page) => {
    const declared = new Set(page.files.flatMap(declaredIn));
    const read = new Set(page.files.flatMap((file) => readsOf(path.join(appDir, file), "*")));
    expect(read.has("?"), "a parameter read by a name this test cannot see (readByName)").toBe(false);
    expect(
      [...read].filter((name) => !declared.has(name)),
      "read but not declared",
    ).toEqual([]);
    expect(
      [...declared].filter((name) => !read.has(name)),
      "declared but never read",
    ).toEqual([]);
  });

  it("sees the reads it is meant to", () => {
    const read = parametersReadIn(`
      const a = url.searchParams.get("page");
      const query = new URL(request.url).searchParams;
      query.get("class"); query.has("section");
      const [searchParams] = useSearchParams(); searchParams.get("redirectTo");
      const anotherParam = "another"; url.searchParams.has(anotherParam);
      const asked = Object.fromEntries(url.searchParams); asked.date;
      formData.get("title");
    `);
    expect([...read].sort()).toEqual(["another", "class", "date", "page", "redirectTo", "section"]);
  });
});
