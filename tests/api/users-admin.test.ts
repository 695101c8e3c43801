// The dashboard's people calls: the accounts list, removing an admin (never the last one) and
// the subscribers with their CSV, on every test database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, blogs, comments, orders, sessions, subscribers, users } from "../../server/db/schema";
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
      expect(Object.keys(list[0]).sort()).toEqual([
        "createdAt",
        "disabled",
        "email",
        "id",
        "name",
        "phoneNumber",
        "role",
        "roles",
      ]);
      expect(list[0].roles).toEqual([]);
      expect(list[2].roles).toEqual(["admin"]);
      expect(list[0].disabled).toBe(false);
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

  describe("PUT /User/users/admin", () => {
    it("takes any address that sign-up takes, a long one too", async () => {
      const long = `${"a".repeat(40)}.${"b".repeat(20)}@long-school-name.test`;
      expect(long.length).toBeGreaterThan(50);
      await t.signUp(long, "long-password", "Long Address");
      const response = await t.json("/api/User/users/admin", "PUT", { email: long }, { session: admin });
      expect(response.status).toBe(200);
      expect(await roleOf(long)).toBe("admin");
      await setRole(long, "user");
    });
  });

  describe("disabling, enabling and deleting accounts", () => {
    type Auth = Parameters<TestApp["json"]>[3];
    const disable = (email: string, auth: Auth = { session: admin }) =>
      t.json("/api/User/users/disable", "PUT", { email }, auth);
    const enable = (email: string, auth: Auth = { session: admin }) =>
      t.json("/api/User/users/enable", "PUT", { email }, auth);
    const remove = (email: string, auth: Auth = { session: admin }) =>
      t.request(`/api/User/users/${encodeURIComponent(email)}`, { method: "DELETE", ...auth });
    const userRow = async (email: string) =>
      (await t.services.db.select().from(users).where(eq(users.email, email)))[0];
    const auditOf = async (subjectId: string) =>
      (await t.services.db.select().from(auditEntries).where(eq(auditEntries.subjectId, subjectId))).map(
        (entry) => `${entry.action} ${entry.label} by ${entry.actorEmail}`,
      );
    const signInStatus = async (email: string, password: string) =>
      (await t.json("/api/auth/sign-in/email", "POST", { email, password })).status;

    let carol: Session;
    beforeAll(async () => {
      carol = await t.signUp("carol@school.test", "carol-password", "Carol Akter");
    });

    it("answers 401 to anonymous and 403 to a user, changing nothing", async () => {
      for (const call of [disable, enable, remove]) {
        expect((await call("carol@school.test", {})).status).toBe(401);
        expect((await call("carol@school.test", { session: alice })).status).toBe(403);
        expect((await call("carol@school.test", { bearer: carol })).status).toBe(403);
      }
      expect((await userRow("carol@school.test"))?.banned).toBe(false);
    });

    it("answers 404 for an unknown e-mail and 400 for a malformed one", async () => {
      expect((await disable("nobody@school.test")).status).toBe(404);
      expect((await enable("nobody@school.test")).status).toBe(404);
      expect((await remove("nobody@school.test")).status).toBe(404);
      expect((await disable("not-an-email")).status).toBe(400);
      expect((await remove("not-an-email")).status).toBe(400);
    });

    it("never lets an admin disable or delete their own account", async () => {
      for (const call of [disable, remove]) {
        const response = await call("HEAD@school.test");
        expect(response.status).toBe(409);
        expect((await response.json()).error.message).toBe("You cannot disable or delete your own account");
      }
      const head = await userRow("head@school.test");
      expect(head?.banned).toBe(false);
      expect((await t.request("/api/User/users", { session: admin })).status).toBe(200);
    });

    it("disables an account: its sessions end, it cannot sign in, the list and the trail say so", async () => {
      const response = await disable("carol@school.test");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const row = await userRow("carol@school.test");
      expect(row?.banned).toBe(true);
      // The session and the bearer token no longer work.
      expect((await t.request("/api/User/users/carol@school.test", { session: carol })).status).toBe(401);
      expect((await t.request("/api/User/users/carol@school.test", { bearer: carol })).status).toBe(401);
      expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toEqual([]);
      const signIn = await t.json("/api/auth/sign-in/email", "POST", {
        email: "carol@school.test",
        password: "carol-password",
      });
      expect(signIn.status).toBe(403);
      expect(await signIn.json()).toMatchObject({
        code: "BANNED_USER",
        message: "This account has been disabled",
      });
      const list = await (await t.request("/api/User/users?q=carol", { session: admin })).json();
      expect(list).toMatchObject([{ email: "carol@school.test", disabled: true }]);
      // A second time changes nothing.
      expect(await (await disable("carol@school.test")).json()).toMatchObject({ modifiedCount: 0 });
      expect(await auditOf(row!.id)).toEqual(["disable carol@school.test by head@school.test"]);
    });

    it("enables it again: it can sign in", async () => {
      const response = await enable("carol@school.test");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ modifiedCount: 1 });
      expect(await signInStatus("carol@school.test", "carol-password")).toBe(200);
      const row = await userRow("carol@school.test");
      expect(await auditOf(row!.id)).toContain("enable carol@school.test by head@school.test");
    });

    it("a disabled admin does not count: the last admin who can sign in keeps the role", async () => {
      await setRole("alice@school.test", "admin");
      expect((await disable("alice@school.test")).status).toBe(200);
      const response = await t.json(
        "/api/User/users/removeAdmin",
        "PUT",
        { email: "head@school.test" },
        { session: admin },
      );
      expect(response.status).toBe(409);
      expect(await roleOf("head@school.test")).toBe("admin");
      expect((await enable("alice@school.test")).status).toBe(200);
      await setRole("alice@school.test", "user");
    });

    it("deletes an account: its comments keep their text without the writer, its blogs and paid orders stay", async () => {
      const dave = await t.signUp("dave@school.test", "dave-password", "Dave Hossain");
      const daveId = (await userRow("dave@school.test"))!.id;
      const blog = await t.json(
        "/api/blog/blogs",
        "POST",
        { title: "Dave's trip", email: "dave@school.test", blog: "We went to Sylhet.", catagori: "News" },
        { session: dave },
      );
      expect(blog.status).toBe(201);
      const blogId = (await blog.json()).insertedId as string;
      await t.services.db.update(blogs).set({ status: "approved" }).where(eq(blogs.id, blogId));
      const comment = await t.json(
        "/api/blog/comment",
        "POST",
        { id: blogId, name: "Dave Hossain", email: "dave@school.test", info: "Lovely tea gardens" },
        { session: dave },
      );
      expect(comment.status).toBe(201);
      const [order] = await t.services.db
        .insert(orders)
        .values({
          userId: daveId,
          status: "paid",
          currency: "BDT",
          subtotalMinor: 12050,
          shippingMinor: 0,
          taxMinor: 0,
          totalMinor: 12050,
          provider: "test",
          billingName: "Dave Hossain",
          billingEmail: "dave@school.test",
        })
        .returning();

      const response = await remove("dave@school.test");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

      expect(await userRow("dave@school.test")).toBeUndefined();
      expect((await t.request("/api/User/users/dave@school.test", { session: dave })).status).toBe(401);
      expect(await signInStatus("dave@school.test", "dave-password")).toBe(401);
      // The comment's text stays, without its writer's account, name, e-mail or photo.
      const left = await t.services.db.select().from(comments).where(eq(comments.blogId, blogId));
      expect(left).toMatchObject([{ message: "Lovely tea gardens", authorId: null, name: "", email: "" }]);
      const listed = await t.request(`/api/blog/comment?blogId=${blogId}`);
      expect(await listed.text()).not.toContain("dave@school.test");
      // The blog stays, without its author.
      const [kept] = await t.services.db.select().from(blogs).where(eq(blogs.id, blogId));
      expect(kept).toMatchObject({ title: "Dave's trip", authorId: null, authorEmail: "" });
      // The paid order stays for the school's accounts, and the dashboard still lists it.
      const [paid] = await t.services.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(paid).toMatchObject({ status: "paid", userId: null, totalMinor: 12050 });
      const all = await t.request("/api/Order/orders?all=1", { session: admin });
      const inList = ((await all.json()) as { _id?: string; id?: string; buyer?: unknown }[]).find(
        (o) => (o._id ?? o.id) === order!.id,
      );
      expect(inList?.buyer).toEqual({ name: "Dave Hossain", email: "dave@school.test" });
      expect(await auditOf(daveId)).toEqual(["delete dave@school.test by head@school.test"]);
      // The address is free again.
      await t.signUp("dave@school.test", "dave-password-2", "Dave Again");
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

    // The admin's own account: an export is recorded in the audit trail under it.
    const adminActor = async (): Promise<SignedInActor> => {
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "head@school.test"));
      return {
        kind: "user",
        id: row?.id ?? "",
        email: "head@school.test",
        name: "Administrator",
        image: null,
        roles: new Set(["admin"]),
        isAdmin: true,
      };
    };

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
