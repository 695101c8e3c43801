import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addSizes,
  firstLoadFiles,
  htmlModules,
  inlineStyles,
  measurePage,
  parseRouterManifest,
  type RouterManifest,
  sizeOf,
  staticCeilingFile,
} from "../../bench/bundles";

// The shape React Router writes to assets/manifest-<hash>.js, cut down to a few routes.
const manifest: RouterManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.client.js", imports: ["/assets/react-dom.js", "/assets/jsx.js"], css: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/jsx.js", "/assets/ui.js"] },
    "home-index": {
      id: "home-index",
      parentId: "root",
      index: true,
      module: "/assets/home.js",
      imports: ["/assets/ui.js", "/assets/format.js"],
    },
    "routes/blog": {
      id: "routes/blog",
      parentId: "root",
      path: "blog/:id",
      module: "/assets/blog.js",
      imports: ["/assets/format.js", "/assets/comments.js"],
      css: ["/assets/blog.css"],
    },
    "routes/dashboard": {
      id: "routes/dashboard",
      parentId: "root",
      path: "DeashBoard",
      module: "/assets/dashboard.js",
      imports: ["/assets/mantine.js"],
    },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: "/assets/404.js" },
  },
};

describe("first-load files from React Router's manifest", () => {
  it("takes the entry and the matched routes with their imports, each file once", () => {
    expect(firstLoadFiles(manifest, "/")).toEqual({
      routes: ["root", "home-index"],
      js: [
        "/assets/entry.client.js",
        "/assets/react-dom.js",
        "/assets/jsx.js",
        "/assets/root.js",
        "/assets/ui.js",
        "/assets/home.js",
        "/assets/format.js",
      ],
      css: [],
    });
  });

  it("matches a path with a parameter and collects its linked CSS, not other routes' files", () => {
    const files = firstLoadFiles(manifest, "/blog/0b6f8f4e-4a07-4b5e-9d32-0d0b0f3c1a11");
    expect(files.routes).toEqual(["root", "routes/blog"]);
    expect(files.js).toContain("/assets/comments.js");
    expect(files.js).not.toContain("/assets/home.js");
    expect(files.js).not.toContain("/assets/mantine.js");
    expect(files.css).toEqual(["/assets/blog.css"]);
  });

  it("falls back to the catch-all route for an unknown path", () => {
    expect(firstLoadFiles(manifest, "/no/such/page").routes).toEqual(["root", "routes/not-found"]);
  });

  it("reads the manifest module as the build writes it", () => {
    const source = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
    expect(parseRouterManifest(source)).toEqual(manifest);
    expect(() => parseRouterManifest("nothing here")).toThrow(/no object/);
  });
});

describe("sizes", () => {
  it("measures raw, gzip and brotli sizes", () => {
    const text = "body{margin:0}".repeat(200);
    const size = sizeOf(text);
    expect(size.bytes).toBe(2800);
    expect(size.gzip).toBeLessThan(size.bytes / 10);
    expect(size.brotli).toBeLessThan(size.bytes / 10);
  });

  it("adds sizes file by file", () => {
    expect(
      addSizes([
        { bytes: 10, gzip: 5, brotli: 4 },
        { bytes: 1, gzip: 2, brotli: 3 },
      ]),
    ).toEqual({ bytes: 11, gzip: 7, brotli: 7 });
    expect(addSizes([])).toEqual({ bytes: 0, gzip: 0, brotli: 0 });
  });
});

describe("reading a page's HTML", () => {
  const html = `<!DOCTYPE html><html><head><style nonce="abc">a{color:red}</style>
    <link rel="modulepreload" href="/assets/entry.client.js"/><link rel="stylesheet" href="/x.css"/>
    <style>b{color:blue}</style></head><body>
    <script type="module" nonce="abc">import "/assets/manifest-1.js"; import * as route0 from "/assets/root.js";
    window.__reactRouterManifest = {"routes": {"home": {"module": "/assets/home.js"}}};</script>
    </body></html>`;

  it("collects the inline stylesheets", () => {
    expect(inlineStyles(html)).toBe("a{color:red}\nb{color:blue}");
  });

  it("lists the modules the page preloads or imports", () => {
    expect(htmlModules(html).sort()).toEqual([
      "/assets/entry.client.js",
      "/assets/manifest-1.js",
      "/assets/root.js",
    ]);
  });
});

