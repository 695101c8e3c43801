// Input the API refuses with 400 naming the field, never a 500, and without storing anything or
// using up a rate-limit slot: control characters (NUL broke PostgreSQL) in paths, queries and
// bodies, values of the wrong type, and fields an endpoint does not know.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../server/api";
import { admissions, comments, contactMessages, sessions } from "../../server/db/schema";
import { contactRateLimit } from "../../server/domain/contact";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("input rules on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let blogId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      TRUST_PROXY: "on",
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    const blog = await t.json(
      "/api/blog/blogs",
      "POST",
      {
        title: "Sports day",
        email: "head@school.test",
        blog: "It rained.",
        catagori: "News",
        status: "approved",
      },
      { session: admin },
    );
    blogId = (await blog.json()).insertedId;
  });
  afterAll(() => t?.close());

  const errorOf = async (response: Response) => (await response.json()).error;

  it("refuses ?q=%00 on every list with 400 naming q", async () => {
    const lists = endpoints.filter((e) => e.method === "GET" && e.paths.some((p) => !p.includes(":")));
    expect(lists.length).toBeGreaterThan(5);
    for (const list of lists) {
      const pathname = list.paths.find((p) => !p.includes(":")) as string;
      const response = await t.request(`/api${pathname}?q=%00`, { session: admin });
      expect(response.status, pathname).toBe(400);
      expect((await errorOf(response)).fields, pathname).toEqual({
        q: "q must not contain control characters",
      });
    }
  });

  it("refuses a control character in a path parameter with 400 naming it", async () => {
    for (const pathname of ["/api/blog/blogs/%00", "/api/blog/blogs/a%1Bb", "/api/User/users/x%00@y.z"]) {
      const response = await t.request(pathname, { session: admin });
      expect(response.status, pathname).toBe(400);
      expect(Object.keys((await errorOf(response)).fields), pathname).toHaveLength(1);
    }
  });

  it("refuses NUL in a comment's name, and stores nothing", async () => {
    const before = await t.services.db.select().from(comments);
    const response = await t.json(
      "/api/blog/comment",
      "POST",
      { id: blogId, name: "Ali\u0000ce", email: "alice@school.test", info: "Well done" },
      { session: alice },
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ name: "name must not contain control characters" });
    // A tab passes the router's check for every body; the name's own rule refuses it.
    const tab = await t.json(
      "/api/blog/comment",
      "POST",
      { id: blogId, name: "Ali\tce", email: "alice@school.test", info: "Well\tdone" },
      { session: alice },
    );
    expect((await errorOf(tab)).fields).toEqual({ name: "Name must not contain control characters" });
    expect(await t.services.db.select().from(comments)).toEqual(before);
  });

  it("keeps tab and line breaks in multi-line text, refuses them in one-line text", async () => {
    const address = "198.51.100.1";
    const post = (body: Record<string, unknown>) =>
      t.json("/api/contact", "POST", body, { headers: { "x-forwarded-for": address } });
    const oneLine = await post({ name: "Rahima\nKhatun", email: "r@example.com", message: "Hi" });
    expect((await errorOf(oneLine)).fields).toEqual({ name: "Name must not contain control characters" });
    const many = await post({ name: "Rahima", email: "r@example.com", message: "Line one\r\n\tLine two" });
    expect(many.status).toBe(201);
  });

  it("refuses a contact message with NUL without using up a rate-limit slot", async () => {
    const address = "198.51.100.2";
    const post = (body: Record<string, unknown>) =>
      t.json("/api/contact", "POST", body, { headers: { "x-forwarded-for": address } });
    const message = { name: "Rahima", email: "r@example.com", message: "When does Class Six start?" };
    for (let i = 0; i < contactRateLimit.max + 1; i++) {
      const refused = await post({ ...message, message: "Hello\u0000" });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).fields).toEqual({
        message: "Message must not contain control characters",
      });
    }
    for (let i = 0; i < contactRateLimit.max; i++) expect((await post(message)).status).toBe(201);
    const stored = await t.services.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.ipAddress, address));
    expect(stored).toHaveLength(contactRateLimit.max);
  });

  it('says "must be text" for a value of the wrong type and "is required" only for a missing one', async () => {
    const response = await t.json("/api/contact", "POST", { name: 5, email: {}, message: ["x"] });
    expect((await errorOf(response)).fields).toEqual({
      name: "Name must be text",
      email: "E-mail must be text",
      message: "Message must be text",
    });
    const missing = await t.json("/api/contact", "POST", {});
    expect((await errorOf(missing)).fields).toEqual({
      name: "Name is required",
      email: "E-mail is required",
      message: "Message is required",
    });
  });

  it('says "must be a number" for a price, a quantity or an admission id of the wrong type', async () => {
    const admission = await t.json(
      "/api/AddAdmition",
      "POST",
      { title: "Class Six", price: true, image: "https://img.example/a.jpg" },
      { session: admin },
    );
    expect((await errorOf(admission)).fields).toMatchObject({ price: "Price must be a number" });
    const order = await t.json(
      "/api/Order/quote",
      "POST",
      { items: [{ id: 5, quantity: 1 }] },
      { session: admin },
    );
    expect((await errorOf(order)).fields).toMatchObject({ "items.0.id": "Admission id must be text" });
  });

  it("refuses a field the endpoint does not know, naming it, and stores nothing", async () => {
    const before = await t.services.db.select().from(admissions);
    const typo = await t.json(
      "/api/AddAdmition",
      "POST",
      { titel: "Class Six", price: "120.50", image: "https://img.example/a.jpg" },
      { session: admin },
    );
    expect(typo.status).toBe(400);
    expect((await errorOf(typo)).fields).toMatchObject({ titel: "Unknown field" });
    expect(await t.services.db.select().from(admissions)).toEqual(before);

    const contact = await t.json("/api/contact", "POST", {
      name: "Rahima",
      email: "r@example.com",
      message: "Hi",
      isAdmin: true,
    });
    expect(contact.status).toBe(400);
    expect((await errorOf(contact)).fields).toEqual({ isAdmin: "Unknown field" });

    const form = new FormData();
    form.set("title", "Class Six");
    form.set("price", "120");
    form.set("imagee", new Blob([new Uint8Array(8)]), "a.jpg");
    const multipart = await t.request("/api/AddAdmition", { method: "POST", body: form, session: admin });
    expect(multipart.status).toBe(400);
    expect((await errorOf(multipart)).fields).toEqual({ imagee: "Unknown field" });
  });

  it("accepts the read-only _id and date sent back, and every wire name of a field", async () => {
    const created = await t.json(
      "/api/AddAdmition",
      "POST",
      { title: "Class Six", price: "120.50", image: "https://img.example/a.jpg" },
      { session: admin },
    );
    expect(created.status).toBe(201);
    const id = (await created.json()).insertedId;
    const record = await (await t.request(`/api/Admition/admition/${id}`)).json();
    const echoed = await t.json(
      `/api/Admition/admition/${id}`,
      "PUT",
      { _id: record._id, date: record.date, title: "Class Seven" },
      { session: admin },
    );
    expect(echoed.status).toBe(200);
    expect((await (await t.request(`/api/Admition/admition/${id}`)).json()).admition.title).toBe(
      "Class Seven",
    );

    const notice = await t.json(
      "/api/Notice/notices",
      "POST",
      { title: "Holiday", about: "Closed" },
      { session: admin },
    );
    expect(notice.status).toBe(201);
  });

  describe("Better Auth's routes", () => {
    const sessionCount = async () => (await t.services.db.select().from(sessions)).length;

    it("refuses control characters in a body or query, and unknown fields, before signing in", async () => {
      const before = await sessionCount();
      for (const [body, field] of [
        [{ email: "alice@school.test\u0000", password: "alice-password" }, "email"],
        [{ email: "alice@school.test", password: "alice-password", callbackURL: "/\u0000x" }, "callbackURL"],
        [{ email: "alice@school.test", password: "alice-password", remember: true }, "remember"],
      ] as const) {
        const response = await t.json("/api/auth/sign-in/email", "POST", body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys((await errorOf(response)).fields)).toEqual([field]);
      }
      const query = await t.request("/api/auth/get-session?x=%00");
      expect(query.status).toBe(400);
      expect(await sessionCount()).toBe(before);
    });

    it("refuses a callbackURL beyond ASCII with 400 before signing in (it was a 500 that left a session)", async () => {
      const before = await sessionCount();
      const response = await t.json("/api/auth/sign-in/email", "POST", {
        email: "alice@school.test",
        password: "alice-password",
        callbackURL: "/blog/\u0100\u09AC",
      });
      expect(response.status).toBe(400);
      expect(Object.keys((await errorOf(response)).fields)).toEqual(["callbackURL"]);
      expect(await sessionCount()).toBe(before);
      const encoded = await t.json("/api/auth/sign-in/email", "POST", {
        email: "alice@school.test",
        password: "alice-password",
        callbackURL: `/blog/${encodeURIComponent("\u0100\u09AC")}`,
      });
      expect(encoded.status).toBe(200);
    });
  });
});
