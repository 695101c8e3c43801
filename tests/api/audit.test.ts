// The audit trail and the dashboard's overview numbers, on every test database: an admin's
// creates, changes and deletes are recorded with who, what and the record's label; what people
// write as themselves is not; GET /api/audit is for admins, with filters and pages; the overview
// counts what is there.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFile } from "../../server/backup/export";
import { auditEntries, blogs, contactMessages, orders, users } from "../../server/db/schema";
import { actorFromSession } from "../../server/domain/actor";
import { ordersCsv } from "../../server/domain/orders/export";
import { loadOverview } from "../../server/domain/overview";
import { subscribersCsv } from "../../server/domain/subscribers";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Entry = {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string;
  action: "create" | "update" | "delete";
  subject: string;
  subjectId: string;
  label: string;
  exists: boolean;
};

const head = { email: "head@school.test", password: "head-password-1" };

describe.each(testDatabases)("the audit trail on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: head.email, ADMIN_PASSWORD: head.password });
    admin = await t.signIn(head.email, head.password);
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    await t.signUp("bob@school.test", "bob-password-1", "Bob");
  });
  afterAll(() => t?.close());

  const created = async (path: string, body: unknown, session: Session) => {
    const response = await t.json(path, "POST", body, { session });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };

  /** The trail as an admin reads it through the API. */
  const trail = async (query = "") => {
    const response = await t.request(`/api/audit${query}`, { session: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    return {
      items: (await response.json()) as Entry[],
      total: Number(response.headers.get("x-total-count")),
    };
  };

  const entriesFor = async (subjectId: string) =>
    t.services.db.select().from(auditEntries).where(eq(auditEntries.subjectId, subjectId));

  it("records an admin's create, change and delete with who, what and the label at the time", async () => {
    const id = await created("/api/Notice/notices", { Title: "Exam routine", about: "Week 3" }, admin);
    const path = `/api/Notice/notices/${id}`;
    expect((await t.json(path, "PATCH", { Title: "Exam routine (new)" }, { session: admin })).status).toBe(
      200,
    );
    // Nothing changed: nothing to record.
    expect(
      await (await t.json(path, "PATCH", { Title: "Exam routine (new)" }, { session: admin })).json(),
    ).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    const { items } = await trail("?subject=notice");
    const mine = items.filter((entry) => entry.subjectId === id);
    expect(mine.map((entry) => [entry.action, entry.label, entry.exists])).toEqual([
      ["update", "Exam routine (new)", true],
      ["create", "Exam routine", true],
    ]);
    expect(mine[0]).toMatchObject({ actorEmail: head.email, subject: "notice", actorId: expect.any(String) });

    expect((await t.request(path, { method: "DELETE", session: admin })).status).toBe(200);
    const after = (await trail("?subject=notice")).items.filter((entry) => entry.subjectId === id);
    expect(after.map((entry) => [entry.action, entry.label, entry.exists])).toEqual([
      ["delete", "Exam routine (new)", false],
      ["update", "Exam routine (new)", false],
      ["create", "Exam routine", false],
    ]);
    expect(Date.parse(after[0]?.createdAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(after[2]?.createdAt ?? ""),
    );
  });

  it("records the dashboard's review actions on students and teachers, labelled by name", async () => {
    const id = await created(
      "/api/teacher/addTeacher",
      { name: "Abdul Karim", email: "karim@school.test", phone: "+880 1711-000000", address: "Mirpur" },
      admin,
    );
    await t.json(
      `/api/teacher/teacher/${id}`,
      "PATCH",
      { status: "approved", roll: "head" },
      { session: admin },
    );
    const rows = await entriesFor(id);
    expect(rows.map((row) => [row.action, row.subject, row.label]).sort()).toEqual([
      ["create", "teacher", "Abdul Karim"],
      ["update", "teacher", "Abdul Karim"],
    ]);
  });

  it("does not record what people write as themselves, and records an admin removing someone's comment", async () => {
    const blogId = await created(
      "/api/blog/blogs",
      { title: "Sports day", email: "office@school.test", blog: "Sunny." },
      admin,
    );
    const comment = (info: string) => ({ id: blogId, name: "Alice", email: "alice@school.test", info });
    const before = (await trail()).total;
    const alicesComment = await created("/api/blog/comment", comment("Well done!"), alice);
    const adminsComment = await created("/api/blog/comment", comment("Thank you"), admin);
    await t.json(
      `/api/blog/comment/${alicesComment}`,
      "PATCH",
      { info: "Well done, all!" },
      { session: alice },
    );
    await t.request(`/api/blog/comment/${adminsComment}`, { method: "DELETE", session: admin });
    // Alice's own profile is hers too.
    await t.json("/api/User/updated", "PUT", { displayName: "Alice B." }, { session: alice });
    expect((await trail()).total).toBe(before);

    await t.request(`/api/blog/comment/${alicesComment}`, { method: "DELETE", session: admin });
    const [removal] = await entriesFor(alicesComment);
    expect(removal).toMatchObject({
      action: "delete",
      subject: "comment",
      actorEmail: head.email,
      label: "Alice: Well done, all!",
    });
    expect((await entriesFor(blogId)).map((row) => row.action)).toEqual(["create"]);
    expect((await trail()).total).toBe(before + 1);
  });

  it("records making and removing an admin as a change to the account", async () => {
    expect(
      (await t.json("/api/User/users/admin", "PUT", { email: "bob@school.test" }, { session: admin })).status,
    ).toBe(200);
    // Already an admin: nothing changes, nothing is recorded.
    await t.json("/api/User/users/admin", "PUT", { email: "bob@school.test" }, { session: admin });
    const { items } = await trail("?subject=user");
    expect(items.map((entry) => [entry.action, entry.label, entry.actorEmail, entry.exists])).toEqual([
      ["update", "bob@school.test", head.email, true],
    ]);

    const removed = await t.json(
      "/api/User/users/removeAdmin",
      "PUT",
      { email: "bob@school.test" },
      { session: admin },
    );
    expect(removed.status).toBe(200);
    expect((await trail("?subject=user")).items.map((entry) => entry.label)).toEqual([
      "bob@school.test",
      "bob@school.test",
    ]);
  });

  it("records each file of records an admin downloads, and what it held", async () => {
    const [row] = await t.services.db.select().from(users).where(eq(users.email, head.email));
    const actor = actorFromSession(row);
    if (actor.kind !== "user") throw new Error("the admin is not signed in");
    await ordersCsv(t.services, actor, { status: "paid" });
    await subscribersCsv(t.services.db, actor);
    expect((await exportFile(t.services.db, actor, "students.xlsx"))?.fileName).toBe("maktab-students.xlsx");
    const { items } = await trail("?subject=export");
    expect(items.slice(0, 3).map((entry) => [entry.action, entry.subjectId, entry.label])).toEqual([
      ["export", "students", "maktab-students.xlsx"],
      ["export", "subscribers", "maktab-subscribers.csv"],
      ["export", "orders", "maktab-orders-paid.csv"],
    ]);
    expect(items[0]?.actorEmail).toBe(head.email);
    // A file downloaded is not a deleted record: the page says "(deleted)" only of those.
    expect(items.slice(0, 3).map((entry) => entry.exists)).toEqual([true, true, true]);
  });

  describe("GET /api/audit", () => {
    it("answers 401 to anonymous visitors and 403 to users who are not admins", async () => {
      const anonymous = await t.request("/api/audit");
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).error.code).toBe("unauthorized");
      const user = await t.request("/api/audit", { session: alice });
      expect(user.status).toBe(403);
      expect((await t.request("/api/audit", { bearer: alice })).status).toBe(403);
      expect((await t.request("/api/audit", { bearer: admin })).status).toBe(200);
    });

    it("filters by kind and by who, and pages with the total", async () => {
      // A second admin's work, to tell apart by e-mail.
      await t.json("/api/User/users/admin", "PUT", { email: "bob@school.test" }, { session: admin });
      const bobs = await t.signIn("bob@school.test", "bob-password-1");
      const serviceId = await created("/api/service/addServices", { serviceName: "Library" }, bobs);
      await created("/api/service/addServices", { serviceName: "Science lab" }, admin);

      const byBob = await trail("?q=BOB@school");
      expect(byBob.items.map((entry) => [entry.subject, entry.label])).toEqual([["service", "Library"]]);
      expect(byBob.total).toBe(1);
      expect(byBob.items[0]?.subjectId).toBe(serviceId);

      const services = await trail("?subject=service");
      expect(services.items.map((entry) => entry.label)).toEqual(["Science lab", "Library"]);

      const everything = await trail("?limit=100");
      expect(everything.total).toBe(everything.items.length);
      expect(everything.total).toBeGreaterThan(4);
      const firstPage = await trail("?limit=2");
      const secondPage = await trail("?limit=2&offset=2");
      expect(firstPage.total).toBe(everything.total);
      expect([...firstPage.items, ...secondPage.items].map((entry) => entry.id)).toEqual(
        everything.items.slice(0, 4).map((entry) => entry.id),
      );
      // `%` is a letter in a search, not a pattern.
      expect((await trail("?q=%25")).total).toBe(0);
    });

    it("refuses a bad query with 400 naming the field", async () => {
      for (const [query, field] of [
        ["?subject=payment", "subject"],
        ["?limit=0", "limit"],
        ["?limit=1000", "limit"],
        ["?offset=-1", "offset"],
      ] as const) {
        const response = await t.request(`/api/audit${query}`, { session: admin });
        expect(response.status, query).toBe(400);
        expect(Object.keys((await response.json()).error.fields)).toContain(field);
      }
    });

    it("is listed in the OpenAPI document", async () => {
      const document = await (await t.request("/api/openapi.json")).json();
      const call = document.paths["/audit"]?.get;
      expect(call).toBeDefined();
      expect(call.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(["subject", "q", "limit", "offset"]),
      );
    });
  });
});

