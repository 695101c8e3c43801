// Messages to guardians (docs/messages.md): the queue in the database sends each recipient once
// through the gateway (a fake sms.net.bd on loopback), a server stopped between claiming a text and
// sending it leaves it "unknown" and never sends it again, a dedupe key queues once, a temporary
// failure is tried again after a growing wait, and a message's length is counted in parts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsLengthOf } from "../../common/sms-segments";
import {
  enrolments,
  messageRecipients,
  registerGuardians,
  registerStudents,
  schoolClasses,
  teachingAssignments,
  users,
} from "../../server/db/schema";
import { backoffMs, claimDue, enqueueTexts } from "../../server/domain/messages/queue";
import { queueDeps } from "../../server/messages/queue-job";
import { runMessageQueue } from "../../server/messages/send-queue";
import type { SmsGateway } from "../../server/sms/gateway";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";
import {
  appWithPeople,
  createTestApp,
  type Session,
  type TestApp,
  testDatabases,
} from "../fixtures/test-app";

const banglaNotice150 =
  "প্রিয় অভিভাবক, আগামী রবিবার বার্ষিক ক্রীড়া প্রতিযোগিতার কারণে বিদ্যালয়ের সব ক্লাস বন্ধ থাকবে। শিক্ষার্থীরা সকাল আটটায় মাঠে উপস্থিত হবে। ধন্যবাদ, প্রধান শিক্ষক";

describe("message length", () => {
  it("counts a 150-character Bangla text as 3 parts and 160 English letters as one", () => {
    const text = banglaNotice150.slice(0, 150);
    expect(text.length).toBe(150);
    expect(smsLengthOf(text)).toEqual({ encoding: "UCS-2", segments: 3, characters: 150 });
    expect(smsLengthOf("a".repeat(160)).segments).toBe(1);
    expect(smsLengthOf("a".repeat(161)).segments).toBe(2);
    expect(smsLengthOf("ক".repeat(70)).segments).toBe(1);
    expect(smsLengthOf("ক".repeat(71)).segments).toBe(2);
  });
});

