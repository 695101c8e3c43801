// A teacher's notice waits for an admin's approval: a teacher (not an admin) adds one, it is
// stored pending and is on no public answer (the list, the record, the child's view) for a
// visitor, a user or the teacher; the admins' list shows it with its status; an admin's approval
// (in the audit trail) publishes it, a rejection hides it again. A user without the teacher role
// adds none; a teacher may not approve their own. An admin's notice is published at once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, notices, users } from "../../server/db/schema";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Wire = Record<string, unknown>;

describe.each(testDatabases)("teachers' notices on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
    const [alicesAccount] = await t.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "alice@school.test"));
    const given = await t.request(`/api/users/${alicesAccount?.id}/roles/teacher`, {
      method: "PUT",
      session: admin,
    });
    expect(given.status).toBe(200);
  });
  afterAll(() => t?.close());

  const list = async (session?: Session, query = "") => {
    const response = await t.request(`/api/Notice/notices${query}`, session ? { session } : {});
    expect(response.status).toBe(200);
    return (await response.json()) as Wire[];
  };
  const one = (id: string, session?: Session) =>
    t.request(`/api/Notice/notices/${id}`, session ? { session } : {});

  it("keeps a teacher's notice pending, seen in the admins' list only, until an admin approves it", async () => {
    const sent = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Science fair on Sunday", about: "Class Ten brings projects.", status: "approved" },
      { session: alice },
    );
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { insertedId: id } = (await sent.json()) as { insertedId: string };
    const [stored] = await t.services.db.select().from(notices).where(eq(notices.id, id));
    // Pending whatever the teacher asked for, and theirs.
    expect(stored?.status).toBe("pending");
    expect(stored?.authorId).toBeTruthy();

    for (const reader of [undefined, bob, alice]) {
      expect((await list(reader)).map((notice) => notice._id)).not.toContain(id);
      expect((await one(id, reader)).status).toBe(404);
    }
    const queue = await list(admin, "?status=pending");
    expect(queue.map((notice) => [notice._id, notice.Title, notice.status])).toEqual([
      [id, "Science fair on Sunday", "pending"],
    ]);

    // The teacher may not approve it.
    const own = await t.json(
      `/api/Notice/notices/${id}`,
      "PATCH",
      { status: "approved" },
      { session: alice },
    );
    expect(own.status).toBe(403);

    const approved = await t.json(
      `/api/Notice/notices/${id}`,
      "PATCH",
      { status: "approved" },
      { session: admin },
    );
    expect(approved.status).toBe(200);
    for (const reader of [undefined, bob, alice]) {
      expect((await list(reader)).map((notice) => notice._id)).toContain(id);
      expect((await one(id, reader)).status).toBe(200);
    }
    const trail = await t.services.db
      .select({ action: auditEntries.action, actor: auditEntries.actorEmail })
      .from(auditEntries)
      .where(and(eq(auditEntries.subject, "notice"), eq(auditEntries.subjectId, id)));
    expect(trail).toEqual([{ action: "update", actor: "head@school.test" }]);

    // Rejected: gone from every public answer again.
    await t.json(`/api/Notice/notices/${id}`, "PATCH", { status: "rejected" }, { session: admin });
    expect((await list()).map((notice) => notice._id)).not.toContain(id);
    expect((await one(id)).status).toBe(404);
  });

  it("refuses a notice from a user who is not a teacher, and publishes an admin's at once", async () => {
    const refused = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Not mine to say" },
      { session: bob },
    );
    expect(refused.status).toBe(403);
    expect((await t.json("/api/Notice/notices", "POST", { Title: "Nobody" })).status).toBe(401);
    const stored = await t.services.db.select().from(notices).where(eq(notices.title, "Not mine to say"));
    expect(stored).toEqual([]);

    const made = await t.json("/api/Notice/notices", "POST", { Title: "Office closed" }, { session: admin });
    expect(made.status).toBe(201);
    const { insertedId } = (await made.json()) as { insertedId: string };
    expect((await one(insertedId)).status).toBe(200);
  });

  it("keeps a teacher's blog pending too, out of the public list", async () => {
    const sent = await t.json(
      "/api/blog/blogs",
      "POST",
      { title: "What we learnt at the fair", blog: "Projects." },
      { session: alice },
    );
    expect(sent.status).toBe(201);
    const { insertedId } = (await sent.json()) as { insertedId: string };
    const everyone = (await (await t.request("/api/blog/blogs")).json()) as Wire[];
    expect(everyone.map((blog) => blog._id)).not.toContain(insertedId);
    const forAdmins = await t.request(`/api/blog/blogs/${insertedId}`, { session: admin });
    expect(((await forAdmins.json()) as Wire).status).toBe("pending");
  });
});

