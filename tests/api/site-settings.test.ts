// The calendars beside the Gregorian date (issue 39 item 4): an admin chooses none, the Bangla
// calendar's, the Hijri or both, and the Hijri offset; anyone reads the choice; bad input is a 400
// naming the field. (The dates on the pages: tests/e2e/offline.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("site settings on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  const put = (body: unknown, session: Session) => t.json("/api/settings/site", "PUT", body, { session });

  it("shows no extra calendar until an admin chooses one", async () => {
    const answer = await t.request("/api/settings/site");
    expect(await answer.json()).toEqual({ calendars: "none", hijriOffset: 0, nameEn: null, nameBn: null });
  });

  it("lets only an admin choose, and names the field of a bad value", async () => {
    expect((await put({ calendars: "both", hijriOffset: 0 }, alice)).status).toBe(403);
    const tooFar = await put({ calendars: "both", hijriOffset: 3 }, admin);
    expect(tooFar.status).toBe(400);
    expect(JSON.stringify(await tooFar.json())).toContain("hijriOffset");
    const unknown = await put({ calendars: "julian", hijriOffset: 0 }, admin);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("calendars");
    const longName = await put({ calendars: "none", hijriOffset: 0, nameBn: "ক".repeat(81) }, admin);
    expect(longName.status).toBe(400);
  });

  it("keeps the choice and the names, emptied names as none", async () => {
    const saved = await put(
      { calendars: "both", hijriOffset: -1, nameEn: "Darul Ulum", nameBn: "দারুল উলুম" },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(await (await t.request("/api/settings/site")).json()).toEqual({
      calendars: "both",
      hijriOffset: -1,
      nameEn: "Darul Ulum",
      nameBn: "দারুল উলুম",
    });
    expect((await put({ calendars: "bangla", hijriOffset: 0, nameEn: "  ", nameBn: "" }, admin)).status).toBe(
      200,
    );
    expect(await (await t.request("/api/settings/site")).json()).toEqual({
      calendars: "bangla",
      hijriOffset: 0,
      nameEn: null,
      nameBn: null,
    });
  });
});
