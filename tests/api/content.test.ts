// The content calls of the specification's section 7, as a client sees them, on every test
// database: answer shapes, each validation rule, permissions per role, ids, lists, images.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Kind = {
  name: string;
  create: string;
  list: string;
  one: (id: string) => string;
  valid: Record<string, unknown>;
  /** A field and a value to change it to, as the client sends and reads it. */
  change: [string, unknown];
  /** Invalid bodies and the field each must be refused for. */
  invalid: [Record<string, unknown>, string][];
  read: (answer: Record<string, unknown>) => unknown;
  /** Any signed-in user may create one (a blog, which then waits for review). */
  usersCreate?: boolean;
  /** Added as pending, public once an admin approves (students, teachers). */
  reviewed?: boolean;
};

const kinds: Kind[] = [
  {
    name: "admission",
    create: "/api/AddAdmition",
    list: "/api/Admition/admition",
    one: (id) => `/api/Admition/admition/${id}`,
    valid: {
      title: "Class Six admission",
      price: "120.50",
      about: "Seats for 40.",
      image1: "https://img.example/a.jpg",
    },
    change: ["title", "Class Seven admission"],
    invalid: [
      [{ price: "10", image1: "https://img.example/a.jpg" }, "title"],
      [{ title: "x".repeat(101), price: "10", image1: "https://img.example/a.jpg" }, "title"],
      [{ title: "Hifz", image1: "https://img.example/a.jpg" }, "price"],
      [{ title: "Hifz", price: "1".repeat(21), image1: "https://img.example/a.jpg" }, "price"],
      [{ title: "Hifz", price: "ten taka", image1: "https://img.example/a.jpg" }, "price"],
      [{ title: "Hifz", price: "10" }, "image"],
    ],
    read: (a) => (a.admition as { title: string }).title,
  },
  {
    name: "result",
    create: "/api/result/Addresult",
    list: "/api/result/results",
    one: (id) => `/api/result/result/${id}`,
    valid: {
      title: "Annual examination",
      information: "Class Eight: 92% passed",
      image: "https://img.example/r.png",
    },
    change: ["title", "Half-yearly examination"],
    invalid: [
      [{ information: "no title" }, "title"],
      [{ title: "Exam", image: "javascript:alert(1)" }, "image"],
    ],
    read: (a) => a.title,
  },
  {
    name: "blog",
    create: "/api/blog/blogs",
    list: "/api/blog/blogs",
    one: (id) => `/api/blog/blogs/${id}`,
    valid: { title: "Sports day", email: "office@school.test", blog: "It was sunny.", catagori: "Events" },
    usersCreate: true,
    change: ["catagori", "News"],
    invalid: [
      [{ email: "office@school.test" }, "title"],
      [{ title: "No author" }, "email"],
      [{ title: "Bad author", email: "not-an-email" }, "email"],
    ],
    read: (a) => a.title,
  },
  {
    name: "notice",
    create: "/api/Notice/notices",
    list: "/api/Notice/notices",
    one: (id) => `/api/Notice/notices/${id}`,
    valid: { Title: "School closed on Friday", about: "For the national holiday." },
    change: ["Title", "School open on Friday"],
    invalid: [[{ about: "no title" }, "Title"]],
    read: (a) => a.Title,
  },
  {
    name: "service",
    create: "/api/service/addServices",
    list: "/api/service/services",
    one: (id) => `/api/service/services/${id}`,
    valid: { serviceName: "Library", about: "Open 8 to 4.", img: "https://img.example/l.jpg" },
    change: ["serviceName", "Science lab"],
    invalid: [
      [{ about: "no name" }, "serviceName"],
      [{ serviceName: "A service name longer than twenty" }, "serviceName"],
    ],
    read: (a) => a.serviceName,
  },
  {
    name: "student",
    create: "/api/student/addStudent",
    list: "/api/student/students",
    one: (id) => `/api/student/students/${id}`,
    valid: {
      name: "Ayesha Siddiqua",
      email: "ayesha@school.test",
      description: "Loves maths",
      position: "Class Tree",
    },
    change: ["description", "Class captain"],
    invalid: [
      [{ email: "s@school.test" }, "name"],
      [{ name: "A name of more than twenty letters", email: "s@school.test" }, "name"],
      [{ name: "Rahim" }, "email"],
      [{ name: "Rahim", email: "r@school.test", position: "Class Hundred" }, "position"],
    ],
    read: (a) => a.name,
    reviewed: true,
  },
  {
    name: "teacher",
    create: "/api/teacher/addTeacher",
    list: "/api/teacher/teachers",
    one: (id) => `/api/teacher/teacher/${id}`,
    valid: {
      name: "Abdul Karim",
      email: "karim@school.test",
      phone: "+880 1711-000000",
      address: "Mirpur, Dhaka",
      position: "Teacher",
      cetagory: "Arabic",
    },
    change: ["cetagory", "Mathematics"],
    invalid: [
      [{ email: "t@school.test", phone: "1", address: "x" }, "name"],
      [
        { name: "A name of more than twenty letters", email: "t@school.test", phone: "1", address: "x" },
        "name",
      ],
      [{ name: "Karim", phone: "1", address: "x" }, "email"],
      [{ name: "Karim", email: "t@school.test", address: "x" }, "phone"],
      [{ name: "Karim", email: "t@school.test", phone: "1" }, "address"],
      [{ name: "Karim", email: "t@school.test", phone: "1", address: "x", position: "janitor" }, "position"],
    ],
    read: (a) => a.name,
    reviewed: true,
  },
];

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}