// A teacher's own notices and blogs, whatever their review: GET /Notice/notices/mine and
// /blog/blogs/mine (and the dashboard's lists, through the same domain call) show the teacher
// theirs, waiting for approval, and never another teacher's; the public answers never a pending one.
describe.each(testDatabases)("a teacher's own submissions on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
    for (const email of ["alice@school.test", "bob@school.test"]) {
      const [account] = await t.services.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      const given = await t.request(`/api/users/${account?.id}/roles/teacher`, {
        method: "PUT",
        session: admin,
      });
      expect(given.status).toBe(200);
    }
  });
  afterAll(() => t?.close());

  const titles = async (path: string, session?: Session) => {
    const response = await t.request(path, session ? { session } : {});
    expect(response.status, path).toBe(200);
    return ((await response.json()) as Wire[]).map((item) => [item.Title ?? item.title, item.status]);
  };

  it("shows a teacher their own waiting notices and blogs, never another teacher's nor the public", async () => {
    const notice = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Alice's sports day" },
      { session: alice },
    );
    expect(notice.status).toBe(201);
    const blog = await t.json(
      "/api/blog/blogs",
      "POST",
      { title: "Alice's reading list", blog: "Books." },
      { session: alice },
    );
    expect(blog.status).toBe(201);
    expect(
      (await t.json("/api/Notice/notices", "POST", { Title: "Bob's trip" }, { session: bob })).status,
    ).toBe(201);

    expect(await titles("/api/Notice/notices/mine", alice)).toEqual([["Alice's sports day", "pending"]]);
    expect(await titles("/api/blog/blogs/mine", alice)).toEqual([["Alice's reading list", "pending"]]);
    expect(await titles("/api/Notice/notices/mine", bob)).toEqual([["Bob's trip", "pending"]]);
    expect(await titles("/api/blog/blogs/mine", bob)).toEqual([]);

    // Nobody else's lists, and no public answer, carry them.
    for (const reader of [undefined, alice, bob]) {
      const shown = (await titles("/api/Notice/notices", reader)).map(([title]) => title);
      expect(shown).not.toContain("Alice's sports day");
      expect(shown).not.toContain("Bob's trip");
    }
    expect((await titles("/api/blog/blogs")).map(([title]) => title)).not.toContain("Alice's reading list");
    for (const page of ["/notices", "/blogs", "/", "/sitemap.xml"]) {
      const text = await (await t.request(page)).text();
      expect(text, page).not.toContain("Alice&#x27;s sports day");
      expect(text, page).not.toContain("Alice's sports day");
      expect(text, page).not.toContain("Alice's reading list");
    }

    // Approved, it is public and still the teacher's own, marked approved.
    const { insertedId } = (await notice.json()) as { insertedId: string };
    await t.json(`/api/Notice/notices/${insertedId}`, "PATCH", { status: "approved" }, { session: admin });
    expect(await titles("/api/Notice/notices/mine", alice)).toEqual([["Alice's sports day", "approved"]]);
    expect((await titles("/api/Notice/notices")).map(([title]) => title)).toContain("Alice's sports day");
  });

  it("asks who is asking: a visitor signs in first, a user who is not a teacher has no notices of theirs", async () => {
    expect((await t.request("/api/Notice/notices/mine")).status).toBe(401);
    expect((await t.request("/api/blog/blogs/mine")).status).toBe(401);
    const carol = await t.signUp("carol@school.test", "carol-password-1", "Carol");
    expect((await t.request("/api/Notice/notices/mine", { session: carol })).status).toBe(403);
    expect(await titles("/api/blog/blogs/mine", carol)).toEqual([]);
  });
});
