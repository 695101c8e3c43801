// The page cache where it cannot simply serve a kept copy (issue 42, decision 0062): a page is
// keyed by the query parameters its route declares, a miss is compressed only as asked (and at
// the best level once asked again), and a flood of one-off addresses does not push out the pages
// people read. The rest of the page cache: page-cache.test.ts.
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { fakePages } from "../fixtures/fake-pages";
import { createTestApp, origin, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("a page's declared query parameters on %s", (database) => {
  // The build's routes as React Router lists them: the list of notices reads ?page= and ?q=.
  const pageRoutes = {
    root: { id: "root", path: "", module: {} },
    notices: {
      id: "notices",
      parentId: "root",
      path: "notices",
      module: { handle: { query: ["page", "q"] } },
    },
  } as unknown as ServerBuild["routes"];

  it("keys a page by the parameters it reads, and renders it without any other", async () => {
    const pages = fakePages();
    const t = await createTestApp(database, {}, { pageHandler: pages.handler, pageRoutes });
    try {
      const cacheOf = async (address: string) => {
        const response = await t.request(address);
        await response.text();
        return response.headers.get("x-cache");
      };
      expect(await cacheOf("/notices")).toBe("MISS");
      // A parameter the page reads is another page.
      expect(await cacheOf("/notices?page=2")).toBe("MISS");
      expect(await cacheOf("/notices?page=2")).toBe("HIT");
      // Any other (made up, or a tracking one) is the clean address's copy.
      expect(await cacheOf("/notices?foo=1&utm_source=x")).toBe("HIT");
      expect(await cacheOf("/notices?page=2&foo=1&fbclid=abc")).toBe("HIT");
      expect(await cacheOf("/notices?Page=3")).toBe("HIT");
      // The order of the page's own parameters does not make another copy.
      expect(await cacheOf("/notices?q=exam&page=2")).toBe("MISS");
      expect(await cacheOf("/notices?page=2&q=exam&bar=")).toBe("HIT");
      // A navigation's data keeps React Router's own parameter.
      expect(await cacheOf("/notices.data?_routes=notices")).toBe("MISS");
      expect(await cacheOf("/notices.data?_routes=notices&utm_medium=x")).toBe("HIT");
      expect(await cacheOf("/notices.data")).toBe("MISS");
      // React Router's route manifest keeps its own query (the paths asked, the build's version).
      expect(await cacheOf("/__manifest?paths=%2Fnotices&version=abc&utm_source=x")).toBe("MISS");
      // What the pages saw: only the parameters they read.
      expect(pages.calls.urls.map((url) => url.replace(origin, ""))).toEqual([
        "/notices",
        "/notices?page=2",
        "/notices?q=exam&page=2",
        "/notices.data?_routes=notices",
        "/notices.data",
        "/__manifest?paths=%2Fnotices&version=abc",
      ]);
      // A signed-in reader's page is rendered without the others too.
      await t.signUp("reader@school.test");
      const reader = await t.signIn("reader@school.test", "correct horse 1");
      await (await t.request("/notices?foo=1&page=3", { session: reader })).text();
      expect(pages.calls.urls.at(-1)).toBe(`${origin}/notices?page=3`);
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe.each(testDatabases)("a miss on %s", (database) => {
  const pageRoutes = {
    root: { id: "root", path: "", module: {} },
    notices: { id: "notices", parentId: "root", path: "notices", module: { handle: { query: ["page"] } } },
  } as unknown as ServerBuild["routes"];
  /** Some kilobytes of text, as a page's: words that repeat, in an order that does not. */
  const words = (count: number, seed: number) => {
    const vocabulary = [
      "exam",
      "routine",
      "class",
      "notice",
      "holiday",
      "result",
      "school",
      "admission",
      "fee",
    ];
    let state = seed;
    return Array.from({ length: count }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return vocabulary[state % vocabulary.length];
    }).join(" ");
  };

  it("keeps a page compressed fast, and smaller once it is asked again", async () => {
    const t = await createTestApp(
      database,
      {},
      { pageHandler: fakePages(`<p>${words(6000, 7)}</p>`).handler, pageRoutes },
    );
    try {
      const brotli = { headers: { "accept-encoding": "br" } };
      const gzip = { headers: { "accept-encoding": "gzip" } };
      const first = await t.request("/notices");
      expect(first.headers.get("x-cache")).toBe("MISS");
      // The kept copy is the page without the render's nonce.
      const plain = (await first.text()).replaceAll(/ nonce="[^"]+"/g, "");
      const fast = await t.request("/notices", brotli);
      expect(fast.headers.get("x-cache")).toBe("HIT");
      const fastBytes = Buffer.from(await fast.arrayBuffer());
      expect(brotliDecompressSync(fastBytes).toString()).toBe(plain);
      const fastGzip = Buffer.from(await (await t.request("/notices", gzip)).arrayBuffer());
      expect(gunzipSync(fastGzip).toString()).toBe(plain);

      // Made after the answer, off its way: the next answers are the smaller copies.
      let best = fastBytes;
      for (let i = 0; i < 100 && best.length >= fastBytes.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        best = Buffer.from(await (await t.request("/notices", brotli)).arrayBuffer());
      }
      expect(best.length).toBeLessThan(fastBytes.length);
      expect(brotliDecompressSync(best).toString()).toBe(plain);
      const bestGzip = await t.request("/notices", gzip);
      const bestGzipBytes = Buffer.from(await bestGzip.arrayBuffer());
      expect(Number(bestGzip.headers.get("content-length"))).toBe(bestGzipBytes.length);
      expect(bestGzipBytes.length).toBeLessThanOrEqual(fastGzip.length);
      expect(gunzipSync(bestGzipBytes).toString()).toBe(plain);
    } finally {
      await t.close();
    }
  });

  it("keeps the pages people read through a flood of addresses each asked once", async () => {
    // Each page some 20 kB, so that 5,000 of them are more than the cache's 64 MB (a copy asked
    // once is kept uncompressed).
    const pages = fakePages(`<p>${randomBytes(15_000).toString("base64")}</p>`);
    const t = await createTestApp(database, {}, { pageHandler: pages.handler, pageRoutes });
    try {
      const cacheOf = async (address: string) => {
        const response = await t.request(address);
        await response.arrayBuffer();
        return response.headers.get("x-cache");
      };
      // Copies are kept once compressed, on zlib's threads: requests in a loop that never waits
      // for input would not let them finish.
      const keptAll = async () => {
        let before = -1;
        while (t.services.pageCache.stats().bytes !== before) {
          before = t.services.pageCache.stats().bytes;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      expect(await cacheOf("/notices")).toBe("MISS");
      expect(await cacheOf("/notices")).toBe("HIT");
      for (let page = 2; page < 5002; page++) {
        expect(await cacheOf(`/notices?page=${page}`)).toBe("MISS");
        await new Promise((resolve) => setImmediate(resolve));
      }
      await keptAll();
      const { bytes, entries } = t.services.pageCache.stats();
      expect(bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
      expect(entries).toBeLessThan(5000);
      expect(await cacheOf("/notices")).toBe("HIT");
      // The oldest of the one-off addresses made room for the newer ones.
      expect(await cacheOf("/notices?page=2")).toBe("MISS");
      expect(await cacheOf("/notices?page=5001")).toBe("HIT");
    } finally {
      await t.close();
    }
  }, 300_000);
});
