// The build's files as a browser gets them: the encoding it accepts from the copies the build
// wrote, the right type and cache header, 304 when it has the file, and nothing outside the
// folder or missing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../fixtures/test-app";

describe("the build's files", () => {
  let t: TestApp;
  let root: string;
  const script = `export const greeting = "${"salaam ".repeat(200)}";\n`;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "maktab-assets-"));
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "assets", "entry-abc123.js"), script);
    writeFileSync(path.join(root, "assets", "entry-abc123.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(root, "assets", "entry-abc123.js.gz"), gzipSync(script));
    writeFileSync(path.join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    writeFileSync(path.join(root, "secret.txt"), "not for the web");
    t = await createTestApp("pglite", {}, { assetsDir: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("sends the compressed copy the browser accepts, or the file itself", async () => {
    const br = await t.request("/assets/entry-abc123.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(script.length / 5);

    const gzip = await t.request("/assets/entry-abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await t.request("/assets/entry-abc123.js", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);

    const head = await t.request("/assets/entry-abc123.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");

    const icon = await t.request("/favicon.svg");
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("answers 304 when the browser has the file", async () => {
    const first = await t.request("/assets/entry-abc123.js");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.request("/assets/entry-abc123.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
  });

  it("answers 404 for a missing file, a folder and anything outside the build's folder", async () => {
    for (const pathname of [
      "/assets/missing.js",
      "/assets/",
      "/assets/..%2fsecret.txt",
      "/assets/%2e%2e/secret.txt",
      "/assets/%E0%A4%A",
    ]) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).not.toContain("not for the web");
    }
  });
});
