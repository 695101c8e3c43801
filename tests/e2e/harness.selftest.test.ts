/**
 * Self-test for the e2e harness. Does not need the Maktab server: it serves
 * its own tiny pages (with a nonce-based CSP, like the real site) and checks
 * that Chromium, page interaction and axe-core all work.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { launchBrowser, newPage } from "./harness";

const CSP = "script-src 'nonce-abc'";

const pages: Record<string, string> = {
  "/": `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Harness self-test</title></head>
<body>
<main>
  <h1>Hello</h1>
  <p id="status">before</p>
  <button type="button" id="go">Change text</button>
</main>
<script nonce="abc">
  document.getElementById("go").addEventListener("click", () => {
    document.getElementById("status").textContent = "after";
  });
</script>
<script>window.__inlineWithoutNonceRan = true;</script>
</body>
</html>`,
  "/no-alt": `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Missing alt</title></head>
<body>
<main>
  <h1>Picture</h1>
  <img src="/pixel.gif" width="10" height="10">
</main>
</body>
</html>`,
};

// 1x1 transparent GIF.
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

describe("e2e harness self-test", { timeout: 60_000 }, () => {
  let server: http.Server;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      res.setHeader("Content-Security-Policy", CSP);
      if (pathname === "/pixel.gif") {
        res.writeHead(200, { "Content-Type": "image/gif" }).end(pixel);
        return;
      }
      const html = pages[pathname];
      if (html === undefined) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("loads a CSP-protected page and runs its nonce script", async () => {
    const { context, page } = await newPage(browser);
    try {
      const res = await page.goto(`${baseUrl}/`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["content-security-policy"]).toBe(CSP);
      expect(await page.title()).toBe("Harness self-test");
      expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });

      // The CSP is really enforced: the inline script without a nonce did not run.
      expect(await page.evaluate(() => "__inlineWithoutNonceRan" in window)).toBe(false);

      await expect(page.locator("#status").textContent()).resolves.toBe("before");
      await page.getByRole("button", { name: "Change text" }).click();
      await page.locator("#status", { hasText: "after" }).waitFor();
      expect(await page.locator("#status").textContent()).toBe("after");
    } finally {
      await context.close();
    }
  });

  it("gives each newPage a fresh context and honours viewport/locale", async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: "ar" });
    try {
      await a.page.goto(`${baseUrl}/`);
      await a.page.evaluate(() => localStorage.setItem("k", "v"));
      await b.page.goto(`${baseUrl}/`);
      expect(await b.page.evaluate(() => localStorage.getItem("k"))).toBeNull();
      expect(b.page.viewportSize()).toEqual({ width: 390, height: 844 });
      expect(await b.page.evaluate(() => navigator.language)).toBe("ar");
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it("finds no axe violations on an accessible page despite the CSP", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${baseUrl}/`);
      const violations = await checkAccessibility(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      // Running it twice on the same page (axe already injected) works too.
      expect(await checkAccessibility(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("reports image-alt for an <img> without alt", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${baseUrl}/no-alt`);
      const violations = await checkAccessibility(page);
      const imageAlt = violations.find((v) => v.id === "image-alt");
      expect(imageAlt, formatViolations(violations)).toBeDefined();
      expect(imageAlt?.impact).toBe("critical");
      expect(imageAlt?.nodes.map((n) => n.target.join(" "))).toEqual(["img"]);
    } finally {
      await context.close();
    }
  });
});
