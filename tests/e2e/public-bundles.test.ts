// Dashboard code stays in the dashboard (docs/decisions/0007): read from the client build (so it
// is part of the end-to-end suite, which runs on the build `npm test` makes), no page outside
// /DeashBoard loads Mantine or a module of app/components/dashboard on its first visit. A reading
// page runs no React (decision 0059): its first-load JavaScript, its plain modules, within 15 KB
// brotli; a page with React within 110 KB, as React Router's manifest calculation the bench uses
// counts it (bench/bundles.ts). The home page, in English and in Bangla, keeps the bench's
// first-load HTML, CSS, JavaScript and first-visit budgets, measured as the bench does, and in
// Chromium transfers at most 60 KB before its pictures.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { budgets } from "../../bench/budgets";
import {
  firstLoadFiles,
  inlineStyles,
  type ManifestRoute,
  measurePage,
  type RouterManifest,
  readRouterManifest,
} from "../../bench/bundles";
import { kb } from "../../bench/stats";
import { launchBrowser, newPage, readOnlyServerUrl } from "./harness";

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
  const read = (url: string) => {
    let content = text.get(url);
    if (content === undefined) {
      content = readFileSync(path.join(clientDir, url.replace(/^\//, "")), "utf8");
      text.set(url, content);
    }
    return content;
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

  it(`keeps a page with React within ${budgets.jsBrotliKb} KB of first-load JavaScript, a reading page within ${budgets.readingJsBrotliKb} KB, as the server sends each one`, async () => {
    const url = readOnlyServerUrl();
    const over: string[] = [];
    const reading = new Set<string>();
    const withReact = new Set<string>();
    for (const { id, address } of pages) {
      // A page that needs sign-in sends a visitor to /login: that is a page of its own, measured there.
      const response = await fetch(`${url}${address}`, { redirect: "manual" });
      const html = await response.text();
      if (response.status >= 300 && response.status < 400) continue;
      const measured = measurePage({ clientDir, manifest, page: id, pathname: address, html });
      expect(measured.htmlOnly, address).toEqual([]);
      if (measured.hydrates) {
        withReact.add(id);
        expect(measured.js.brotli, address).toBeGreaterThan(50 * 1024);
        if (kb(measured.js.brotli) > budgets.jsBrotliKb)
          over.push(`${id} (${address}): ${kb(measured.js.brotli)} KB`);
        continue;
      }
      reading.add(id);
      // No React in the browser: none of React Router's scripts, data or preloads (decision 0059).
      expect(html, address).not.toContain("__reactRouterContext");
      expect(html, address).not.toContain('rel="modulepreload"');
      expect(html, address).not.toContain(manifest.entry.module);
      if (kb(measured.js.brotli) > budgets.readingJsBrotliKb)
        over.push(`${id} (${address}): ${kb(measured.js.brotli)} KB`);
    }
    expect(over).toEqual([]);
    // The reading pages (their records' pages answer a sample id with their 404, still a reading page).
    expect([...reading]).toEqual(
      expect.arrayContaining([
        "home-index",
        "home",
        "routes/admissions",
        "routes/services",
        "routes/results",
        "routes/blogs",
        "routes/blog",
        "routes/students",
        "routes/teachers",
        "routes/notices",
        "routes/events",
        "routes/downloads",
        "routes/gallery",
        "routes/gallery-album",
        "routes/gallery-photo",
        "routes/class-room",
        "routes/results-lookup",
        "routes/marksheet",
        "routes/fees-pay",
        "routes/fee-order",
        "routes/not-found",
      ]),
    );
    // The pages with forms that need React keep it.
    expect([...withReact]).toEqual(
      expect.arrayContaining(["routes/login", "routes/register", "routes/forgot-password"]),
    );
  });
});

describe("the reading pages' plain modules as the browser gets them", () => {
  it("are minified: no comments, a fraction of their source (decision 0067)", () => {
    const scriptsDir = path.join(repoRoot, "app", "scripts");
    const assets = readdirSync(path.join(clientDir, "assets"));
    const sources = readdirSync(scriptsDir).filter((file) => file.endsWith(".js"));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      const name = source.replace(/\.js$/, "");
      // (A chunk of the app may share the name: the carousel's React component.)
      const built = assets.filter((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
      expect(built.length, source).toBeGreaterThan(0);
      const codes = built.map((file) => readFileSync(path.join(clientDir, "assets", file), "utf8"));
      const original = readFileSync(path.join(scriptsDir, source), "utf8");
      for (const code of codes) expect(code, source).not.toMatch(/^\s*\/\/|\/\*/m);
      expect(Math.min(...codes.map((code) => code.length)), source).toBeLessThan(original.length * 0.75);
    }
  });
});

describe("the home page's first load in English and in Bangla, as the bench measures it", () => {
  // Only reads the home page: the run's shared server with the sample content.
  const url = readOnlyServerUrl();

  it.each([
    ["English", "maktab_lang=en"],
    ["Bangla", "maktab_lang=bn"],
  ])(
    `keeps the HTML within ${budgets.htmlBrotliKb} KB, the CSS within ${budgets.cssBrotliKb} KB, the JavaScript within ${budgets.readingJsBrotliKb} KB and the first visit within ${budgets.homeFirstVisitKb} KB brotli in %s`,
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
      expect(measured.hydrates).toBe(false);
      expect(kb(measured.js.brotli), "JavaScript, KB brotli").toBeLessThanOrEqual(budgets.readingJsBrotliKb);
      expect(kb(measured.firstVisit.brotli), "first visit, KB brotli").toBeLessThanOrEqual(
        budgets.homeFirstVisitKb,
      );
    },
  );

  // In Bangla the page's text needs the Bangla font (this machine, as many computers, has none of
  // its own): its file counts. In English only the
  // language button's word is Bangla, drawn by its 1 KB cut: the font's file is never asked for.
  it.each([
    ["English", "en"],
    ["Bangla", "bn"],
  ] as const)(
    `transfers at most ${budgets.homeFirstVisitKb} KB before the pictures on a first visit to the home page in %s in Chromium, fonts included`,
    async (_language, locale) => {
      const browser = await launchBrowser();
      try {
        const { context, page } = await newPage(browser);
        await context.addCookies([{ name: "maktab_lang", value: locale, url }]);
        const transfers: Promise<{ url: string; bytes: number }>[] = [];
        page.on("requestfinished", (request) => {
          if (request.resourceType() === "image") return;
          transfers.push(
            request.sizes().then((sizes) => ({
              url: request.url(),
              bytes: sizes.responseHeadersSize + sizes.responseBodySize,
            })),
          );
        });
        await page.goto(`${url}/`, { waitUntil: "networkidle" });
        const all = await Promise.all(transfers);
        const total = all.reduce((sum, transfer) => sum + transfer.bytes, 0);
        // The page, its plain module for the cart's badge, and no framework (decision 0059).
        expect(all.some((transfer) => /\/assets\/cart-badge-[\w-]+\.js$/.test(transfer.url))).toBe(true);
        expect(all.filter((transfer) => /entry\.client|react-router|react-dom/.test(transfer.url))).toEqual(
          [],
        );
        expect(kb(total), all.map((t) => `${t.url} ${t.bytes}`).join("\n")).toBeLessThanOrEqual(
          budgets.homeFirstVisitKb,
        );
        expect(await page.locator("html").getAttribute("lang")).toBe(locale);
        const bengaliFonts = all.filter((transfer) =>
          /\/assets\/noto-sans-bengali[\w-]*\.woff2$/.test(transfer.url),
        );
        expect(bengaliFonts, "the Bangla font's files").toHaveLength(locale === "bn" ? 1 : 0);
      } finally {
        await browser.close();
      }
    },
  );
});
