// Answers compressed as the client accepts: a REST answer in one go (brotli or gzip, with its
// length), a signed-in page as a stream, a visitor's page whole, a small answer not at all; every one says Vary: Accept-Encoding.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWithPeople,
  createTestApp,
  type Session,
  type TestApp,
  testDatabases,
} from "../fixtures/test-app";
import { startViteApp, type ViteApp } from "../fixtures/vite-app";

describe.each(testDatabases)("compression on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    ({ t, admin } = await appWithPeople(kind));
    for (let i = 0; i < 12; i++) {
      const added = await t.json(
        "/api/Notice/notices",
        "POST",
        { Title: `Notice ${i} about the half-yearly examination routine`, about: "x".repeat(200) },
        { session: admin },
      );
      expect(added.status).toBe(201);
    }
  });
  afterAll(() => t?.close());

  // Signed in: answered afresh, never from the page cache, so the compression is this request's.
  const list = "/api/Notice/notices?limit=12";
  const ask = (encodings: string | null) =>
    t.request(list, { session: admin, headers: encodings ? { "accept-encoding": encodings } : {} });

  it("sends a REST answer in brotli when the client takes it, with its length", async () => {
    const plain = await (await ask(null)).text();
    expect(plain.length).toBeGreaterThan(2048);
    const br = await ask("gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(bytes).toString()).toBe(plain);
  });

  it("sends gzip to a client that takes only gzip, and nothing compressed to one that takes none", async () => {
    const plain = await (await ask(null)).text();
    const gzip = await ask("gzip;q=1, br;q=0");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    const none = await ask("identity");
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(await none.text()).toBe(plain);
  });

  it("leaves a small answer as it is, and says it could have been compressed", async () => {
    const small = await t.request("/api/Notice/notices?limit=1&q=no-such-notice", {
      session: admin,
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await small.json()).toEqual([]);
  });

  it("answers an error as before to a client that takes brotli: its status, its JSON", async () => {
    const refused = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "", about: "y".repeat(3000) },
      { session: admin, headers: { "accept-encoding": "br" } },
    );
    expect(refused.status).toBe(400);
    const bytes = Buffer.from(await refused.arrayBuffer());
    const text =
      refused.headers.get("content-encoding") === "br"
        ? brotliDecompressSync(bytes).toString()
        : bytes.toString();
    expect(JSON.parse(text).error.fields).toHaveProperty("Title");
  });
});

describe("a page compressed as it streams", () => {
  let t: TestApp;
  const shell = `<!DOCTYPE html><html><body><header>${"Menu ".repeat(400)}</header><main>`;
  const rest = `${"<p>A notice about the half-yearly examination</p>".repeat(200)}</main></body></html>`;
  // Each page waits for its gate before it sends the rest, as a section waits for its data.
  const gates: (() => void)[] = [];
  let cancelled = 0;
  beforeAll(async () => {
    t = await createTestApp(
      "pglite",
      {},
      {
        pageHandler: async () => {
          const gate = new Promise<void>((resolve) => gates.push(resolve));
          const bytes = new TextEncoder();
          const body = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(bytes.encode(shell));
              await gate;
              controller.enqueue(bytes.encode(rest));
              controller.close();
            },
            cancel() {
              cancelled++;
            },
          });
          return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
        },
      },
    );
  });
  afterAll(() => t?.close());

  // A cookie of ours (a pending banner) keeps the page out of the page cache, whose misses are read
  // whole to be kept: this request's render is streamed, and a client going away stops it.
  const page = (encodings: string) =>
    t.request("/notices", { headers: { "accept-encoding": encodings, cookie: "maktab_flash=seen" } });

  /** Reads until the text decoded so far holds `until`; a compressed stream decoded as far as it goes. */
  async function readUntil(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    decode: (bytes: Buffer) => string,
    until: string,
    read: Buffer[] = [],
  ) {
    let text = decode(Buffer.concat(read));
    while (!text.includes(until)) {
      const { done, value } = await reader.read();
      if (done) break;
      read.push(Buffer.from(value));
      text = decode(Buffer.concat(read));
    }
    return { text, read };
  }

  // Bytes so far, decoded without waiting for the end of the stream.
  const partial = {
    br: (bytes: Buffer) =>
      brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString(),
    gzip: (bytes: Buffer) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString(),
    identity: (bytes: Buffer) => bytes.toString(),
  };
  for (const [encodings, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", "identity"],
  ] as const) {
    it(`sends the shell (${encoding}) before the rest is rendered, then the rest`, async () => {
      const response = await page(encodings);
      expect(response.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decode = partial[encoding];
      const first = await readUntil(reader, decode, "</header>");
      expect(first.text).toBe(shell);
      for (const open of gates.splice(0)) open();
      const whole = await readUntil(reader, decode, "</html>", first.read);
      expect(whole.text).toBe(shell + rest);
    });
  }

  it("stops the render when the client goes away", async () => {
    const response = await page("br");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const before = cancelled;
    await reader.cancel();
    await expect.poll(() => cancelled).toBe(before + 1);
    for (const open of gates.splice(0)) open();
  });
});

// A visitor's page is rendered whole (every section in place, for reading without script), so it
// leaves in one piece, with its length: compressed in one go, not through a stream.
describe("a visitor's page sent whole", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-whole-page-"));
  let started: ViteApp;
  beforeAll(async () => {
    started = await startViteApp({ dataDir, origin: "http://localhost:3000" });
  }, 180_000);
  afterAll(async () => {
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A search of its own (a parameter the page reads; any other is not part of the page cache's
  // key) keeps the page out of the page cache: this request's render is read.
  let renders = 0;
  const page = (encodings: string) =>
    started.app.request(`/notices?q=render-${++renders}`, { headers: { "accept-encoding": encodings } });
  const decode = {
    br: (bytes: Buffer) => brotliDecompressSync(bytes).toString(),
    gzip: (bytes: Buffer) => gunzipSync(bytes).toString(),
    identity: (bytes: Buffer) => bytes.toString(),
  };

  for (const [encodings, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", "identity"],
  ] as const) {
    it(`sends it (${encoding}) with its length`, async () => {
      const response = await page(encodings);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      const html = decode[encoding](bytes);
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toMatch(/<\/html>$/);
      // The styles in the head, the module preloads out of it.
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<style nonce="[^"]+">/);
      expect(head).not.toContain('rel="modulepreload"');
    });
  }
});
