// The clubs' REST calls (/api/clubs), a throwaway kind made from its definition alone
// (docs/adding-a-kind-of-content.md): add, list, read, change, delete, who may, and its name in
// messages in both languages. Every answer is checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

describe("the clubs' calls", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp("pglite", { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
  });
  afterAll(() => t?.close());

  it("adds a club, lists it, reads it, changes it and deletes it", async () => {
    const created = await t.json(
      "/api/clubs",
      "POST",
      { title: "Debate club", body: "Thursdays" },
      { session: admin },
    );
    expect(created.status).toBe(201);
    const { insertedId } = await created.json();
    const list = await (await t.request("/api/clubs?q=debate")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: insertedId, title: "Debate club", body: "Thursdays" });
    const changed = await t.json(
      `/api/clubs/${insertedId}`,
      "PATCH",
      { body: "Fridays" },
      { session: admin },
    );
    expect(changed.status).toBe(200);
    expect(await (await t.request(`/api/clubs/${insertedId}`)).json()).toMatchObject({ body: "Fridays" });
    expect((await t.request(`/api/clubs/${insertedId}`, { method: "DELETE", session: admin })).status).toBe(
      200,
    );
    const gone = await t.request(`/api/clubs/${insertedId}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe("Club not found");
  });

  it("refuses a club without a title, naming the kind, and anyone but an admin", async () => {
    const empty = await t.json("/api/clubs", "POST", { title: "" }, { session: admin });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toMatch(/^Invalid club: title/);
    expect((await t.json("/api/clubs", "POST", { title: "Chess" }, { session: alice })).status).toBe(403);
    expect((await t.json("/api/clubs", "POST", { title: "Chess" })).status).toBe(401);
  });
});
