// Every page gets the texts its components use. Pages receive only part of the dictionary (the
// root loader's texts every page shows, plus those of the areas their routes' handles name), so a
// text used on a page that is not sent to it would show its key instead. This reads the source:
// for each route, the files it and the shell import, the message keys they name, and checks each
// against what the page gets.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { everyPageTexts, type Locale, type PageArea, textsOfAreas } from "../../i18n";
import { en, type MessageKey } from "../../i18n/en";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** The text areas a route's handle names (`texts: [...]`), which its loader sends (withTexts). */
function areasOf(file: string): PageArea[] {
  const source = readFileSync(path.join(appDir, file), "utf8");
  const handle =
    /^export const handle = \{([^;]*)\} satisfies TextsHandle(?:\s*&\s*HydrationHandle)?;/m.exec(
      source,
    )?.[1] ?? "";
  const areas = [...(/\btexts: \[([^\]]*)\]/.exec(handle)?.[1]?.matchAll(/"(\w+)"/g) ?? [])].map(
    ([, area]) => area as PageArea,
  );
  if (areas.length > 0 && !source.includes("withTexts(handle,")) {
    throw new Error(`${file} names texts in its handle, but its loader does not send them (withTexts)`);
  }
  return areas;
}

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type Page = { path: string; files: string[] };

/** The texts a page receives: every page's (the root loader's), and its routes' areas'. */
function textsOfPage(locale: Locale, page: Page) {
  return { ...everyPageTexts[locale], ...textsOfAreas(locale, page.files.flatMap(areasOf)) };
}

const pageAt = (pagePath: string) => {
  const found = pages(routes as RouteEntry[]).findLast(
    (page) => page.path.toLowerCase() === pagePath.toLowerCase(),
  );
  if (!found) throw new Error(`no page at ${pagePath}`);
  return found;
};

function pages(entries: RouteEntry[], parentPath = "", parentFiles: string[] = []): Page[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    // A sample address: each parameter and the catch-all filled in.
    const samplePath = joined.replace(/:\w+/g, "x").replace("*", "some-page") || "/";
    const files = [...parentFiles, entry.file];
    return [{ path: samplePath, files }, ...pages(entry.children ?? [], joined, files)];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The app's files a module brings to the browser: its imports, followed, but not server-only ones. */
function browserFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || /\.server\.tsx?$/.test(entry)) return seen;
  seen.add(entry);
  // Type-only imports bring nothing to the browser.
  const source = readFileSync(entry, "utf8").replace(/(?:import|export)\s+type\s[^;]*;/g, "");
  for (const [, specifier = ""] of source.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    const file = resolveImport(entry, specifier);
    if (file?.startsWith(appDir)) browserFiles(file, seen);
  }
  return seen;
}

/** The message keys a file names: as strings, or as the start of a template (`phone.error.${code}`). */
function keysNamedIn(file: string): MessageKey[] {
  const source = readFileSync(file, "utf8");
  const all = Object.keys(en) as MessageKey[];
  const named = new Set<MessageKey>();
  for (const [, key] of source.matchAll(/"([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)"/g)) {
    if (key && key in en) named.add(key as MessageKey);
  }
  for (const [, prefix = ""] of source.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*\.)\$\{/g)) {
    for (const key of all) if (key.startsWith(prefix)) named.add(key);
  }
  return [...named];
}

describe("the texts each page receives", () => {
  const shell = browserFiles(path.join(appDir, "root.tsx"));

  // A route without a component (a feed, a redirect, the sign-in popup's own small pages) renders
  // no page of React's: its words are the server's, from the whole dictionary.
  const rendered = (page: Page) =>
    /^export default function/m.test(readFileSync(path.join(appDir, page.files.at(-1) ?? ""), "utf8"));

  it.each(
    pages(routes as RouteEntry[])
      .filter(rendered)
      .map((page) => [page.path, page] as const),
  )("%s has every text its components name", (_pagePath, page) => {
    const sent = new Set(Object.keys(textsOfPage("en", page)));
    const files = new Set(shell);
    for (const file of page.files) browserFiles(path.join(appDir, file), files);
    const missing = [...files].flatMap((file) =>
      keysNamedIn(file)
        .filter((key) => !sent.has(key))
        .map((key) => `${path.relative(appDir, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("sends the home page neither the cart's nor the account pages' texts", () => {
    const home = textsOfPage("en", pageAt("/"));
    expect(home["cart.proceed"]).toBeUndefined();
    expect(home["phone.title" as MessageKey]).toBeUndefined();
    expect(textsOfPage("en", pageAt("/allOrder"))["cart.proceed"]).toBe(en["cart.proceed"]);
    expect(textsOfPage("bn", pageAt("/DeashBoard/orders"))["cart.proceed"]).not.toBe(en["cart.proceed"]);
  });
});
