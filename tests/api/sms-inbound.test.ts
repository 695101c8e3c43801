// Results by text (docs/messages.md): the gateway posts an incoming "RESULT <roll> <registration>"
// to /api/sms/inbound with the shared secret, and the queue texts back the latest published
// exam's GPA and result in the question's language. A wrong pair answers exactly as an unknown
// one; a bad secret is 401; each number is rate limited (429 with Retry-After); odd bodies are
// answered with a 2xx or a 4xx, never a 500.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  enrolments,
  examResults,
  exams,
  rateLimits,
  registerStudents,
  schoolClasses,
} from "../../server/db/schema";
import { queueDeps } from "../../server/messages/queue-job";
import { runMessageQueue } from "../../server/messages/send-queue";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const secret = "inbound-secret-0123456789abcdef";

describe.each(testDatabases)("results by text on %s", (kind) => {
  let t: TestApp;
  let fake: FakeSmsNetBd;
  let numbers = 0;
  const number = () => `0171${String(2_000_000 + ++numbers)}`;

  const incoming = (body: unknown, init: { secret?: string | null; form?: boolean } = {}) => {
    const headers: Record<string, string> = {
      "content-type": init.form ? "application/x-www-form-urlencoded" : "application/json",
    };
    if (init.secret !== null) headers["x-sms-secret"] = init.secret ?? secret;
    return t.app.request("http://localhost:3000/api/sms/inbound", {
      method: "POST",
      headers,
      body: init.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
  };
  /** Sends the queue and returns the text that went to this number. */
  const replyFor = async (from: string) => {
    await runMessageQueue(queueDeps(t.services));
    return fake.sent.filter((sms) => sms.to === `88${from}`).map((sms) => sms.msg);
  };

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    t = await createTestApp(kind, {
      SMS_NET_BD_API_KEY: fake.apiKey,
      SMS_NET_BD_API_URL: fake.url,
      SMS_RATE_PER_SECOND: "1000",
      SMS_INBOUND_SECRET: secret,
      INSTITUTE_NAME: "Maktab",
    });
    const db = t.services.db;
    await db.insert(schoolClasses).values({ name: "Class Nine" }).onConflictDoNothing();
    const [nine] = await db.select().from(schoolClasses).where(eq(schoolClasses.name, "Class Nine"));
    const [child] = await db.insert(registerStudents).values({ name: "Rahim Uddin" }).returning();
    const [enrolment] = await db
      .insert(enrolments)
      .values({
        session: "2026",
        classId: nine?.id ?? "",
        roll: "1234",
        registration: "5678901234",
        name: "Rahim Uddin",
        registerStudentId: child?.id ?? "",
      })
      .returning();
    const exam = async (name: string, publishAt: Date | null, gpa: number, passed: boolean) => {
      const [made] = await db
        .insert(exams)
        .values({ name, session: "2026", classId: nine?.id ?? "", scheme: {} as never, publishAt })
        .returning();
      await db.insert(examResults).values({
        examId: made?.id ?? "",
        enrolmentId: enrolment?.id ?? "",
        roll: "1234",
        registration: "5678901234",
        passed,
        gpaHundredths: gpa,
        totalMarks: 800,
        marksheet: { student: "Rahim Uddin" } as never,
      });
    };
    await exam("Half-yearly", new Date(Date.now() - 60 * 86_400_000), 350, true);
    await exam("Annual", new Date(Date.now() - 86_400_000), 483, true);
    // Not published yet: never told.
    await exam("Test exam", null, 200, false);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await t.services.db.delete(rateLimits);
  });

  it("answers RESULT <roll> <registration> with the latest published exam's GPA, in English", async () => {
    const from = number();
    const response = await incoming({ from, text: "RESULT 1234 5678901234" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await replyFor(from)).toEqual(["Maktab: Rahim Uddin, roll 1234, Annual: GPA 4.83, passed."]);
  });

  it("answers a question in Bangla (words and digits) in Bangla, from a form body too", async () => {
    const from = number();
    const response = await incoming({ from, text: "ফল ১২৩৪ ৫৬৭৮৯০১২৩৪" }, { form: true });
    expect(response.status).toBe(200);
    expect(await replyFor(from)).toEqual(["Maktab: Rahim Uddin, রোল ১২৩৪, Annual: জিপিএ ৪.৮৩, উত্তীর্ণ।"]);
  });

  it("answers a wrong pair exactly as an unknown one", async () => {
    const asks = ["RESULT 1234 5678900000", "RESULT 9999 5678901234", "RESULT 4321 1111111111"];
    const answers: string[] = [];
    const replies: string[][] = [];
    for (const text of asks) {
      const from = number();
      const response = await incoming({ from, text });
      answers.push(`${response.status} ${await response.text()}`);
      replies.push(await replyFor(from));
    }
    expect(new Set(answers).size).toBe(1);
    expect(replies[0]).toEqual(["Maktab: no published result matches this roll and registration number."]);
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
  });

  it("answers a delivery of the same incoming text (by the gateway's id) once", async () => {
    const from = number();
    await incoming({ from, text: "RESULT 1234 5678901234", id: "in-77" });
    await incoming({ from, text: "RESULT 1234 5678901234", id: "in-77" });
    expect(await replyFor(from)).toHaveLength(1);
  });

  it("refuses a missing or wrong secret with 401 and queues nothing", async () => {
    const from = number();
    expect((await incoming({ from, text: "RESULT 1234 5678901234" }, { secret: null })).status).toBe(401);
    expect((await incoming({ from, text: "RESULT 1234 5678901234" }, { secret: `${secret}x` })).status).toBe(
      401,
    );
    expect((await incoming({ from, text: "RESULT 1234 5678901234" }, { secret: "wrong" })).status).toBe(401);
    expect(await replyFor(from)).toEqual([]);
  });

  it("limits each number: the sixth question in ten minutes is 429 with Retry-After; another number goes on", async () => {
    const from = number();
    for (let i = 0; i < 5; i++) expect((await incoming({ from, text: `RESULT 1 ${i}` })).status).toBe(200);
    const refused = await incoming({ from, text: "RESULT 1234 5678901234" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await incoming({ from: number(), text: "RESULT 1 2" })).status).toBe(200);
  });

  it("answers odd bodies with a 2xx or a 4xx, never a 500", async () => {
    const odd = [
      "",
      " ",
      "RESULT",
      "RESULT 1234",
      "result\u00a01234\u20035678901234",
      "RESULT 1234 5678901234\u200b",
      "\u202eRESULT 1234 5678901234",
      "RESULT 𝟏𝟐𝟑𝟒 𝟓𝟔𝟕𝟖𝟗𝟎𝟏𝟐𝟑𝟒",
      "RESULT ١٢٣٤ ٥٦٧٨٩٠١٢٣٤",
      "RESULT 1234 5678901234 ".repeat(40),
      "\u0000\u0001\u0007",
      "\ud800",
      "👨‍👩‍👧‍👦 RESULT 1234 5678901234",
      "ফ\u09cdল ১২৩৪",
      "RESULT 1".padEnd(1001, "9"),
    ];
    const bodies: unknown[] = [
      ...odd.map((text) => ({ from: number(), text })),
      { from: "not a number", text: "RESULT 1234 5678901234" },
      { from: "\ud83d", text: "RESULT" },
      { from: 17, text: "RESULT 1234 5678901234" },
      { from: number() },
      { text: "RESULT 1234 5678901234" },
      [],
      "RESULT",
      null,
      { from: number(), text: ["RESULT"] },
      { from: number(), text: "RESULT 1 2", id: "x".repeat(101) },
    ];
    const statuses: number[] = [];
    for (const body of bodies) {
      const response = await incoming(body);
      statuses.push(response.status);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      if (response.status >= 400) expect((await response.json()).error?.message).toBeTruthy();
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
    expect(statuses).toContain(400);
    const raw = await t.app.request("http://localhost:3000/api/sms/inbound", {
      method: "POST",
      headers: { "content-type": "application/json", "x-sms-secret": secret },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    const plain = await t.app.request("http://localhost:3000/api/sms/inbound", {
      method: "POST",
      headers: { "content-type": "text/plain", "x-sms-secret": secret },
      body: "RESULT 1234 5678901234",
    });
    expect(plain.status).toBe(415);
    // The queue sends the usage and unknown replies without failing.
    const report = await runMessageQueue(queueDeps(t.services));
    expect(report.unknown).toBe(0);
  });
});
