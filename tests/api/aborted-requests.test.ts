// A visitor who goes away before the page is sent is no server error (issue 20, item 4): the
// request log says "aborted", with no 500, no "request failed" and no "page render failed"; a
// page that really fails still logs its 500. The app runs in process behind a real HTTP server
// (a client can only go away over a socket), its pages loaded through Vite; the page is made slow
// by the database itself, held by a transaction the test keeps open.

import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startViteApp, type ViteApp } from "../fixtures/vite-app";

type LogLine = {
  level: number;
  msg: string;
  requestId?: string;
  status?: number;
  aborted?: boolean;
  route?: string;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("a client that goes away mid-page", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-aborted-"));
  const lines: LogLine[] = [];
  let started: ViteApp;
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    started = await startViteApp({ dataDir, origin: "http://localhost:3000", logger });
    server = serve({ fetch: started.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The page's modules load once, before any test times anything.
    expect((await fetch(`${base}/notices`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Keeps the database busy (PGlite runs one transaction at a time) until the answer is called. */
  async function holdDatabase(): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const done = started.services.db.transaction(async (tx) => {
      await tx.execute("select 1");
      entered();
      await released;
    });
    await inside;
    return async () => {
      release();
      await done;
    };
  }

  /** The log lines of one request, once its request line is written (at most 10 s). */
  async function linesOf(requestId: string): Promise<LogLine[]> {
    const deadline = Date.now() + 10_000;
    const mine = () => lines.filter((line) => line.requestId === requestId);
    while (!mine().some((line) => line.msg.startsWith("request")) && Date.now() < deadline) await sleep(20);
    // Whatever the render still logs after the request line.
    await sleep(200);
    return mine();
  }

  it("logs an aborted line, no 500 and no render failure", async () => {
    // A new content generation: the page reads the database afresh.
    await started.services.pageCache.invalidate();
    const release = await holdDatabase();
    const requestId = "aborted-page-0001";
    const request = http.request(`${base}/notices?page=1`, { headers: { "x-request-id": requestId } });
    request.on("error", () => {});
    request.end();
    // The server has the request and waits for the database; then the visitor leaves.
    await sleep(1000);
    request.destroy();
    await sleep(200);
    await release();

    const mine = await linesOf(requestId);
    expect(mine.map((line) => line.msg)).not.toContain("request failed");
    expect(mine.map((line) => line.msg)).not.toContain("page render failed");
    expect(mine.some((line) => (line.status ?? 0) >= 500)).toBe(false);
    expect(mine.some((line) => line.level >= 50)).toBe(false);
    expect(mine.filter((line) => line.aborted === true).length).toBe(1);
    const aborted = mine.find((line) => line.aborted === true);
    expect(aborted?.level).toBeLessThanOrEqual(40);
    expect(aborted?.route).toBe("/notices");
  });

  it("still logs a page that fails on the server as a 500", async () => {
    await started.services.pageCache.invalidate();
    const db = started.services.db;
    await db.execute("alter table notices rename to notices_away");
    let answer: Response;
    try {
      answer = await fetch(`${base}/notices?page=2`, { headers: { "x-request-id": "failing-page-0001" } });
      await answer.text();
    } finally {
      await db.execute("alter table notices_away rename to notices");
    }
    expect(answer.status).toBe(500);
    const mine = await linesOf("failing-page-0001");
    const failed = mine.find((line) => line.msg === "request failed");
    expect(failed?.status).toBe(500);
    expect(failed?.level).toBe(50);
    expect(failed?.route).toBe("/notices");
    expect(mine.some((line) => line.aborted === true)).toBe(false);
  });

  it("logs a page by its route's pattern, never by its path", async () => {
    const pages: [string, string][] = [
      ["/blog/no-such-blog-7f3a?from=mail", "/blog/:id"],
      ["/notices.data?page=3", "/notices"],
      ["/no/such/page-7f3a", "/*"],
      ["/DeashBoard/exams/7f3a", "/DeashBoard/exams/:id"],
    ];
    for (const [address, route] of pages) {
      const requestId = `page-route-${route.replace(/\W/g, "")}-0001`;
      await (
        await fetch(`${base}${address}`, { headers: { "x-request-id": requestId }, redirect: "manual" })
      ).text();
      const mine = await linesOf(requestId);
      const line = mine.find((found) => found.msg === "request" || found.msg === "request failed");
      expect(line?.route, address).toBe(route);
      expect(JSON.stringify(mine)).not.toContain("7f3a");
    }
  });
});
