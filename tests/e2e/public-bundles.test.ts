// Dashboard code stays in the dashboard (docs/decisions/0007): read from the client build (so it
// is part of the end-to-end suite, which runs on the build `npm test` makes), no page outside
// /DeashBoard loads Mantine or a module of app/components/dashboard on its first visit, and each
// one's first-load JavaScript stays within the budget of 110 KB brotli. The first-load files are
// React Router's manifest calculation the bench uses (bench/bundles.ts). The home page, in English
// and in Bangla, keeps the bench's first-load HTML, CSS and JavaScript budgets, measured as the
// bench does.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { budgets } from "../../bench/budgets";
import {
  addSizes,
  firstLoadFiles,
  inlineStyles,
  type ManifestRoute,
  measurePage,
  type RouterManifest,
  readRouterManifest,
  type Size,
  sizeOf,
} from "../../bench/bundles";
import { kb } from "../../bench/stats";
import { readOnlyServerUrl } from "./harness";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const buildDir = path.resolve(repoRoot, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const dashboardComponents = path.join(repoRoot, "app", "components", "dashboard");

/** Mantine in a built file: its components' display names ("@mantine/core/Button") and its CSS variables. */
const mantine = /@mantine\/|--mantine-/;

/** A value as the minified build quotes it: "x", 'x' or `x`. */
const quoted = (value: string) => new RegExp(`["'\`]${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`);

/**
 * Strings only the dashboard's components hold: their data-testid values that no other file of
 * the app (outside the dashboard's components and routes) uses, so a built file holding one
 * holds a dashboard component.
 */
function dashboardMarkers(): Map<string, string> {
  const appDir = path.join(repoRoot, "app");
  const sources = (readdirSync(appDir, { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(appDir, file));
  const isDashboard = (file: string) =>
    file.startsWith(dashboardComponents + path.sep) ||
    path.basename(file).startsWith("dashboard.") ||
    path.basename(file) === "dashboard.tsx";
  const elsewhere = sources
    .filter((file) => !isDashboard(file))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  const markers = new Map<string, string>();
  for (const file of sources.filter((f) => f.startsWith(dashboardComponents + path.sep))) {
    if (file.endsWith(".server.ts")) continue;
    for (const match of readFileSync(file, "utf8").matchAll(/data-testid="([a-z][\w-]{5,})"/g)) {
      const value = match[1]!;
      if (!quoted(value).test(elsewhere)) markers.set(value, path.relative(repoRoot, file));
    }
  }
  return markers;
}

/** Every route of the manifest under the dashboard's layout route, and the layout itself. */
function dashboardRouteIds(manifest: RouterManifest): Set<string> {
  const ids = new Set<string>();
  const under = (route: ManifestRoute): boolean =>
    route.id === "routes/dashboard" ||
    (route.parentId !== undefined && under(manifest.routes[route.parentId]!));
  for (const route of Object.values(manifest.routes)) if (under(route)) ids.add(route.id);
  return ids;
}

/** An address that opens the route: its ancestors' paths, with a sample for each parameter. */
function sampleAddress(manifest: RouterManifest, route: ManifestRoute): string {
  const parts: string[] = [];
  for (
    let at: ManifestRoute | undefined = route;
    at;
    at = at.parentId ? manifest.routes[at.parentId] : undefined
  )
    if (at.path) parts.unshift(at.path);
  return `/${parts
    .join("/")
    .split("/")
    .map((part) => (part === "*" ? "no-such-page" : part.startsWith(":") ? "sample" : part))
    .join("/")}`;
}

describe("what pages outside the dashboard load first", () => {
  let manifest: RouterManifest;
  let markers: Map<string, string>;
  const text = new Map<string, string>();
  const sizes = new Map<string, Size>();
  const read = (url: string) => {
    let content = text.get(url);
    if (content === undefined) {
      content = readFileSync(path.join(clientDir, url.replace(/^\//, "")), "utf8");
      text.set(url, content);
    }
    return content;
  };
  const size = (url: string) => {
    let found = sizes.get(url);
    if (!found) {
      found = sizeOf(read(url));
      sizes.set(url, found);
    }
    return found;
  };
  /** Page routes (those with a module of their own) outside the dashboard, with an address each. */
  let pages: { id: string; address: string }[];
  let dashboardIds: Set<string>;

  beforeAll(() => {
    if (!existsSync(path.join(clientDir, "assets"))) {
      throw new Error(
        `No client build at ${clientDir}: run \`npm run build\` ` +
          "(or `BUILD_DIR=<folder> npm run build` with the same BUILD_DIR) before this test; `npm test` does.",
      );
    }
    manifest = readRouterManifest(clientDir);
    markers = dashboardMarkers();
    dashboardIds = dashboardRouteIds(manifest);
    // Resource routes (logout, feeds, the CSV) have no component: their module is the shared empty one.
    pages = Object.values(manifest.routes)
      .filter(
        (route) => !dashboardIds.has(route.id) && route.id !== "root" && read(route.module).trim() !== "",
      )
      .map((route) => ({ id: route.id, address: sampleAddress(manifest, route) }));
  });

  it("finds the dashboard's routes and marker strings in the build (the check below can see them)", () => {
    expect(dashboardIds.has("dashboard-add-admission")).toBe(true);
    expect(dashboardIds.has("routes/dashboard.content-list")).toBe(true);
    expect(pages.map((page) => page.id)).toEqual(
      expect.arrayContaining([
        "home-index",
        "routes/admissions",
        "routes/blog",
        "routes/login",
        "routes/not-found",
      ]),
    );
    // Markers from every drawing component of app/components/dashboard that has test ids.
    const files = new Set(markers.values());
    for (const file of [
      "content-form.tsx",
      "dashboard-menu.tsx",
      "inbox.tsx",
      "overview.tsx",
      "header-notices.tsx",
    ])
      expect([...files], file).toContain(`app/components/dashboard/${file}`);
    // What a dashboard page loads holds each marker and Mantine: the patterns match the build.
    const dashboardFiles = new Set<string>();
    for (const id of dashboardIds) {
      const route = manifest.routes[id]!;
      for (const file of [route.module, ...(route.imports ?? [])]) dashboardFiles.add(file);
    }
    const dashboardCode = [...dashboardFiles].map(read).join("\n");
    const missing = [...markers.keys()].filter((marker) => !quoted(marker).test(dashboardCode));
    expect(missing, "markers not found in the dashboard's built files").toEqual([]);
    const addForm = firstLoadFiles(manifest, "/DeashBoard/AddAdmition").js;
    expect(addForm.some((url) => mantine.test(read(url)))).toBe(true);
    expect(addForm.some((url) => quoted("content-form").test(read(url)))).toBe(true);
  });

  it("loads neither Mantine nor dashboard components on any page outside /DeashBoard", () => {
    expect(pages.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { id, address } of pages) {
      const files = firstLoadFiles(manifest, address);
      expect(files.routes, address).toContain(id);
      expect(
        files.routes.filter((route) => dashboardIds.has(route)),
        address,
      ).toEqual([]);
      for (const url of files.js) {
        const code = read(url);
        if (mantine.test(code)) found.push(`${id} (${address}): ${url} holds Mantine`);
        for (const [marker, file] of markers)
          if (quoted(marker).test(code)) found.push(`${id} (${address}): ${url} holds ${file} ("${marker}")`);
      }
      for (const url of files.css)
        if (mantine.test(read(url))) found.push(`${id} (${address}): ${url} is Mantine's CSS`);
    }
    expect(found).toEqual([]);
  });

  it(`keeps each page's first-load JavaScript within ${budgets.jsBrotliKb} KB brotli`, () => {
    const over: string[] = [];
    for (const { id, address } of pages) {
      const total = addSizes(firstLoadFiles(manifest, address).js.map(size));
      expect(total.brotli, address).toBeGreaterThan(50 * 1024);
      if (kb(total.brotli) > budgets.jsBrotliKb) over.push(`${id} (${address}): ${kb(total.brotli)} KB`);
    }
    expect(over).toEqual([]);
  });
});

describe("the home page's first load in English and in Bangla, as the bench measures it", () => {
  // Only reads the home page: the run's shared server with the sample content.
  const url = readOnlyServerUrl();

  it.each([
    ["English", "maktab_lang=en"],
    ["Bangla", "maktab_lang=bn"],
  ])(
    `keeps the HTML within ${budgets.htmlBrotliKb} KB, the CSS within ${budgets.cssBrotliKb} KB and the JavaScript within ${budgets.jsBrotliKb} KB brotli in %s`,
    async (language, cookie) => {
      const response = await fetch(`${url}/`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`lang="${cookie.slice(-2)}"`);
      const measured = measurePage({
        clientDir,
        manifest: readRouterManifest(clientDir),
        page: `home (${language})`,
        pathname: "/",
        html,
      });
      expect(measured.htmlOnly).toEqual([]);
      // The Bangla font's faces are in the inlined CSS; their files are not (they are fonts).
      expect(inlineStyles(html)).toMatch(/@font-face\s*\{\s*font-family:\s*"?Noto Sans Bengali/);
      expect(kb(measured.html.brotli), "HTML, KB brotli").toBeLessThanOrEqual(budgets.htmlBrotliKb);
      expect(kb(measured.css.brotli), "CSS, KB brotli").toBeLessThanOrEqual(budgets.cssBrotliKb);
      expect(kb(measured.js.brotli), "JavaScript, KB brotli").toBeLessThanOrEqual(budgets.jsBrotliKb);
    },
  );
});
