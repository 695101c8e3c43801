// Signed-in REST reads share kept answers with the callers of the same view (Endpoint.sharedView):
// everyone, or the admins. These calls prove that nothing crosses between views: an admin's
// rejected students never reach a user, a user's own blog under review never reaches another
// user or a visitor, whichever asks first (an author's list is kept for that author alone); and
// that a change renews every view at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("answers shared within a view on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  const read = async (path: string, auth: { session?: Session; bearer?: Session } = {}) => {
    const response = await t.request(path, auth);
    expect(response.status).toBe(200);
    return { cache: response.headers.get("x-cache"), body: await response.json() };
  };
  const titles = (body: { title?: string; Title?: string; name?: string }[]) =>
    body.map((item) => item.title ?? item.Title ?? item.name);

  it("serves a signed-in user's list from the copy kept for everyone's view", async () => {
    await t.json("/api/Notice/notices", "POST", { Title: "Sports day", about: "" }, { session: admin });
    const first = await read("/api/Notice/notices", { session: alice });
    expect(first.cache).toBe("MISS");
    const second = await read("/api/Notice/notices", { bearer: bob });
    expect(second.cache).toBe("HIT");
    expect(second.body).toEqual(first.body);
    expect(titles(second.body)).toContain("Sports day");
    const signedInAnswer = await t.request("/api/Notice/notices", { session: alice });
    expect(signedInAnswer.headers.get("cache-control")).toBe("private, no-store");

    await t.json("/api/Notice/notices", "POST", { Title: "Exam week", about: "" }, { session: admin });
    const renewed = await read("/api/Notice/notices", { session: bob });
    expect(renewed.cache).toBe("MISS");
    expect(titles(renewed.body)).toContain("Exam week");
  });

  it("keeps the admins' view of students apart from everyone else's, whoever asks first", async () => {
    const created = await t.json(
      "/api/student/addStudent",
      "POST",
      { name: "Rejected One", email: "rejected@school.test", position: "Class One" },
      { session: admin },
    );
    const { insertedId } = (await created.json()) as { insertedId: string };
    await t.json(`/api/student/students/${insertedId}`, "PATCH", { status: "rejected" }, { session: admin });

    for (const order of [
      [admin, alice],
      [alice, admin],
    ]) {
      // A change starts a new generation, so both views render again in this order.
      await t.json(
        `/api/student/students/${insertedId}`,
        "PATCH",
        { description: `${Math.random()}` },
        {
          session: admin,
        },
      );
      for (const who of order) {
        for (const attempt of [0, 1]) {
          const { body, cache } = await read("/api/student/students?limit=100", { session: who });
          if (attempt === 1) expect(cache).toBe("HIT");
          if (who === admin) expect(titles(body)).toContain("Rejected One");
          else expect(titles(body)).not.toContain("Rejected One");
        }
      }
      expect(titles((await read("/api/student/students?limit=100")).body)).not.toContain("Rejected One");
    }
  });

  it("keeps a signed-in author's blog list, which holds their blogs under review, for that author only", async () => {
    const posted = await t.json(
      "/api/blog/blogs",
      "POST",
      { title: "Alice's draft", email: alice.email, blog: "Soon.", catagori: "News" },
      { session: alice },
    );
    expect(posted.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const kept = i === 0 ? "MISS" : "HIT";
      const own = await read("/api/blog/blogs", { session: alice });
      expect(own.cache).toBe(kept);
      expect(titles(own.body)).toContain("Alice's draft");
      const other = await read("/api/blog/blogs", { session: bob });
      expect(other.cache).toBe(kept);
      expect(titles(other.body)).not.toContain("Alice's draft");
      expect(titles((await read("/api/blog/blogs")).body)).not.toContain("Alice's draft");
    }
    // The admins' view is shared among admins and shows what waits for review.
    await read("/api/blog/blogs", { session: admin });
    const admins = await read("/api/blog/blogs", { bearer: admin });
    expect(admins.cache).toBe("HIT");
    expect(titles(admins.body)).toContain("Alice's draft");
  });
});
