// The dashboard's people calls: the accounts list, removing an admin (never the last one) and
// the subscribers with their CSV, on every test database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers, users } from "../../server/db/schema";
import type { SignedInActor } from "../../server/domain/actor";
import { listSubscribers, subscribersCsv } from "../../server/domain/subscribers";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("people calls on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind, { alice: "Alice Rahman", bob: "Bob Karim" }));
  });
  afterAll(() => t?.close());

  const roleOf = async (email: string) =>
    (await t.services.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
  const adminCount = async () =>
    (await t.services.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"))).length;
  const setRole = (email: string, role: string) =>
    t.services.db.update(users).set({ role }).where(eq(users.email, email));

  describe("GET /User/users", () => {
    it("answers 401 to an anonymous visitor and 403 to a user", async () => {
      expect((await t.request("/api/User/users")).status).toBe(401);
      expect((await t.request("/api/User/users", { session: alice })).status).toBe(403);
      expect((await t.request("/api/User/users", { bearer: bob })).status).toBe(403);
    });

    it("lists every account newest first with its role and the total", async () => {
      const response = await t.request("/api/User/users", { session: admin });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Total-Count")).toBe("3");
      const list = await response.json();
      expect(list.map((u: { email: string }) => u.email)).toEqual([
        "bob@school.test",
        "alice@school.test",
        "head@school.test",
      ]);
      expect(list[2]).toMatchObject({ name: "Administrator", email: "head@school.test", role: "admin" });
      expect(list[0].role).toBe("user");
      expect(Number.isNaN(Date.parse(list[0].createdAt))).toBe(false);
      expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "email", "name", "role"]);
    });

    it("searches name and e-mail case-insensitively", async () => {
      const byName = await t.request("/api/User/users?q=RAHMAN", { session: admin });
      expect((await byName.json()).map((u: { email: string }) => u.email)).toEqual(["alice@school.test"]);
      expect(byName.headers.get("X-Total-Count")).toBe("1");
      const byEmail = await t.request("/api/User/users?q=BOB@", { bearer: admin });
      expect((await byEmail.json()).map((u: { email: string }) => u.email)).toEqual(["bob@school.test"]);
      const none = await t.request("/api/User/users?q=%25", { session: admin });
      expect(await none.json()).toEqual([]);
      expect(none.headers.get("X-Total-Count")).toBe("0");
    });

    it("pages with limit and offset", async () => {
      const first = await t.request("/api/User/users?limit=2", { session: admin });
      expect((await first.json()).map((u: { email: string }) => u.email)).toEqual([
        "bob@school.test",
        "alice@school.test",
      ]);
      expect(first.headers.get("X-Total-Count")).toBe("3");
      const second = await t.request("/api/User/users?limit=2&offset=2", { session: admin });
      expect((await second.json()).map((u: { email: string }) => u.email)).toEqual(["head@school.test"]);
      expect((await t.request("/api/User/users?limit=0", { session: admin })).status).toBe(400);
    });
  });

  describe("PUT /User/users/removeAdmin", () => {
    const remove = (email: string, auth: Parameters<TestApp["json"]>[3] = { session: admin }) =>
      t.json("/api/User/users/removeAdmin", "PUT", { email }, auth);

    it("answers 401 to anonymous and 403 to a user, changing nothing", async () => {
      expect((await t.json("/api/User/users/removeAdmin", "PUT", { email: "head@school.test" })).status).toBe(
        401,
      );
      expect((await remove("head@school.test", { session: alice })).status).toBe(403);
      expect((await remove("head@school.test", { bearer: alice })).status).toBe(403);
      expect(await roleOf("head@school.test")).toBe("admin");
    });

    it("answers 404 for an unknown e-mail and 400 for a malformed one", async () => {
      const unknown = await remove("nobody@school.test");
      expect(unknown.status).toBe(404);
      expect((await remove("not-an-email")).status).toBe(400);
    });

    it("refuses to remove the last admin, even their own role", async () => {
      const response = await remove("head@school.test");
      expect(response.status).toBe(409);
      const { error } = await response.json();
      expect(error.code).toBe("conflict");
      expect(error.message).toBe("There must always be at least one admin");
      expect(await roleOf("head@school.test")).toBe("admin");
    });

    it("is a no-op for an account that is not an admin", async () => {
      const response = await remove("bob@school.test");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    });

    it("removes one of two admins, and an admin may remove their own role while another remains", async () => {
      await setRole("alice@school.test", "admin");
      const response = await remove("ALICE@school.test");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      expect(await roleOf("alice@school.test")).toBe("user");

      await setRole("alice@school.test", "admin");
      const own = await remove("alice@school.test", { session: alice });
      expect(own.status).toBe(200);
      expect(await roleOf("alice@school.test")).toBe("user");
      expect(await roleOf("head@school.test")).toBe("admin");
    });

    it("leaves exactly one admin when both of two admins are removed at once", async () => {
      for (let round = 0; round < 3; round++) {
        await setRole("alice@school.test", "admin");
        const answers = await Promise.all([
          remove("head@school.test", { session: admin }),
          remove("alice@school.test", { session: alice }),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(await adminCount()).toBe(1);
        // Put the head back in charge for the next round and the other tests.
        await setRole("head@school.test", "admin");
        await setRole("alice@school.test", "user");
      }
    });
  });

  describe("subscribers", () => {
    beforeAll(async () => {
      for (const email of ["first@school.test", "-1+2@school.test"]) {
        const response = await t.json("/api/subscribe", "POST", { email });
        expect(response.status).toBeLessThan(300);
      }
      // Not an address the form takes, but the export must stay safe whatever the table holds.
      await t.services.db.insert(subscribers).values({ email: '=hyperlink("x",1)@evil.test' });
      // Distinct times, oldest first in the order above, so the order is certain.
      const times = ["2026-01-01", "2026-01-02", "2026-01-03"];
      const order = ["first@school.test", "-1+2@school.test", '=hyperlink("x",1)@evil.test'];
      for (const [i, email] of order.entries()) {
        await t.services.db
          .update(subscribers)
          .set({ createdAt: new Date(`${times[i]}T08:00:00Z`) })
          .where(eq(subscribers.email, email));
      }
    });

    const adminActor = async (): Promise<SignedInActor> => ({
      kind: "user",
      id: "x",
      email: "head@school.test",
      name: "Administrator",
      image: null,
      isAdmin: true,
    });

    it("lists them for admins only, with search and paging", async () => {
      const actor = await adminActor();
      const all = await listSubscribers(t.services.db, actor, {});
      expect(all.total).toBe(3);
      expect(all.items[0]?.email).toBe('=hyperlink("x",1)@evil.test');
      const found = await listSubscribers(t.services.db, actor, { q: "FIRST" });
      expect(found.items.map((s) => s.email)).toEqual(["first@school.test"]);
      const paged = await listSubscribers(t.services.db, actor, { limit: 1, offset: 1 });
      expect(paged.items).toHaveLength(1);
      expect(paged.total).toBe(3);
      await expect(listSubscribers(t.services.db, { kind: "anonymous" }, {})).rejects.toMatchObject({
        code: "unauthorized",
      });
      await expect(listSubscribers(t.services.db, { ...actor, isAdmin: false }, {})).rejects.toMatchObject({
        code: "forbidden",
      });
    });

    it("exports CSV with formula injection guarded, for admins only", async () => {
      const actor = await adminActor();
      const csv = await subscribersCsv(t.services.db, actor);
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe("email,subscribed_at");
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^first@school\.test,\d{4}-\d\d-\d\dT/);
      expect(lines).toContainEqual(expect.stringMatching(/^"'=hyperlink\(""x"",1\)@evil\.test",\d{4}-/));
      expect(lines).toContainEqual(expect.stringMatching(/^'-1\+2@school\.test,/));
      await expect(subscribersCsv(t.services.db, { ...actor, isAdmin: false })).rejects.toMatchObject({
        code: "forbidden",
      });
    });
  });
});