describe.each(testDatabases)("the message queue on %s", (kind) => {
  let t: TestApp;
  let fake: FakeSmsNetBd;
  let n = 0;
  const phone = () => `+88017${String(10_000_000 + ++n).slice(-8)}`;
  const run = () => runMessageQueue(queueDeps(t.services));
  const rowsFor = (key: string) =>
    t.services.db.select().from(messageRecipients).where(eq(messageRecipients.dedupeKey, key));

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    t = await createTestApp(kind, {
      SMS_NET_BD_API_KEY: fake.apiKey,
      SMS_NET_BD_API_URL: fake.url,
      SMS_RATE_PER_SECOND: "1000",
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await run();
    fake.sent.length = 0;
  });

  it("sends each recipient once, however often the sender runs", async () => {
    const texts = Array.from({ length: 12 }, (_, i) => ({
      to: phone(),
      text: `Notice ${i}`,
      language: "en" as const,
      dedupeKey: `test:once:${i}`,
    }));
    expect(await enqueueTexts(t.services.db, "a notice", texts)).toEqual({ queued: 12 });
    const first = await run();
    expect(first.sent).toBe(12);
    await run();
    await run();
    expect(fake.sent.map((sms) => `+${sms.to}`).sort()).toEqual(texts.map((x) => x.to).sort());
    const [row] = await rowsFor("test:once:0");
    expect(row).toMatchObject({ state: "sent", attempts: 1, gatewayId: expect.any(String) });
  });

  it("queues a dedupe key once", async () => {
    const text = {
      to: phone(),
      text: "Absent today",
      language: "en" as const,
      dedupeKey: "absence:child:2026-11-29",
    };
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 1 });
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 0 });
    await run();
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 0 });
    await run();
    expect(fake.sent.filter((sms) => sms.msg === "Absent today")).toHaveLength(1);
    expect(await rowsFor(text.dedupeKey)).toHaveLength(1);
  });

  it("leaves a text claimed before a crash unknown, and never sends it", async () => {
    const to = phone();
    await enqueueTexts(t.services.db, "a notice", [
      { to, text: "Cut off", language: "en", dedupeKey: "test:crash" },
    ]);
    // A sender claims the row (committed as "sending") and the server stops before the gateway is called.
    const claimed = await claimDue(t.services.db, 10);
    expect(claimed.map((row) => row.dedupeKey)).toContain("test:crash");
    const after = await run();
    expect(after.interrupted).toBe(1);
    await run();
    expect(fake.sent.filter((sms) => sms.to === to.slice(1))).toEqual([]);
    const [row] = await rowsFor("test:crash");
    expect(row?.state).toBe("unknown");
  });

  it("tries a temporary failure again after a growing wait, and fails a permanent one at once", async () => {
    fake.failNext(417);
    const to = phone();
    await enqueueTexts(t.services.db, "a notice", [
      { to, text: "Try again", language: "en", dedupeKey: "test:retry" },
    ]);
    const before = Date.now();
    const first = await run();
    expect(first.retried).toBe(1);
    let [row] = await rowsFor("test:retry");
    expect(row).toMatchObject({ state: "queued", attempts: 1, reason: "417: Insufficient balance" });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 1000);
    // Not yet due: nothing is sent.
    await run();
    expect(fake.sent).toEqual([]);
    // Due now.
    await t.services.db
      .update(messageRecipients)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(messageRecipients.dedupeKey, "test:retry"));
    await run();
    [row] = await rowsFor("test:retry");
    expect(row).toMatchObject({ state: "sent", attempts: 2 });
    expect(fake.sent.map((sms) => sms.to)).toEqual([to.slice(1)]);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    await enqueueTexts(t.services.db, "a notice", [
      { to: "+8801212345678", text: "Wrong number", language: "en", dedupeKey: "test:permanent" },
    ]);
    await run();
    [row] = await rowsFor("test:permanent");
    expect(row).toMatchObject({ state: "failed", attempts: 1, reason: "416: No valid number found" });
  });

  it("updates a sent text from the gateway's delivery report", async () => {
    await enqueueTexts(t.services.db, "a notice", [
      { to: phone(), text: "Report me", language: "en", dedupeKey: "test:report" },
    ]);
    await run();
    let [row] = await rowsFor("test:report");
    fake.setStatus(row?.gatewayId ?? "", "Delivered");
    // Reports are asked for a minute after the last look.
    await t.services.db
      .update(messageRecipients)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(messageRecipients.dedupeKey, "test:report"));
    const report = await run();
    expect(report.reported).toBeGreaterThanOrEqual(1);
    [row] = await rowsFor("test:report");
    expect(row?.state).toBe("delivered");
  });

  it("sends no faster than the configured texts a second", async () => {
    const slow = { ...queueDeps(t.services), perSecond: 20 };
    await enqueueTexts(
      t.services.db,
      "a notice",
      Array.from({ length: 10 }, (_, i) => ({
        to: phone(),
        text: `Rate ${i}`,
        language: "en" as const,
        dedupeKey: `test:rate:${i}`,
      })),
    );
    const started = performance.now();
    const report = await runMessageQueue(slow);
    expect(report.sent).toBe(10);
    // Ten texts at 20 a second: nine gaps of 50 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(430);
  });

  it("does not wait for one text's answer before sending the next (a slow gateway keeps its rate)", async () => {
    // Each send is held until three are under way at once (or two seconds pass): a sender that
    // waits for each answer before the next has at most one in flight.
    const deps = queueDeps(t.services);
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const gateway: SmsGateway = {
      name: deps.gateway.name,
      balance: () => deps.gateway.balance(),
      report: (id) => deps.gateway.report(id),
      send: async (message: { to: string; text: string }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (inFlight >= 3) for (const release of waiting.splice(0)) release();
        else await new Promise<void>((release) => waiting.push(release) && setTimeout(release, 2_000));
        const outcome = await deps.gateway.send(message);
        inFlight -= 1;
        return outcome;
      },
    };
    await enqueueTexts(
      t.services.db,
      "a notice",
      Array.from({ length: 6 }, (_, i) => ({
        to: phone(),
        text: `Slow ${i}`,
        language: "en" as const,
        dedupeKey: `test:slow:${i}`,
      })),
    );
    const report = await runMessageQueue({ ...deps, gateway, perSecond: 100 });
    expect(report.sent).toBe(6);
    expect(most).toBeGreaterThanOrEqual(3);
  });
});