describe("measuring a page against a build folder", () => {
  it("adds up the files the manifest names and the public stylesheet, counts the manifest module only when the page imports it", () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-unit-"));
    try {
      mkdirSync(path.join(clientDir, "assets"));
      const files = ["manifest-1", "entry.client", "react-dom", "jsx", "root", "ui", "home", "format"];
      for (const name of files) writeFileSync(path.join(clientDir, "assets", `${name}.js`), "x".repeat(100));
      writeFileSync(path.join(clientDir, "assets", "public-1.css"), "p{color:red}");
      // A page that hydrates: React Router's data script comes before its modules.
      const context = `<script>window.__reactRouterContext = {};</script>`;
      const page = (script: string) =>
        measurePage({
          clientDir,
          manifest,
          page: "home",
          pathname: "/",
          html: `<style>a{}</style>${context}<script type="module">${script}</script>`,
        });
      const lazy = page(`import * as route0 from "/assets/root.js";`);
      expect(lazy.hydrates).toBe(true);
      expect(lazy.jsFiles).toHaveLength(7);
      expect(lazy.js.bytes).toBe(700);
      // The inline rules, and the whole stylesheet the page loads once shown.
      expect(lazy.css.bytes).toBe(3 + 12);
      const html = `<style>a{}</style>${context}<script type="module">import * as route0 from "/assets/root.js";</script>`;
      expect(lazy.html.bytes).toBe(html.length);
      // A first visit: the HTML (its inline rules in it), the JavaScript and the stylesheet's file.
      expect(lazy.firstVisit.bytes).toBe(html.length + 700 + 12);
      expect(lazy.htmlOnly).toEqual([]);
      const initial = page(`import "/assets/manifest-1.js"; import "/assets/extra.js";`);
      expect(initial.jsFiles[0]).toBe("/assets/manifest-1.js");
      expect(initial.js.bytes).toBe(800);
      expect(initial.htmlOnly).toEqual(["/assets/extra.js"]);

      // A reading page (decision 0059): what its HTML loads, its plain module, and no stylesheet after.
      writeFileSync(path.join(clientDir, "assets", "cart-badge-1.js"), "y".repeat(40));
      const readingHtml = `<head><script type="module" src="/assets/cart-badge-1.js" nonce="n"></script><style>a{}</style></head>`;
      const reading = measurePage({ clientDir, manifest, page: "home", pathname: "/", html: readingHtml });
      expect(reading.hydrates).toBe(false);
      expect(reading.routes).toEqual(["root", "home-index"]);
      expect(reading.jsFiles).toEqual(["/assets/cart-badge-1.js"]);
      expect(reading.js.bytes).toBe(40);
      expect(reading.css.bytes).toBe(3);
      expect(reading.firstVisit.bytes).toBe(readingHtml.length + 40);
      expect(reading.htmlOnly).toEqual([]);
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("the static ceiling", () => {
  it("is the favicon when the build has one, else the smallest built file (not its .br/.gz copies)", () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-unit-"));
    try {
      mkdirSync(path.join(clientDir, "assets"));
      writeFileSync(path.join(clientDir, "assets", "entry.client-1.js"), "x".repeat(5000));
      writeFileSync(path.join(clientDir, "assets", "small-2.js"), "x".repeat(300));
      writeFileSync(path.join(clientDir, "assets", "small-2.js.br"), "x".repeat(20));
      writeFileSync(path.join(clientDir, "assets", "small-2.js.gz"), "x".repeat(30));
      mkdirSync(path.join(clientDir, "assets", "empty-folder"));
      expect(staticCeilingFile(clientDir)).toEqual({ path: "/assets/small-2.js", bytes: 300 });
      writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>".repeat(30));
      expect(staticCeilingFile(clientDir)).toEqual({ path: "/favicon.svg", bytes: 180 });
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
