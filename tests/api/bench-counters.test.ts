// The bench's counters (BENCH_COUNTERS, issue 20): each answer's database queries in a
// Server-Timing header, and the renders per page-cache key at GET /__bench/renders; neither
// without the setting.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";
import { startViteApp, type ViteApp } from "../fixtures/vite-app";

/** The queries an answer says it made. */
const queriesOf = (response: Response) => {
  const timing = response.headers.get("server-timing") ?? "";
  const match = /(?:^|,\s*)queries;dur=(\d+)/.exec(timing);
  return match ? Number(match[1]) : undefined;
};

describe.each(testDatabases)("the bench's counters (%s)", (database) => {
  let t: TestApp;
  let admin: Session;
  let plain: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      BENCH_COUNTERS: "1",
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    plain = await createTestApp(database);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  const renders = async (app: TestApp) => {
    const response = await app.request("/__bench/renders");
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, number>;
  };
  const notices = "/api/Notice/notices?limit=5";
  const noticesKey = `en person ${notices}`;

  it("are not there without BENCH_COUNTERS", async () => {
    for (const path of ["/readyz", notices, notices]) {
      const response = await plain.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.has("server-timing")).toBe(false);
    }
    expect((await plain.request("/__bench/renders")).status).toBe(404);
  });

  it("count an answer's queries: one for the readiness check, none for a kept copy but the generation's", async () => {
    const ready = await t.request("/readyz");
    expect(await ready.json()).toMatchObject({ status: "ready" });
    // /readyz asks the database `select 1`, and nothing else.
    expect(queriesOf(ready)).toBe(1);

    const first = await t.request(notices);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(queriesOf(first)).toBeGreaterThan(0);
    const again = await t.request(notices);
    expect(again.headers.get("x-cache")).toBe("HIT");
    // On PostgreSQL, the content generation is read from the database (it is shared by every
    // process); the embedded database's is kept in the process.
    expect(queriesOf(again)).toBe(database === "postgres" ? 1 : 0);
    // The health check: no database at all.
    expect(queriesOf(await t.request("/healthz"))).toBe(0);
  });

  it("count the renders of a page-cache key: one per change, none for kept copies", async () => {
    const before = (await renders(t))[noticesKey] ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.request(notices)).status).toBe(200);
    const kept = (await renders(t))[noticesKey] ?? 0;
    // The first may render (a new generation), the others are served the kept copy.
    expect(kept - before).toBeLessThanOrEqual(1);

    const published = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Sports day", about: "Friday" },
      { session: admin },
    );
    expect(published.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await t.request(notices)).status).toBe(200);
    expect((await renders(t))[noticesKey]).toBe(kept + 1);
  });
});

describe("the bench's counters on a page", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-counters-"));
  let started: ViteApp;

  beforeAll(async () => {
    started = await startViteApp({ dataDir, origin: "http://localhost:3000", env: { BENCH_COUNTERS: "1" } });
  }, 180_000);
  afterAll(async () => {
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts the queries of the notices page: its rows and their count, then none for the kept copy", async () => {
    const page = (pathname: string) => started.app.request(`http://localhost:3000${pathname}`);
    await started.services.pageCache.invalidate();
    const fresh = await page("/notices");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    // The list's one page of rows (with their images), the count of all rows (the pager), and the
    // site's settings (the dates beside the Gregorian: read once per content generation).
    expect(queriesOf(fresh)).toBe(3);
    await fresh.text();
    // The copy is kept once its bytes are compressed, a moment after the answer.
    let kept = await page("/notices");
    for (let i = 0; i < 40 && kept.headers.get("x-cache") !== "HIT"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      kept = await page("/notices");
    }
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(queriesOf(kept)).toBe(0);
  });
});