describe.each(testDatabases)("content calls on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      UPLOAD_MAX_BYTES: String(300 * 1024),
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    bob = await t.signUp("bob@school.test", "bob-password-1", "Bob");
  });
  afterAll(() => t?.close());

  /** Adds a record as `as`; a reviewed kind's record is then approved (public) unless told not. */
  const create = async (k: Kind, body = k.valid, as: Session = admin, publish = true) => {
    const response = await t.json(k.create, "POST", body, { session: as });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as { acknowledged: boolean; insertedId: string };
    if (k.reviewed && publish) {
      const approved = await t.json(
        k.one(created.insertedId),
        "PATCH",
        { status: "approved" },
        { session: admin },
      );
      expect(approved.status).toBe(200);
    }
    return created;
  };

  describe.each(kinds)("$name", (k) => {
    it("is created by an admin, listed, read, changed and deleted", async () => {
      const created = await create(k);
      expect(created).toEqual({ acknowledged: true, insertedId: expect.any(String) });
      const id = created.insertedId;

      const list = await t.request(k.list);
      expect(list.status).toBe(200);
      const items = (await list.json()) as Record<string, unknown>[];
      expect(items.map((item) => item._id)).toContain(id);
      expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);

      const one = await t.request(k.one(id));
      expect(one.status).toBe(200);
      const record = (await one.json()) as Record<string, unknown>;
      expect(record._id).toBe(id);
      expect(k.read(record)).toBe(k.read(items.find((item) => item._id === id) ?? {}));
      expect(Date.parse(String(record.date))).not.toBeNaN();

      const [field, value] = k.change;
      const changed = await t.json(k.one(id), "PUT", { [field]: value }, { session: admin });
      expect(await changed.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const same = await t.json(k.one(id), "PATCH", { [field]: value }, { session: admin });
      expect(await same.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
      const reread = (await (await t.request(k.one(id))).json()) as Record<string, unknown>;
      expect(JSON.stringify(reread)).toContain(String(value));

      const deleted = await t.request(k.one(id), { method: "DELETE", session: admin });
      expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await t.request(k.one(id))).status).toBe(404);
    });

    it("refuses anonymous visitors (401) and users who are not admins (403), changing nothing", async () => {
      expect((await t.json(k.create, "POST", k.valid)).status).toBe(401);
      expect((await t.json(k.create, "POST", k.valid, { session: alice })).status).toBe(
        k.usersCreate ? 201 : 403,
      );
      const { insertedId } = await create(k);
      const [field, value] = k.change;
      expect((await t.json(k.one(insertedId), "PUT", { [field]: value })).status).toBe(401);
      expect((await t.json(k.one(insertedId), "PATCH", { [field]: value }, { bearer: alice })).status).toBe(
        403,
      );
      expect((await t.request(k.one(insertedId), { method: "DELETE", session: alice })).status).toBe(403);
      const after = await (await t.request(k.one(insertedId))).text();
      expect(after).not.toContain(String(value));
    });

    it.each(k.invalid)("refuses %j naming %s", async (body, field) => {
      const response = await t.json(k.create, "POST", body, { session: admin });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid");
      expect(Object.keys(error.fields)).toContain(field);
    });

    it("answers 404 for unknown and malformed ids", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1; drop table users"]) {
        expect((await t.request(k.one(encodeURIComponent(id)))).status).toBe(404);
        expect((await t.json(k.one(encodeURIComponent(id)), "PUT", {}, { session: admin })).status).toBe(404);
        expect(
          (await t.request(k.one(encodeURIComponent(id)), { method: "DELETE", session: admin })).status,
        ).toBe(404);
      }
    });
  });

  describe("admissions", () => {
    it("keep prices in minor units and show them in major units", async () => {
      const { insertedId } = await create(kinds[0] as Kind, {
        title: "Alim first year",
        price: "1,250.5",
        image1: "https://img.example/alim.jpg",
      });
      const admission = await (await t.request(`/api/Admition/admition/${insertedId}`)).json();
      expect(admission.admition).toEqual({ title: "Alim first year", about: "", price: 1250.5 });
      expect(admission.image).toBe("https://img.example/alim.jpg");
    });

    it("take an image file as multipart, serve it, and delete it with the record", async () => {
      const form = new FormData();
      form.set("title", "Hifz programme");
      form.set("price", "300");
      form.set("about", "Full-time memorisation.");
      form.set(
        "image",
        new Blob([new Uint8Array(await jpeg(1200, 800))], { type: "image/jpeg" }),
        "hifz photo.jpg",
      );
      const response = await t.request("/api/Admition/AddAdmition", {
        method: "POST",
        body: form,
        session: admin,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { insertedId } = await response.json();
      const admission = await (await t.request(`/api/admition/ADMITION/${insertedId}`)).json();
      expect(admission.image).toMatch(/^\/files\/images\/hifz-photo-[0-9a-f]{8}-\d+\.webp$/);
      expect(admission.imageSet.srcset).toContain("320w");
      const file = await t.request(admission.image);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");

      const deleted = await t.request(`/api/Admition/deleteAdmition/${insertedId}`, {
        method: "DELETE",
        session: admin,
      });
      expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await t.request(admission.image)).status).toBe(404);
    });

    it("refuse an image over the limit (413) or of the wrong type (415), storing nothing", async () => {
      const before = await (await t.request("/api/Admition/admition?limit=100")).json();
      const big = new FormData();
      big.set("title", "Too big");
      big.set("price", "1");
      big.set("image", new Blob([new Uint8Array(400 * 1024)], { type: "image/jpeg" }), "big.jpg");
      expect(
        (await t.request("/api/AddAdmition", { method: "POST", body: big, session: admin })).status,
      ).toBe(413);

      const text = new FormData();
      text.set("title", "Not an image");
      text.set("price", "1");
      text.set("image", new Blob(["<script>alert(1)</script>"], { type: "image/jpeg" }), "x.jpg");
      const refused = await t.request("/api/AddAdmition", { method: "POST", body: text, session: admin });
      expect(refused.status).toBe(415);
      expect((await refused.json()).error.code).toBe("unsupported_type");
      const after = await (await t.request("/api/Admition/admition?limit=100")).json();
      expect(after.length).toBe(before.length);
    });
  });

  describe("students and teachers", () => {
    it("are created pending whatever the client sends, and only admins see them until approved", async () => {
      const student = kinds.find((k) => k.name === "student") as Kind;
      const { insertedId } = await create(student, { ...student.valid, status: "approved" }, admin, false);
      const path = `/api/student/students/${insertedId}`;
      expect((await (await t.request(path, { session: admin })).json()).status).toBe("pending");
      expect((await t.request(path)).status).toBe(404);

      await t.json(path, "PATCH", { status: "rejected" }, { session: admin });
      expect((await t.request(path)).status).toBe(404);
      expect((await t.request(path, { session: alice })).status).toBe(404);
      const list = (await (await t.request("/api/student/students?limit=100")).json()) as { _id: string }[];
      expect(list.map((s) => s._id)).not.toContain(insertedId);
      expect((await (await t.request(path, { session: admin })).json()).status).toBe("rejected");
    });

    it("mark a featured teacher with roll head, reachable as /teacher/AddTeacher too", async () => {
      const teacher = kinds.find((k) => k.name === "teacher") as Kind;
      const response = await t.json("/api/teacher/AddTeacher", "POST", teacher.valid, { session: admin });
      const { insertedId } = await response.json();
      const path = `/api/teacher/teacher/${insertedId}`;
      expect((await (await t.request(path, { session: admin })).json()).roll).toBe("");
      await t.json(path, "PATCH", { roll: "head", status: "approved" }, { session: admin });
      expect(await (await t.request(path)).json()).toMatchObject({ roll: "head", status: "approved" });
    });
  });

  describe("comments", () => {
    let blogId: string;
    beforeAll(async () => {
      blogId = (await create(kinds.find((k) => k.name === "blog") as Kind)).insertedId;
    });
    const comment = (info: string) => ({ id: blogId, name: "Alice", email: "alice@school.test", info });

    it("are written by signed-in users only, and checked", async () => {
      expect((await t.json("/api/blog/comment", "POST", comment("Hello"))).status).toBe(401);
      const created = await t.json("/api/blog/comment", "POST", comment("Hello"), { session: alice });
      expect(created.status).toBe(201);
      const noMessage = await t.json(
        "/api/blog/comment",
        "POST",
        { ...comment(""), info: "" },
        { session: alice },
      );
      expect(Object.keys((await noMessage.json()).error.fields)).toEqual(["info"]);
      const badEmail = await t.json(
        "/api/blog/comment",
        "POST",
        { ...comment("Hi"), email: "alice" },
        { session: alice },
      );
      expect(Object.keys((await badEmail.json()).error.fields)).toEqual(["email"]);
      const noBlog = await t.json(
        "/api/blog/comment",
        "POST",
        { ...comment("Hi"), id: "00000000-0000-4000-8000-000000000000" },
        { session: alice },
      );
      expect(noBlog.status).toBe(400);
      expect(Object.keys((await noBlog.json()).error.fields)).toEqual(["id"]);
    });

    it("carry the writer's own e-mail, and stay on their blog", async () => {
      const { insertedId } = await (
        await t.json(
          "/api/blog/comment",
          "POST",
          { ...comment("As someone else"), email: "head@school.test" },
          {
            session: alice,
          },
        )
      ).json();
      const path = `/api/blog/comment/${insertedId}`;
      // Seen by its writer and the admins; left out for everyone else.
      expect((await (await t.request(path, { session: alice })).json()).email).toBe("alice@school.test");
      expect((await (await t.request(path, { session: admin })).json()).email).toBe("alice@school.test");
      expect(await (await t.request(path)).json()).not.toHaveProperty("email");
      const otherBlog = (await create(kinds.find((k) => k.name === "blog") as Kind)).insertedId;
      for (const change of [{ id: otherBlog }, { email: "head@school.test" }]) {
        const moved = await t.json(path, "PATCH", change, { session: alice });
        expect(moved.status).toBe(400);
        expect(Object.keys((await moved.json()).error.fields)).toEqual(Object.keys(change));
      }
      const edited = await t.json(path, "PATCH", { info: "Edited by its author" }, { session: alice });
      expect(await edited.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      expect((await (await t.request(path)).json()).id).toBe(blogId);
    });

    it("are filtered by blog on the server", async () => {
      const otherBlog = (await create(kinds.find((k) => k.name === "blog") as Kind)).insertedId;
      await t.json("/api/blog/comment", "POST", { ...comment("Elsewhere"), id: otherBlog }, { session: bob });
      const mine = (await (await t.request(`/api/blog/comment?blogId=${blogId}`)).json()) as { id: string }[];
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((c) => c.id === blogId)).toBe(true);
      expect(await (await t.request("/api/blog/comment?blogId=nonsense")).json()).toEqual([]);
    });

    it("are deleted by their author or an admin, nobody else", async () => {
      const { insertedId } = await (
        await t.json("/api/blog/comment", "POST", comment("Mine"), { session: alice })
      ).json();
      const path = `/api/blog/comment/${insertedId}`;
      expect((await t.request(path, { method: "DELETE" })).status).toBe(401);
      expect((await t.request(path, { method: "DELETE", session: bob })).status).toBe(403);
      expect((await t.json(path, "PATCH", { info: "Edited by Bob" }, { session: bob })).status).toBe(403);
      const byAuthor = await t.request(path, { method: "DELETE", session: alice });
      expect(await byAuthor.json()).toEqual({ acknowledged: true, deletedCount: 1 });

      const second = await (
        await t.json("/api/blog/comment", "POST", comment("Again"), { session: alice })
      ).json();
      const byAdmin = await t.request(`/api/blog/comment/${second.insertedId}`, {
        method: "DELETE",
        session: admin,
      });
      expect(byAdmin.status).toBe(200);
    });
  });

  describe("lists", () => {
    it("are newest first, with limit, offset, q and the total", async () => {
      const notice = kinds.find((k) => k.name === "notice") as Kind;
      for (const title of ["Exam routine", "Eid holidays", "exam results published"]) {
        await create(notice, { Title: title });
      }
      const all = (await (await t.request("/api/Notice/notices?limit=100")).json()) as { Title: string }[];
      expect(all.slice(0, 3).map((n) => n.Title)).toEqual([
        "exam results published",
        "Eid holidays",
        "Exam routine",
      ]);

      const page = await t.request("/api/Notice/notices?limit=1&offset=1");
      expect(((await page.json()) as { Title: string }[]).map((n) => n.Title)).toEqual(["Eid holidays"]);
      expect(Number(page.headers.get("x-total-count"))).toBe(all.length);

      const found = (await (await t.request("/api/Notice/notices?q=EXAM")).json()) as { Title: string }[];
      expect(found.map((n) => n.Title).sort()).toEqual(["Exam routine", "exam results published"]);
      const wildcard = (await (await t.request("/api/Notice/notices?q=%25")).json()) as unknown[];
      expect(wildcard).toEqual([]);
    });

    it("refuse a page size over the maximum, naming the parameter", async () => {
      const response = await t.request("/api/blog/blogs?limit=1000");
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toHaveProperty("limit");
    });
  });

  describe("the contract document", () => {
    it("describes every call at /api/openapi.json and renders it at /api/docs", async () => {
      const document = await (await t.request("/api/openapi.json")).json();
      for (const path of [
        "/AddAdmition",
        "/Admition/deleteAdmition/{id}",
        "/result/Addresult",
        "/blog/comment",
        "/Notice/notices/{id}",
        "/service/addServices",
        "/student/addStudent",
        "/teacher/teacher/{id}",
        "/User/users/admin",
      ]) {
        expect(Object.keys(document.paths)).toContain(path);
      }
      expect(
        document.paths["/AddAdmition"].post.requestBody.content["application/json"].schema.required,
      ).toEqual(["title", "price"]);
      const docs = await t.request("/api/docs");
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain("/api/service/addServices");
    });
  });
});
