// Approval means something, and each reader sees the fields meant for them:
// - students and teachers are pending when added, and only admins see them until one approves;
// - the comments of a blog waiting for review are read by its author and the admins only;
// - a teacher's e-mail and phone go to signed-in users, the address to admins; a student's e-mail
//   to admins; a commenter's e-mail and account to the commenter and admins. What a reader may
//   not see is left out of the answer (not null), as each wire kind declares (visibleTo), and
//   answers kept for one view never reach another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restOf } from "../../server/api";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Wire = Record<string, unknown>;

// Each kind's REST names (its server part's `rest`), with who sees which field.
const blogWire = restOf("blogs")!;
const commentWire = restOf("comments")!;
const studentWire = restOf("students")!;
const teacherWire = restOf("teachers")!;

describe.each(testDatabases)("approval and who sees what on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  const post = async (path: string, body: unknown, session: Session) => {
    const response = await t.json(path, "POST", body, { session });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const read = async (path: string, session?: Session) => {
    const response = await t.request(path, session ? { session } : {});
    return { status: response.status, body: (await response.json()) as Wire & Wire[] };
  };
  const ids = (items: Wire[]) => items.map((item) => item._id);

  it("shows a new student or teacher to admins only, until an admin approves them", async () => {
    const studentId = await post(
      "/api/student/addStudent",
      { name: "Nadia", email: "nadia@school.test" },
      admin,
    );
    const teacherId = await post(
      "/api/teacher/addTeacher",
      { name: "Karim", email: "karim@school.test", phone: "+880 1711-000999", address: "Mirpur, Dhaka" },
      admin,
    );
    const records = [
      { id: studentId, list: "/api/student/students", one: `/api/student/students/${studentId}` },
      { id: teacherId, list: "/api/teacher/teachers", one: `/api/teacher/teacher/${teacherId}` },
    ];
    for (const { id, list, one } of records) {
      for (const reader of [undefined, alice]) {
        expect(ids((await read(list, reader)).body)).not.toContain(id);
        expect((await read(one, reader)).status).toBe(404);
      }
      expect(ids((await read(list, admin)).body)).toContain(id);
      expect((await read(one, admin)).body.status).toBe("pending");
    }

    await t.json(`/api/student/students/${studentId}`, "PATCH", { status: "approved" }, { session: admin });
    await t.json(`/api/teacher/teacher/${teacherId}`, "PATCH", { status: "approved" }, { session: admin });
    for (const { id, list, one } of records) {
      for (const reader of [undefined, alice, admin]) {
        expect(ids((await read(list, reader)).body)).toContain(id);
        expect((await read(one, reader)).status).toBe(200);
      }
    }

    // Rejected again: hidden again.
    await t.json(`/api/student/students/${studentId}`, "PATCH", { status: "rejected" }, { session: admin });
    expect((await read(`/api/student/students/${studentId}`)).status).toBe(404);
  });

  it("shows the comments of a blog under review to its author and the admins only", async () => {
    const blogId = await post("/api/blog/blogs", { title: "My garden", blog: "Tomatoes." }, alice);
    const commentId = await post(
      "/api/blog/comment",
      { id: blogId, name: "Alice", email: "alice@school.test", info: "First!" },
      alice,
    );
    for (const reader of [undefined, bob]) {
      expect((await read(`/api/blog/comment?blogId=${blogId}`, reader)).body).toEqual([]);
      expect(ids((await read("/api/blog/comment", reader)).body)).not.toContain(commentId);
      expect((await read(`/api/blog/comment/${commentId}`, reader)).status).toBe(404);
    }
    for (const reader of [alice, admin]) {
      expect(ids((await read(`/api/blog/comment?blogId=${blogId}`, reader)).body)).toEqual([commentId]);
    }

    await t.json(`/api/blog/blogs/${blogId}`, "PATCH", { status: "approved" }, { session: admin });
    for (const reader of [undefined, bob]) {
      expect(ids((await read(`/api/blog/comment?blogId=${blogId}`, reader)).body)).toEqual([commentId]);
    }
  });

  it("leaves out the fields a reader may not see, as each wire kind declares", async () => {
    const teacherId = await post(
      "/api/teacher/addTeacher",
      { name: "Salma", email: "salma@school.test", phone: "+880 1811-000888", address: "Agrabad" },
      admin,
    );
    await t.json(`/api/teacher/teacher/${teacherId}`, "PATCH", { status: "approved" }, { session: admin });
    const studentId = await post(
      "/api/student/addStudent",
      { name: "Rafi", email: "rafi@school.test" },
      admin,
    );
    await t.json(`/api/student/students/${studentId}`, "PATCH", { status: "approved" }, { session: admin });
    const blogId = await post("/api/blog/blogs", { title: "Sports day", blog: "We ran." }, bob);
    await t.json(`/api/blog/blogs/${blogId}`, "PATCH", { status: "approved" }, { session: admin });
    const commentId = await post(
      "/api/blog/comment",
      { id: blogId, name: "Alice", email: "alice@school.test", info: "Well run" },
      alice,
    );

    const teacher = `/api/teacher/teacher/${teacherId}`;
    const student = `/api/student/students/${studentId}`;
    const blog = `/api/blog/blogs/${blogId}`;
    const comment = `/api/blog/comment/${commentId}`;
    // Bob asks first each time, so an answer kept for a view that shows more would reach him.
    const seen = async (path: string, reader?: Session) => Object.keys((await read(path, reader)).body);
    for (const path of [teacher, student, blog, comment]) await seen(path, admin);

    // Visitors: none of the declared fields; the rest of the record is there.
    for (const [path, wire] of [
      [teacher, teacherWire],
      [student, studentWire],
      [blog, blogWire],
      [comment, commentWire],
    ] as const) {
      const fields = await seen(path);
      expect(fields).toContain("_id");
      for (const field of Object.keys(wire.visibleTo ?? {})) expect(fields, path).not.toContain(field);
    }
    expect((await read(blog)).body).toMatchObject({ authorName: "Bob", title: "Sports day" });
    expect((await read(comment)).body).toMatchObject({ name: "Alice", info: "Well run" });

    // Signed-in users: a teacher's e-mail and phone, not the address; a student's e-mail never.
    expect((await read(teacher, bob)).body).toMatchObject({
      email: "salma@school.test",
      phone: "+880 1811-000888",
    });
    expect(await seen(teacher, bob)).not.toContain("address");
    expect(await seen(student, bob)).not.toContain("email");
    // A comment's e-mail and account: its writer's own, nobody else's.
    expect(await seen(comment, bob)).not.toContain("email");
    expect(await seen(comment, bob)).not.toContain("authorId");
    expect((await read(comment, alice)).body).toMatchObject({ email: "alice@school.test" });
    expect(await seen(comment, alice)).toContain("authorId");
    // A blog's writer sees their own e-mail; another reader does not.
    expect((await read(blog, bob)).body).toMatchObject({ email: "bob@school.test" });
    expect(await seen(blog, alice)).not.toContain("email");

    // Admins: everything.
    expect((await read(teacher, admin)).body).toMatchObject({ address: "Agrabad" });
    expect((await read(student, admin)).body).toMatchObject({ email: "rafi@school.test" });
    expect(await seen(comment, admin)).toEqual(expect.arrayContaining(["email", "authorId"]));

    // The lists follow the same rule.
    const teachers = (await read("/api/teacher/teachers")).body;
    expect(teachers.some((item) => "phone" in item || "email" in item || "address" in item)).toBe(false);
    const comments = (await read("/api/blog/comment", bob)).body;
    expect(comments.some((item) => "email" in item || "authorId" in item)).toBe(false);
  });
});
