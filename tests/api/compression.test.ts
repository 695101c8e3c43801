// Answers compressed as the client accepts: a REST answer in one go (brotli or gzip, with its
// length), a page as a stream, a small answer not at all; every one says Vary: Accept-Encoding.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

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
