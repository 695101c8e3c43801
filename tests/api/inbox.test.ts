// The dashboard inbox's REST calls on every test database: folders, search, read marks, stars,
// the trash, replies written to the mail outbox, drafts, validation, and admins only.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, outgoingMessages } from "../../server/db/schema";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Item = {
  id: string;
  kind: string;
  email: string;
  subject: string | null;
  unread: boolean;
  starred: boolean;
};

describe.each(testDatabases)("inbox calls on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  const ids = { fees: "", bus: "", percent: "" };
  let outbox: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    user = await t.signUp("parent@school.test", "parent-password", "A Parent");
    outbox = t.services.mail.outboxDir as string;
    // Three messages a minute apart, oldest first, as visitors sent them.
    const rows = [
      {
        key: "fees" as const,
        name: "Rahima Khatun",
        email: "rahima@example.com",
        message: "What are the fees for Class Six?",
      },
      {
        key: "bus" as const,
        name: "Karim Uddin",
        email: "karim@example.com",
        message: "Is there a school bus?\nThanks",
      },
      {
        key: "percent" as const,
        name: "Nusrat Jahan",
        email: "nusrat@example.com",
        message: "Is 100% attendance needed?",
      },
    ];
    for (const [index, row] of rows.entries()) {
      const [stored] = await t.services.db
        .insert(contactMessages)
        .values({
          name: row.name,
          email: row.email,
          message: row.message,
          createdAt: new Date(Date.UTC(2026, 0, 1, 9, index)),
        })
        .returning({ id: contactMessages.id });
      ids[row.key] = stored?.id as string;
    }
  });
  afterAll(() => t?.close());

  const call = (method: string, pathname: string, body?: unknown, session: Session = admin) =>
    body === undefined
      ? t.request(pathname, { method, session })
      : t.json(pathname, method, body, { session });
  const folder = async (name: string, query = "") => {
    const response = await call("GET", `/api/inbox?folder=${name}${query}`);
    expect(response.status).toBe(200);
    return { items: (await response.json()) as Item[], total: Number(response.headers.get("X-Total-Count")) };
  };
  const emailsIn = async (name: string, query = "") =>
    (await folder(name, query)).items.map((item) => item.email);
  const counts = async () => (await call("GET", "/api/inbox/counts")).json();
  const outboxFiles = () =>
    existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith(".eml")) : [];

  it("answers 401 to anonymous visitors and 403 to other users on every call", async () => {
    const id = ids.fees;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/inbox"],
      ["GET", "/api/inbox/counts"],
      ["PATCH", "/api/inbox", { ids: [id], starred: true }],
      ["GET", `/api/inbox/${id}`],
      ["PATCH", `/api/inbox/${id}`, { starred: true }],
      ["DELETE", `/api/inbox/${id}`],
      ["POST", "/api/inbox/messages", { to: "a@example.com", subject: "Hello", body: "Hi" }],
      ["POST", `/api/inbox/${id}/reply`, { body: "Hi" }],
      ["POST", "/api/inbox/drafts", { to: "", subject: "", body: "" }],
      ["PUT", `/api/inbox/drafts/${id}`, { to: "", subject: "", body: "" }],
      ["POST", `/api/inbox/drafts/${id}/send`],
    ];
    for (const [method, pathname, body] of calls) {
      const anonymous =
        body === undefined ? await t.request(pathname, { method }) : await t.json(pathname, method, body);
      expect([method, pathname, anonymous.status]).toEqual([method, pathname, 401]);
      expect((await anonymous.json()).error.code).toBe("unauthorized");
      const other = await call(method, pathname, body, user);
      expect([method, pathname, other.status]).toEqual([method, pathname, 403]);
    }
    // Nothing changed on the way.
    const [row] = await t.services.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ starred: false, readAt: null, folder: "inbox" });
    expect(await t.services.db.select().from(outgoingMessages)).toEqual([]);
  });

  it("lists the inbox newest first with the total and every folder's counts", async () => {
    const { items, total } = await folder("inbox");
    expect(total).toBe(3);
    expect(items.map((item) => item.email)).toEqual([
      "nusrat@example.com",
      "karim@example.com",
      "rahima@example.com",
    ]);
    expect(items[1]).toMatchObject({
      id: ids.bus,
      kind: "received",
      name: "Karim Uddin",
      subject: null,
      preview: "Is there a school bus? Thanks",
      unread: true,
      starred: false,
      inTrash: false,
      date: "2026-01-01T09:01:00.000Z",
    });
    expect(await counts()).toEqual({
      inbox: { total: 3, unread: 3 },
      important: { total: 0, unread: 0 },
      sent: { total: 0, unread: 0 },
      drafts: { total: 0, unread: 0 },
      trash: { total: 0, unread: 0 },
    });
    const page = await folder("inbox", "&limit=1&offset=1");
    expect(page.items.map((item) => item.id)).toEqual([ids.bus]);
    expect(page.total).toBe(3);
  });

  it("searches name, e-mail and text, case-insensitively, with % and _ taken literally", async () => {
    expect(await emailsIn("inbox", "&q=KHATUN")).toEqual(["rahima@example.com"]);
    expect(await emailsIn("inbox", "&q=karim@")).toEqual(["karim@example.com"]);
    expect(await emailsIn("inbox", "&q=bus")).toEqual(["karim@example.com"]);
    expect(await emailsIn("inbox", `&q=${encodeURIComponent("100%")}`)).toEqual(["nusrat@example.com"]);
    expect(await emailsIn("inbox", `&q=${encodeURIComponent("%")}`)).toEqual(["nusrat@example.com"]);
    expect(await emailsIn("inbox", "&q=_")).toEqual([]);
    expect((await folder("inbox", "&q=nothing-like-this")).total).toBe(0);
  });

  it("marks a message read when opened, and unread again on request", async () => {
    const opened = await call("GET", `/api/inbox/${ids.fees}`);
    expect(opened.status).toBe(200);
    const message = await opened.json();
    expect(message).toMatchObject({
      id: ids.fees,
      kind: "received",
      name: "Rahima Khatun",
      email: "rahima@example.com",
      message: "What are the fees for Class Six?",
      folder: "inbox",
      starred: false,
      replies: [],
    });
    expect(Number.isNaN(Date.parse(message.readAt))).toBe(false);
    expect((await counts()).inbox).toEqual({ total: 3, unread: 2 });
    const item = (await folder("inbox")).items.find((row) => row.id === ids.fees);
    expect(item?.unread).toBe(false);

    const unread = await call("PATCH", `/api/inbox/${ids.fees}`, { read: false });
    expect(await unread.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await counts()).inbox).toEqual({ total: 3, unread: 3 });
    const again = await call("PATCH", `/api/inbox/${ids.fees}`, { read: false });
    expect(await again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
  });

  it("stars a message into important and takes the star away", async () => {
    expect((await call("PATCH", `/api/inbox/${ids.bus}`, { starred: true })).status).toBe(200);
    expect(await emailsIn("important")).toEqual(["karim@example.com"]);
    expect((await counts()).important).toEqual({ total: 1, unread: 1 });
    await call("PATCH", `/api/inbox/${ids.bus}`, { starred: false });
    expect(await emailsIn("important")).toEqual([]);
  });

  it("moves messages to the trash and back, and deletes them for good only from the trash", async () => {
    const refused = await call("DELETE", `/api/inbox/${ids.percent}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "Move the message to the trash before deleting it for good",
    );

    const trashed = await call("PATCH", "/api/inbox", { ids: [ids.percent, ids.bus], folder: "trash" });
    expect(await trashed.json()).toEqual({ acknowledged: true, matchedCount: 2, modifiedCount: 2 });
    expect(await emailsIn("inbox")).toEqual(["rahima@example.com"]);
    expect(await emailsIn("trash")).toEqual(["nusrat@example.com", "karim@example.com"]);
    // A starred message in the trash is not important any more.
    await call("PATCH", `/api/inbox/${ids.bus}`, { starred: true });
    expect(await emailsIn("important")).toEqual([]);

    expect((await call("PATCH", `/api/inbox/${ids.bus}`, { folder: "inbox", starred: false })).status).toBe(
      200,
    );
    expect(await emailsIn("inbox")).toEqual(["karim@example.com", "rahima@example.com"]);

    const deleted = await call("DELETE", `/api/inbox/${ids.percent}`);
    expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call("GET", `/api/inbox/${ids.percent}`)).status).toBe(404);
    expect((await call("PATCH", `/api/inbox/${ids.percent}`, { starred: true })).status).toBe(404);
    expect((await call("GET", "/api/inbox/not-an-id")).status).toBe(404);
    // Deleting for good is an admin's delete: it is in the audit trail, with who it came from.
    const trail = await (await call("GET", "/api/audit?subject=message")).json();
    expect(trail).toEqual([
      expect.objectContaining({
        action: "delete",
        subjectId: ids.percent,
        actorEmail: "head@school.test",
        label: "Nusrat Jahan <nusrat@example.com>",
        exists: false,
      }),
    ]);
  });

  it("replies to the sender: an .eml in the outbox with To, Subject and In-Reply-To, listed as sent", async () => {
    const before = outboxFiles();
    const response = await call("POST", `/api/inbox/${ids.bus}/reply`, { body: "Yes, two buses a day." });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toMatchObject({ acknowledged: true, status: "sent" });

    const written = outboxFiles().filter((file) => !before.includes(file));
    expect(written).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, written[0] as string), "utf8");
    expect(eml).toMatch(/^To: karim@example\.com$/m);
    expect(eml).toMatch(/^Subject: Re: Is there a school bus\? Thanks$/m);
    expect(eml).toMatch(new RegExp(`^In-Reply-To: <contact-${ids.bus}@localhost>$`, "m"));
    expect(eml).toContain("Yes, two buses a day.");

    const sent = await folder("sent");
    expect(sent.items).toEqual([
      expect.objectContaining({
        id: answer.insertedId,
        kind: "sent",
        email: "karim@example.com",
        subject: "Re: Is there a school bus? Thanks",
      }),
    ]);
    const [row] = await t.services.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.id, answer.insertedId));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.inReplyTo).toBe(ids.bus);

    const original = await (await call("GET", `/api/inbox/${ids.bus}`)).json();
    expect(original.replies).toEqual([expect.objectContaining({ id: answer.insertedId, status: "sent" })]);
    const reply = await (await call("GET", `/api/inbox/${answer.insertedId}`)).json();
    expect(reply).toMatchObject({
      kind: "sent",
      to: "karim@example.com",
      body: "Yes, two buses a day.",
      inReplyTo: ids.bus,
      author: { email: "head@school.test" },
    });
    // Sent mail is a record and stays, and the audit trail names who sent it.
    expect((await call("DELETE", `/api/inbox/${answer.insertedId}`)).status).toBe(409);
    const trail = await (await call("GET", "/api/audit?subject=mail")).json();
    expect(trail).toEqual([
      expect.objectContaining({
        action: "create",
        subjectId: answer.insertedId,
        actorEmail: "head@school.test",
        label: "karim@example.com: Re: Is there a school bus? Thanks",
        exists: true,
      }),
    ]);
  });

  it("sends a new message to any address", async () => {
    const response = await call("POST", "/api/inbox/messages", {
      to: "Office@Board.example",
      subject: "Exam dates",
      body: "Please send the dates.",
    });
    expect(response.status).toBe(201);
    expect(await emailsIn("sent", "&q=DATES")).toEqual(["office@board.example"]);
    const last = outboxFiles().sort().at(-1) as string;
    const eml = readFileSync(path.join(outbox, last), "utf8");
    expect(eml).toMatch(/^Subject: Exam dates$/m);
    expect(eml).not.toMatch(/^In-Reply-To:/m);
  });

  it("keeps a draft, lets it change, and sends it once it is complete", async () => {
    const created = await call("POST", "/api/inbox/drafts", {
      to: "rahima@",
      subject: "",
      body: "Dear Rahima",
    });
    expect(created.status).toBe(201);
    const { insertedId: id } = await created.json();
    expect(await emailsIn("drafts")).toEqual(["rahima@"]);
    expect((await counts()).drafts.total).toBe(1);

    const incomplete = await call("POST", `/api/inbox/drafts/${id}/send`);
    expect(incomplete.status).toBe(400);
    expect((await incomplete.json()).error.fields).toEqual({
      to: "Enter a valid e-mail address",
      subject: "Subject is required",
    });

    const updated = await call("PUT", `/api/inbox/drafts/${id}`, {
      to: "rahima@example.com",
      subject: "Fees",
      body: "Dear Rahima, the fees are on the notice board.",
      inReplyTo: ids.fees,
    });
    expect(await updated.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const draft = await (await call("GET", `/api/inbox/${id}`)).json();
    expect(draft).toMatchObject({ kind: "draft", to: "rahima@example.com", subject: "Fees", sentAt: null });

    const before = outboxFiles().length;
    const sent = await call("POST", `/api/inbox/drafts/${id}/send`);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ acknowledged: true, insertedId: id, status: "sent" });
    expect(outboxFiles()).toHaveLength(before + 1);
    expect(await emailsIn("drafts")).toEqual([]);
    expect((await folder("sent", "&q=notice board")).items.map((item) => item.id)).toEqual([id]);
    // A sent message is no draft any more.
    expect((await call("PUT", `/api/inbox/drafts/${id}`, { to: "", subject: "", body: "" })).status).toBe(
      404,
    );
    expect((await call("POST", `/api/inbox/drafts/${id}/send`)).status).toBe(404);
  });

  it("deletes a draft", async () => {
    const { insertedId: id } = await (await call("POST", "/api/inbox/drafts", { subject: "Scratch" })).json();
    expect(await (await call("DELETE", `/api/inbox/${id}`)).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await call("GET", `/api/inbox/${id}`)).status).toBe(404);
  });

  it("keeps the message as a draft and answers 502 when the mail cannot go out", async () => {
    const mail = t.services.mail;
    const send = mail.send;
    mail.send = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    };
    try {
      const response = await call("POST", "/api/inbox/messages", {
        to: "a@example.com",
        subject: "Lost?",
        body: "No.",
      });
      expect(response.status).toBe(502);
      const { error } = await response.json();
      expect(error.code).toBe("mail_failed");
      expect(error.message).toContain("ECONNREFUSED");
      expect(error).toMatchObject({
        key: "mail.sendFailed",
        params: { reason: expect.stringContaining("ECONNREFUSED") },
      });
      const draft = await (await call("GET", `/api/inbox/${error.draftId}`)).json();
      expect(draft).toMatchObject({
        kind: "draft",
        to: "a@example.com",
        subject: "Lost?",
        body: "No.",
        sentAt: null,
      });
    } finally {
      mail.send = send;
    }
  });

  it("names each bad field with 400", async () => {
    const empty = await call("POST", "/api/inbox/messages", {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields).toEqual({
      to: "E-mail is required",
      subject: "Subject is required",
      body: "Message is required",
    });
    const cases: [string, string, unknown, string, string][] = [
      [
        "POST",
        "/api/inbox/messages",
        { to: "nobody", subject: "a", body: "b" },
        "to",
        "Enter a valid e-mail address",
      ],
      [
        "POST",
        "/api/inbox/messages",
        { to: "a@b.example", subject: "s".repeat(201), body: "b" },
        "subject",
        "Subject must be at most 200 characters",
      ],
      [
        "POST",
        "/api/inbox/messages",
        { to: "a@b.example", subject: "s", body: "b".repeat(10001) },
        "body",
        "Message must be at most 10000 characters",
      ],
      [
        "POST",
        "/api/inbox/messages",
        { to: "a@b.example", subject: "s", body: "b", inReplyTo: "x" },
        "inReplyTo",
        "inReplyTo must be a message id",
      ],
      ["POST", "/api/inbox/drafts", { subject: 5 }, "subject", "Subject must be text"],
      [
        "POST",
        "/api/inbox/drafts",
        { subject: "a\nBcc: x@example.com" },
        "subject",
        "Subject must be one line",
      ],
      [
        "POST",
        "/api/inbox/messages",
        { to: "a@b.example", subject: "Hi\r\nBcc: x@example.com", body: "b" },
        "subject",
        "Subject must be one line",
      ],
      ["POST", `/api/inbox/${ids.fees}/reply`, { body: " " }, "body", "Message is required"],
      ["PATCH", `/api/inbox/${ids.fees}`, { starred: "yes" }, "starred", "starred must be true or false"],
      ["PATCH", `/api/inbox/${ids.fees}`, { folder: "spam" }, "folder", "folder must be inbox or trash"],
      ["PATCH", `/api/inbox/${ids.fees}`, {}, "body", "Send starred, read or folder"],
      ["PATCH", "/api/inbox", { ids: [], starred: true }, "ids", "ids must name at least one message"],
    ];
    for (const [method, pathname, body, field, message] of cases) {
      const response = await call(method, pathname, body);
      expect([pathname, field, response.status]).toEqual([pathname, field, 400]);
      expect((await response.json()).error.fields[field]).toBe(message);
    }
    const unknownReply = await call("POST", "/api/inbox/messages", {
      to: "a@b.example",
      subject: "s",
      body: "b",
      inReplyTo: "00000000-0000-4000-8000-000000000000",
    });
    expect((await unknownReply.json()).error.fields).toEqual({
      inReplyTo: "No received message with this id",
    });
    const badFolder = await call("GET", "/api/inbox?folder=spam");
    expect(badFolder.status).toBe(400);
    expect(Object.keys((await badFolder.json()).error.fields)).toEqual(["folder"]);
  });

  it("documents every inbox call in the OpenAPI document", async () => {
    const document = await (await t.request("/api/openapi.json")).json();
    expect(document.paths["/inbox"].get.tags).toEqual(["Inbox"]);
    expect(Object.keys(document.paths["/inbox/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(document.paths["/inbox/messages"].post.security).not.toEqual([]);
    expect(document.paths["/inbox/drafts/{id}/send"].post).toBeDefined();
    expect(document.paths["/inbox/{id}/reply"].post).toBeDefined();
  });
});
