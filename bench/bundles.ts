// First-load JavaScript and CSS of each public page, from the build output. A page that hydrates:
// the entry, the matched routes' modules and their static imports (React Router's manifest lists
// them); a reading page, which runs no React (decision 0059): the plain modules its HTML loads
// (<script type="module" src>). The CSS: the rules the server inlines into the page
// (app/styles/page-css.server.ts), any linked CSS, and, on a page that hydrates, the whole public
// stylesheet it loads once it is shown. And the page's HTML itself, and the sum of all three as a
// first visit transfers them (brotli) before its pictures and fonts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
};

export type RouterManifest = {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
  /** The full manifest's module; pages load it only in "initial" route discovery (the default, "lazy", inlines what the page needs). */
  url?: string;
};

export type Size = { bytes: number; gzip: number; brotli: number };

export type PageBundle = {
  page: string;
  path: string;
  /** Whether the page runs React in the browser (its HTML carries React Router's data). */
  hydrates: boolean;
  routes: string[];
  jsFiles: string[];
  js: Size;
  css: Size;
  /** The page's HTML as the server sent it (its inline CSS and data included). */
  html: Size;
  /** HTML, JavaScript and the CSS files: a first visit before pictures and fonts. */
  firstVisit: Size;
};

export type StaticFile = { path: string; bytes: number };

/**
 * The load runs' ceiling: a small file the same server sends from memory like every built file
 * (server/middleware/built-assets.ts), so that its figure is the cost of a request, not of
 * sending a large body: the favicon, or else the build's smallest asset.
 */
export function staticCeilingFile(clientDir: string): StaticFile {
  const favicon = path.join(clientDir, "favicon.svg");
  if (existsSync(favicon)) return { path: "/favicon.svg", bytes: statSync(favicon).size };
  const assets = path.join(clientDir, "assets");
  const [smallest] = readdirSync(assets)
    .filter((name) => !/\.(br|gz)$/.test(name) && statSync(path.join(assets, name)).isFile())
    .map((name) => ({ path: `/assets/${name}`, bytes: statSync(path.join(assets, name)).size }))
    .sort((a, b) => a.bytes - b.bytes || a.path.localeCompare(b.path));
  if (!smallest) throw new Error(`no built file in ${assets} to measure as the static ceiling`);
  return smallest;
}

/** React Router's browser manifest (assets/manifest-<hash>.js) of a client build folder. */
export function readRouterManifest(clientDir: string): RouterManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}: is this a client build?`);
  return parseRouterManifest(readFileSync(path.join(assets, file), "utf8"));
}

export function parseRouterManifest(source: string): RouterManifest {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (start === -1 || end < start) throw new Error("the manifest holds no object");
  return JSON.parse(source.slice(start, end + 1)) as RouterManifest;
}

/** The manifest's routes as a tree react-router can match a path against. */
export function routeTree(manifest: RouterManifest): RouteObject[] {
  const childrenOf = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(route);
    childrenOf.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (childrenOf.get(parentId) ?? []).map((route): RouteObject => {
      if (route.index) return { id: route.id, index: true, path: route.path };
      return { id: route.id, path: route.path, children: build(route.id) };
    });
  return build(undefined);
}

/** The JS and linked CSS files a first visit to `pathname` loads, in load order, without repeats. */
export function firstLoadFiles(
  manifest: RouterManifest,
  pathname: string,
): { routes: string[]; js: string[]; css: string[] } {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  const routes = matches.map((match) => match.route.id as string);
  const js = new Set<string>();
  const css = new Set<string>();
  js.add(manifest.entry.module);
  for (const file of manifest.entry.imports ?? []) js.add(file);
  for (const file of manifest.entry.css ?? []) css.add(file);
  for (const id of routes) {
    const route = manifest.routes[id]!;
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  return { routes, js: [...js], css: [...css] };
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes, as the build's precompressed files have them. */
export function sizeOf(content: string | Buffer): Size {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  return {
    bytes: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

export function addSizes(sizes: readonly Size[]): Size {
  return sizes.reduce(
    (sum, size) => ({
      bytes: sum.bytes + size.bytes,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    { bytes: 0, gzip: 0, brotli: 0 },
  );
}

/** The whole public stylesheet every page loads once it is shown (app/entry.client.tsx). */
export function publicStylesheet(clientDir: string): string {
  const file = readdirSync(path.join(clientDir, "assets")).find((name) => /^public-[\w-]+\.css$/.test(name));
  if (!file) throw new Error(`no public-*.css in ${clientDir}/assets: is this a client build?`);
  return `/assets/${file}`;
}

/** The text of every <style> element of a page (the inlined stylesheet). */
export function inlineStyles(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("\n");
}

/** The module scripts a page's HTML asks for (modulepreload links and imports). */
export function htmlModules(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/gi))
    found.add(match[1]!);
  // Import statements only: the inline script also holds the route manifest, full of file names.
  const imports = /(?:\bfrom|\bimport)\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g;
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const match of script[1]!.matchAll(imports)) found.add(match[1]!);
  }
  return [...found];
}

/** Whether a page's HTML hydrates: React Router's data script is there (its <Scripts/>). */
export const hydratesHtml = (html: string): boolean => html.includes("window.__reactRouterContext");

/** The files a page's HTML loads by itself: module scripts (src) and stylesheets (href). */
export function htmlFiles(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"[^>]*>/gi)) js.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/gi))
    css.add(match[1]!);
  return { js: [...js], css: [...css] };
}

/**
 * Measures one page: on a page that hydrates, the manifest's first-load JS, its inline and linked
 * CSS and the whole stylesheet; on a reading page, what its HTML loads.
 */
export function measurePage(options: {
  clientDir: string;
  manifest: RouterManifest;
  page: string;
  pathname: string;
  html: string;
}): PageBundle & { htmlOnly: string[] } {
  const { clientDir, manifest, pathname, html } = options;
  const hydrates = hydratesHtml(html);
  const own = htmlFiles(html);
  const files = hydrates
    ? firstLoadFiles(manifest, pathname.split("?")[0]!)
    : { routes: matchedRouteIds(manifest, pathname.split("?")[0]!), js: own.js, css: own.css };
  const loaded = htmlModules(html);
  if (hydrates && manifest.url && loaded.includes(manifest.url)) files.js.unshift(manifest.url);
  const read = (url: string) => readFileSync(path.join(clientDir, url.replace(/^\//, "")));
  const js = addSizes(files.js.map((url) => sizeOf(read(url))));
  const styles = inlineStyles(html);
  const cssFiles = addSizes(
    [...files.css, ...(hydrates ? [publicStylesheet(clientDir)] : [])].map((url) => sizeOf(read(url))),
  );
  const css = addSizes([...(styles ? [sizeOf(styles)] : []), cssFiles]);
  const htmlSize = sizeOf(html);
  const listed = new Set(files.js);
  return {
    page: options.page,
    path: pathname,
    hydrates,
    routes: files.routes,
    jsFiles: files.js,
    js,
    css,
    html: htmlSize,
    firstVisit: addSizes([htmlSize, js, cssFiles]),
    // A module the HTML loads that the manifest calculation missed would make the figure too low;
    // a reading page loads no module at all beyond its own.
    htmlOnly: hydrates
      ? loaded.filter((url) => !listed.has(url))
      : loaded.filter((url) => !own.js.includes(url)),
  };
}

/** The ids of the routes the manifest matches for a path. */
function matchedRouteIds(manifest: RouterManifest, pathname: string): string[] {
  return (matchRoutes(routeTree(manifest), pathname) ?? []).map((match) => match.route.id as string);
}
