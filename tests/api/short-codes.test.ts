// The store of short-lived codes (server/domain/short-codes.ts) that phone codes and guardians'
// link codes share: kept only as keyed hashes, a newer set replacing the older, used once, void
// past the tries allowed (at once, or at the next check), expired after their time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifications } from "../../server/db/schema";
import { checkCode, keepCodes, newCode, pendingCodes } from "../../server/domain/short-codes";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const rules = { length: 6, expiresInSeconds: 300, allowedAttempts: 3 };
const secret = "a-secret-of-the-server";

describe.each(testDatabases)("short-lived codes on %s", (kind) => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const fresh = () => `test-code:${++counter}`;
  const keep = (identifier: string, codes: { name: string; code: string }[], data = { for: "x" }) =>
    keepCodes(t.services.db, { identifier, secret, rules, data, codes });
  const check = (
    identifier: string,
    code: string,
    more: Partial<Parameters<typeof checkCode<{ for: string }>>[1]> = {},
  ) => checkCode<{ for: string }>(t.services.db, { identifier, secret, rules, code, ...more });
  const rows = (identifier: string) =>
    t.services.db.select().from(verifications).where(eq(verifications.identifier, identifier));

  it("makes codes of the length asked, digits only", () => {
    for (let i = 0; i < 50; i++) expect(newCode(rules)).toMatch(/^\d{6}$/);
  });

  it("keeps a hash, never the code; a right code names its owner and is used once", async () => {
    const id = fresh();
    await keep(id, [
      { name: "father", code: "123456" },
      { name: "mother", code: "654321" },
    ]);
    const [row] = await rows(id);
    expect(row?.value).not.toContain("123456");
    expect(row?.value).not.toContain("654321");
    expect(await check(id, "654321")).toEqual({ found: "right", name: "mother", data: { for: "x" } });
    expect(await check(id, "123456")).toEqual({ found: "none" });
    expect(await rows(id)).toEqual([]);
  });

  it("keeps a right code for a next call when told not to spend it", async () => {
    const id = fresh();
    await keep(id, [{ name: "", code: "111111" }]);
    expect((await check(id, "111111", { spend: false })).found).toBe("right");
    expect((await check(id, "111111")).found).toBe("right");
    expect((await check(id, "111111")).found).toBe("none");
  });

  it("replaces an older set with a newer one", async () => {
    const id = fresh();
    await keep(id, [{ name: "", code: "222222" }]);
    await keep(id, [{ name: "", code: "333333" }]);
    expect(await rows(id)).toHaveLength(1);
    expect((await check(id, "222222")).found).toBe("wrong");
    expect((await check(id, "333333")).found).toBe("right");
  });

  it("voids a set past its tries: at the next check, or at the last wrong try when told", async () => {
    const later = fresh();
    await keep(later, [{ name: "", code: "444444" }]);
    for (let i = 0; i < 3; i++) expect((await check(later, "000000")).found).toBe("wrong");
    expect(await pendingCodes(t.services.db, { identifier: later }, rules)).toEqual([]);
    expect((await check(later, "444444")).found).toBe("void");
    expect((await check(later, "444444")).found).toBe("none");

    const atOnce = fresh();
    await keep(atOnce, [{ name: "", code: "555555" }]);
    expect((await check(atOnce, "000000", { voidOnLastTry: true })).found).toBe("wrong");
    expect((await check(atOnce, "000000", { voidOnLastTry: true })).found).toBe("wrong");
    expect((await check(atOnce, "000000", { voidOnLastTry: true })).found).toBe("void");
    expect((await check(atOnce, "555555", { voidOnLastTry: true })).found).toBe("none");
  });

  it("refuses an expired code and a set its caller does not take", async () => {
    const id = fresh();
    await keep(id, [{ name: "", code: "666666" }], { for: "+8801700000001" });
    expect((await check(id, "666666", { accepts: (data) => data.for === "+8801700000002" })).found).toBe(
      "none",
    );
    await t.services.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, id));
    expect((await check(id, "666666")).found).toBe("expired");
    expect(await rows(id)).toEqual([]);
  });

  it("lists the sets still usable under an identifier or a prefix, newest first", async () => {
    await keep("listed:a:1", [{ name: "", code: "777777" }], { for: "one" });
    await keep("listed:a:2", [{ name: "", code: "888888" }], { for: "two" });
    await keep("listed:b:1", [{ name: "", code: "999999" }], { for: "other" });
    const found = await pendingCodes<{ for: string }>(t.services.db, { prefix: "listed:a:" }, rules);
    expect(found.map((pending) => pending.data.for).sort()).toEqual(["one", "two"]);
    for (const pending of found) expect(pending.expiresInSeconds).toBeGreaterThan(290);
  });
});