describe.each(testDatabases)("messages to guardians through the API on %s", (kind) => {
  let t: TestApp;
  let fake: FakeSmsNetBd;
  let admin: Session;
  let teacher: Session;
  let otherTeacher: Session;
  let guardian: Session;
  const children: string[] = [];
  const notice = banglaNotice150.slice(0, 150);
  const toClassSix = { audience: { kind: "class", class: "Class Six" }, channel: "sms", text: notice };

  async function classId(name: string) {
    await t.services.db.insert(schoolClasses).values({ name }).onConflictDoNothing();
    const [row] = await t.services.db.select().from(schoolClasses).where(eq(schoolClasses.name, name));
    return row?.id ?? "";
  }
  async function withRole(session: Session, role: string) {
    await t.services.db.update(users).set({ role }).where(eq(users.email, session.email));
    const [row] = await t.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, session.email));
    return row?.id ?? "";
  }

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    const people = await appWithPeople(
      kind,
      {},
      {
        SMS_NET_BD_API_KEY: fake.apiKey,
        SMS_NET_BD_API_URL: fake.url,
        SMS_RATE_PER_SECOND: "1000",
      },
    );
    t = people.t;
    admin = people.admin;
    teacher = people.alice;
    otherTeacher = people.bob;
    guardian = await t.signUp("guardian@school.test", "guardian-password-1", "A guardian");
    const six = await classId("Class Six");
    const seven = await classId("Class Seven");
    await t.services.db.insert(teachingAssignments).values([
      { userId: await withRole(teacher, "teacher"), session: "2026", classId: six, subject: "Bangla" },
      { userId: await withRole(otherTeacher, "teacher"), session: "2026", classId: seven, subject: "Bangla" },
    ]);
    const guardianId = await withRole(guardian, "guardian");
    // Class Six: 40 children, A and B, each with a father with a phone.
    for (let i = 1; i <= 40; i++) {
      const [child] = await t.services.db
        .insert(registerStudents)
        .values({ name: `Child ${i}` })
        .returning({ id: registerStudents.id });
      const id = child?.id ?? "";
      children.push(id);
      await t.services.db.insert(enrolments).values({
        session: "2026",
        classId: six,
        section: i <= 20 ? "A" : "B",
        roll: String(i),
        registration: String(6_000_000 + i),
        name: `Child ${i}`,
        registerStudentId: id,
      });
      await t.services.db.insert(registerGuardians).values({
        registerStudentId: id,
        relation: "father",
        phone: `+8801711${String(100_000 + i)}`,
        userId: i === 1 ? guardianId : null,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("shows before sending: a 150-letter Bangla notice to Class Six is 3 parts, 40 guardians and 40 texts, and the balance", async () => {
    fake.balance = 250;
    const response = await t.json("/api/messages/preview", "POST", toClassSix, { session: teacher });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      guardians: 40,
      texts: 40,
      emails: 0,
      segments: 3,
      encoding: "UCS-2",
      characters: 150,
      gateway: "sms.net.bd",
      balance: "250.0000",
    });
    const section = await t.json(
      "/api/messages/preview",
      "POST",
      { ...toClassSix, audience: { kind: "section", class: "Class Six", section: "B" } },
      { session: admin },
    );
    expect((await section.json()).texts).toBe(20);
  });

  it("sends one text to each of the 40 guardians, and shows each recipient's state", async () => {
    fake.sent.length = 0;
    const response = await t.json("/api/messages", "POST", toClassSix, { session: teacher });
    expect(response.status, await response.clone().text()).toBe(201);
    const { _id: id, texts } = await response.json();
    expect(texts).toBe(40);
    let recipients = await (await t.request(`/api/messages/${id}/recipients`, { session: teacher })).json();
    expect(recipients).toHaveLength(40);
    expect(new Set(recipients.map((r: { state: string }) => r.state))).toEqual(new Set(["queued"]));
    await runMessageQueue(queueDeps(t.services));
    expect(fake.sent).toHaveLength(40);
    expect(new Set(fake.sent.map((sms) => sms.to)).size).toBe(40);
    recipients = await (await t.request(`/api/messages/${id}/recipients`, { session: admin })).json();
    expect(new Set(recipients.map((r: { state: string }) => r.state))).toEqual(new Set(["sent"]));
    const list = await (await t.request("/api/messages", { session: teacher })).json();
    expect(list[0]).toMatchObject({ _id: id, audience: "Class Six", states: { sent: 40 } });
    // Another teacher neither sees it nor its recipients.
    expect(await (await t.request("/api/messages", { session: otherTeacher })).json()).toEqual([]);
    expect((await t.request(`/api/messages/${id}/recipients`, { session: otherTeacher })).status).toBe(404);
  });

  it("refuses a teacher writing to a class, a child or everyone they do not teach; admins write to anyone", async () => {
    const before = await t.services.db.select().from(messageRecipients);
    for (const audience of [
      { kind: "class", class: "Class Six" },
      { kind: "section", class: "Class Six", section: "A" },
      { kind: "children", children: [children[0]] },
      { kind: "everyone" },
    ]) {
      const response = await t.json(
        "/api/messages",
        "POST",
        { ...toClassSix, audience },
        { session: otherTeacher },
      );
      expect(response.status, JSON.stringify(audience)).toBe(403);
    }
    expect(
      (
        await t.json(
          "/api/messages",
          "POST",
          { ...toClassSix, audience: { kind: "everyone" } },
          { session: teacher },
        )
      ).status,
    ).toBe(403);
    expect(await t.services.db.select().from(messageRecipients)).toHaveLength(before.length);
    const everyone = await t.json(
      "/api/messages/preview",
      "POST",
      { ...toClassSix, audience: { kind: "everyone" } },
      { session: admin },
    );
    expect((await everyone.json()).texts).toBeGreaterThanOrEqual(40);
    const children2 = await t.json(
      "/api/messages/preview",
      "POST",
      { ...toClassSix, audience: { kind: "children", children: children.slice(0, 3) } },
      { session: teacher },
    );
    expect((await children2.json()).texts).toBe(3);
  });

  it("leaves out a guardian who opted out of texts: their own choice, or an admin's", async () => {
    const [row] = await t.services.db
      .select({ id: registerGuardians.id })
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, children[0] ?? ""));
    const path = `/api/register/guardians/${row?.id}/texts`;
    const optOut = await t.json(path, "PUT", { optOut: true }, { session: guardian });
    expect(optOut.status, await optOut.clone().text()).toBe(200);
    expect(await optOut.json()).toEqual({ optOut: true, language: "bn" });
    const preview = await t.json("/api/messages/preview", "POST", toClassSix, { session: admin });
    expect(await preview.json()).toMatchObject({ guardians: 40, texts: 39 });
    // Another guardian's row is not theirs to change; a teacher's neither.
    expect((await t.json(path, "PUT", { optOut: false }, { session: teacher })).status).toBe(403);
    expect((await t.json(path, "PUT", { optOut: false }, { session: admin })).status).toBe(200);
    const again = await t.json("/api/messages/preview", "POST", toClassSix, { session: admin });
    expect((await again.json()).texts).toBe(40);
  });

  it("names the field of a bad message (400), never a 500", async () => {
    const bad = await t.json("/api/messages", "POST", { ...toClassSix, text: "" }, { session: admin });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("text");
    const odd = await t.json(
      "/api/messages",
      "POST",
      { ...toClassSix, audience: { kind: "planet" } },
      { session: admin },
    );
    expect(odd.status).toBe(400);
  });
});