describe.each(testDatabases)("the dashboard overview on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAIL: head.email,
      ADMIN_PASSWORD: head.password,
      SAMPLE_CONTENT: "off",
    });
    admin = await t.signIn(head.email, head.password);
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
  });
  afterAll(() => t?.close());

  const post = async (path: string, body: unknown, session?: Session) => {
    const response = await t.json(path, "POST", body, session ? { session } : {});
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };

  it("counts each kind, what waits for review, unread messages, subscribers and the newest orders", async () => {
    const empty = await loadOverview(t.services.db);
    expect(empty).toEqual({
      counts: {
        admissions: 0,
        results: 0,
        blogs: 0,
        comments: 0,
        notices: 0,
        services: 0,
        students: 0,
        teachers: 0,
        events: 0,
        downloads: 0,
        albums: 0,
      },
      pending: { students: 0, teachers: 0, blogs: 0 },
      unreadMessages: 0,
      subscribers: 0,
      recentOrders: [],
    });

    const teacher = (name: string) => ({
      name,
      email: "t@school.test",
      phone: "01711000000",
      address: "Dhaka",
    });
    const approved = await post("/api/teacher/addTeacher", teacher("Karim"), admin);
    await post("/api/teacher/addTeacher", teacher("Rahim"), admin);
    await post("/api/teacher/addTeacher", teacher("Salma"), admin);
    await t.json(`/api/teacher/teacher/${approved}`, "PATCH", { status: "approved" }, { session: admin });
    await post("/api/student/addStudent", { name: "Ayesha", email: "a@school.test" }, admin);
    await post("/api/events", { title: "Sports day", start: "2026-12-22" }, admin);
    const blogId = await post("/api/blog/blogs", { title: "Sports day", email: "office@school.test" }, admin);
    // A blog waiting for review, as a user's post from the profile is stored.
    await t.services.db
      .insert(blogs)
      .values({ title: "My first post", authorEmail: "alice@school.test", status: "pending" });
    await post(
      "/api/blog/comment",
      { id: blogId, name: "Alice", email: "a@school.test", info: "Nice" },
      alice,
    );
    const admissionId = await post(
      "/api/AddAdmition",
      { title: "Class Six", price: "120.50", image1: "https://img.example/a.jpg" },
      admin,
    );

    const messages = [];
    for (const name of ["Rahima", "Karim", "Nadia"]) {
      messages.push(await post("/api/contact", { name, email: "someone@example.com", message: "Hello" }));
    }
    const [read, trashed] = messages as [string, string];
    await t.services.db
      .update(contactMessages)
      .set({ readAt: new Date() })
      .where(eq(contactMessages.id, read));
    await t.services.db
      .update(contactMessages)
      .set({ folder: "trash" })
      .where(eq(contactMessages.id, trashed));
    await post("/api/subscribe", { email: "reader@example.com" });
    await post("/api/subscribe", { email: "parent@example.com" });

    // The first order is paid, so the second cart is a new order (not a change of the open one).
    const intents = [await paidOrder(admissionId, 1), await openOrder(admissionId, 2)];

    const overview = await loadOverview(t.services.db);
    // On the site: what visitors see (approved students, teachers and blogs); the rest waits.
    expect(overview.counts).toEqual({
      admissions: 1,
      results: 0,
      blogs: 1,
      comments: 1,
      notices: 0,
      services: 0,
      students: 0,
      teachers: 1,
      events: 1,
      downloads: 0,
      albums: 0,
    });
    expect(overview.pending).toEqual({ students: 1, teachers: 2, blogs: 1 });
    expect(overview.unreadMessages).toBe(1);
    expect(overview.subscribers).toBe(2);
    expect(overview.recentOrders.map((order) => order.id)).toEqual([
      intents[1]?.orderId,
      intents[0]?.orderId,
    ]);
    expect(overview.recentOrders[0]).toMatchObject({
      status: "pending",
      totalMinor: expect.any(Number),
      currency: "USD",
      buyerName: "Alice",
      buyerEmail: "alice@school.test",
    });
    expect(overview.recentOrders[0]?.totalMinor).toBeGreaterThan(overview.recentOrders[1]?.totalMinor ?? 0);

    // An open order older than a day shows as expired, as the orders page says: the overview's
    // own read expires it like every other read of orders.
    await t.services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(orders.id, intents[1]?.orderId ?? ""));
    const later = await loadOverview(t.services.db);
    expect(later.recentOrders.find((order) => order.id === intents[1]?.orderId)?.status).toBe("expired");
  });

  /** Alice's open order for this cart (a buyer has one: a changed cart changes it). */
  async function openOrder(admissionId: string, quantity: number) {
    const response = await t.json(
      "/api/Order/create-payment-intent",
      "POST",
      { items: [{ id: admissionId, quantity }] },
      { session: alice },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { orderId: string; clientSecret: string };
  }

  /** An order of Alice's paid with Stripe's test card in test mode. */
  async function paidOrder(admissionId: string, quantity: number) {
    const order = await openOrder(admissionId, quantity);
    const paid = await t.json(
      "/api/payments/test/confirm",
      "POST",
      {
        clientSecret: order.clientSecret,
        cardNumber: "4242424242424242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
        billing: { name: "Alice", email: "alice@school.test", address: "Dhaka" },
      },
      { session: alice },
    );
    expect(paid.status).toBe(200);
    return order;
  }

  it("shows only the five newest orders", async () => {
    const [admission] = (await (await t.request("/api/Admition/admition")).json()) as { _id: string }[];
    for (const quantity of [3, 4, 5, 6]) await paidOrder(admission?._id ?? "", quantity);
    const { recentOrders } = await loadOverview(t.services.db);
    expect(recentOrders).toHaveLength(5);
    const times = recentOrders.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
