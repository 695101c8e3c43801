// Absence texts (issue 37 item 3): a class of 40 with three children absent for the day gets
// exactly three Bangla texts queued at the time the school set, one per guardian with a number;
// nothing before that time or while they are off; running the job again queues nothing more; a
// guardian who opted out gets none; a child marked absent then present before the time gets none;
// a server killed while sending them sends no one a second text after it starts again.
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dhakaToday, weekdays } from "../../common/schemas/routines";
import { formatDayMonth } from "../../i18n/format";
import {
  enrolments,
  messageRecipients,
  registerGuardians,
  registerStudents,
  routineSettings,
  schoolClasses,
  users,
} from "../../server/db/schema";
import { queueAbsenceTexts, sendMomentOf } from "../../server/domain/messages/absence-texts";
import { guardianText } from "../../server/domain/messages/guardian-texts";
import { claimDue } from "../../server/domain/messages/queue";
import { queueDeps } from "../../server/messages/queue-job";
import { runMessageQueue } from "../../server/messages/send-queue";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const today = dhakaToday();
const session = today.slice(0, 4);
const phoneOf = (roll: number) => `+8801711${String(100_000 + roll).slice(-6)}`;

describe.each(testDatabases)("absence texts on %s", (kind) => {
  let t: TestApp;
  let fake: FakeSmsNetBd;
  let admin: Session;
  let teacher: Session;
  /** Class Six's children by roll - 1, and each one's guardian. */
  const children: string[] = [];
  const guardians: string[] = [];
  const sendTime = () => sendMomentOf(today, "11:00");
  const afterSendTime = () => new Date(sendTime().getTime() + 60_000);
  const absenceRows = () =>
    t.services.db.select().from(messageRecipients).where(like(messageRecipients.dedupeKey, "absence:%"));
  const mark = (roll: number, status: string) =>
    t.json(
      "/api/attendance/marks",
      "PUT",
      { child: children[roll - 1], date: today, status },
      { session: admin },
    );

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    t = await createTestApp(kind, {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      SMS_NET_BD_API_KEY: fake.apiKey,
      SMS_NET_BD_API_URL: fake.url,
      SMS_RATE_PER_SECOND: "1000",
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    teacher = await t.signUp("rahima@school.test", "a-password-1", "Rahima");
    const db = t.services.db;
    await db.update(users).set({ role: "teacher" }).where(eq(users.email, "rahima@school.test"));
    // Every day a school day, and no holiday: the test runs on any date.
    await db
      .insert(routineSettings)
      .values({ id: 1, days: [...weekdays] })
      .onConflictDoUpdate({ target: routineSettings.id, set: { days: [...weekdays] } });
    await db.execute(sql`delete from events where category = 'holiday'`);
    const [six] = await db.select().from(schoolClasses).where(eq(schoolClasses.name, "Class Six"));
    for (let roll = 1; roll <= 40; roll++) {
      const [child] = await db
        .insert(registerStudents)
        .values({ name: `Student ${roll}`, nameBn: `শিক্ষার্থী ${roll}` })
        .returning({ id: registerStudents.id });
      children.push(child?.id ?? "");
      await db.insert(enrolments).values({
        session,
        classId: six?.id ?? "",
        roll: String(roll),
        registration: String(600_000 + roll),
        name: `Student ${roll}`,
        registerStudentId: child?.id ?? "",
      });
      const [guardian] = await db
        .insert(registerGuardians)
        .values({ registerStudentId: child?.id ?? "", relation: "mother", phone: phoneOf(roll) })
        .returning({ id: registerGuardians.id });
      guardians.push(guardian?.id ?? "");
    }
    // Child 1 has a father too, without a number: no text for him.
    await db.insert(registerGuardians).values({ registerStudentId: children[0] ?? "", relation: "father" });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("lets only an admin set the time, refusing a time that is not one by name", async () => {
    expect(await (await t.request("/api/messages/absence-texts", { session: admin })).json()).toEqual({
      enabled: false,
      sendAt: "11:00",
    });
    const put = (who: Session, body: unknown) =>
      t.json("/api/messages/absence-texts", "PUT", body, { session: who });
    expect((await put(teacher, { enabled: true, sendAt: "11:00" })).status).toBe(403);
    const bad = await put(admin, { enabled: true, sendAt: "25:00" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["sendAt"]);
  });

  it("queues nothing while they are off, even after the time", async () => {
    for (const roll of [1, 2, 3]) expect((await mark(roll, "absent")).status).toBe(200);
    expect(await queueAbsenceTexts(t.services.db, afterSendTime())).toEqual({ queued: 0 });
    expect(await absenceRows()).toEqual([]);
  });

  it("queues nothing before the send time", async () => {
    const saved = await t.json(
      "/api/messages/absence-texts",
      "PUT",
      { enabled: true, sendAt: "11:00" },
      { session: admin },
    );
    expect(saved.status).toBe(200);
    expect(await queueAbsenceTexts(t.services.db, new Date(sendTime().getTime() - 60_000))).toEqual({
      queued: 0,
    });
    expect(await absenceRows()).toEqual([]);
  });

  it("refuses a guardian's texts choice that names nothing, or a language it does not write", async () => {
    const put = (body: unknown) =>
      t.json(`/api/register/guardians/${guardians[2]}/texts`, "PUT", body, { session: admin });
    for (const [body, field] of [
      [{}, "optOut"],
      [{ language: "fr" }, "language"],
      [{ optOut: "yes" }, "optOut"],
    ] as const) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await refused.json()).error.fields)).toEqual([field]);
    }
    const other = await t.json(
      `/api/register/guardians/${guardians[2]}/texts`,
      "PUT",
      { language: "en" },
      { session: teacher },
    );
    expect(other.status).toBe(403);
  });

  it("queues one text per absent child's guardian at the send time, in the guardian's language, none for an opted-out guardian or a child marked present", async () => {
    // Child 4 is marked absent, then present before the time; child 5 late; child 6 absent, but
    // the guardian stopped the school's texts.
    expect((await mark(4, "absent")).status).toBe(200);
    expect((await mark(4, "present")).status).toBe(200);
    expect((await mark(5, "late")).status).toBe(200);
    expect((await mark(6, "absent")).status).toBe(200);
    const optOut = await t.json(
      `/api/register/guardians/${guardians[5]}/texts`,
      "PUT",
      { optOut: true },
      { session: admin },
    );
    expect(optOut.status).toBe(200);
    // Child 3's guardian reads English.
    const english = await t.json(
      `/api/register/guardians/${guardians[2]}/texts`,
      "PUT",
      { language: "en" },
      { session: admin },
    );
    expect(await english.json()).toEqual({ optOut: false, language: "en" });

    expect(await queueAbsenceTexts(t.services.db, afterSendTime())).toEqual({ queued: 3 });
    const rows = await absenceRows();
    expect(rows.map((r) => r.address).sort()).toEqual([phoneOf(1), phoneOf(2), phoneOf(3)]);
    const date = formatDayMonth(today, "bn-BD");
    expect(date).toMatch(/^[০-৯]+ \S+$/);
    const one = rows.find((r) => r.address === phoneOf(1));
    expect(one).toMatchObject({
      language: "bn",
      state: "queued",
      body: `আজ ${date} আপনার সন্তান শিক্ষার্থী 1 বিদ্যালয়ে অনুপস্থিত।`,
      dedupeKey: `absence:${children[0]}:${guardians[0]}:${today}`,
    });
    expect(rows.find((r) => r.address === phoneOf(3))).toMatchObject({
      language: "en",
      body: `Today, ${formatDayMonth(today, "en-GB")}, your child Student 3 is absent from school.`,
    });

    // The job again (or in a second process): nothing more.
    expect(await queueAbsenceTexts(t.services.db, afterSendTime())).toEqual({ queued: 0 });
    expect(await queueAbsenceTexts(t.services.db, new Date(afterSendTime().getTime() + 3_600_000))).toEqual({
      queued: 0,
    });
    expect(await absenceRows()).toHaveLength(3);
  });

  it("sends no one a second text when the server is killed while sending and starts again", async () => {
    // The sender claims one text (committed "sending"), the gateway takes it, and the server is
    // killed before it records that.
    const [claimed] = await claimDue(t.services.db, 1);
    expect(claimed?.dedupeKey).toMatch(/^absence:/);
    await t.services.smsGateway.send({ to: claimed?.address ?? "", text: claimed?.body ?? "" });

    // The server starts again: the absence job and the queue run, twice.
    for (let run = 0; run < 2; run++) {
      expect(await queueAbsenceTexts(t.services.db, afterSendTime())).toEqual({ queued: 0 });
      await runMessageQueue(queueDeps(t.services));
    }
    const perPhone = new Map<string, number>();
    for (const sms of fake.sent) perPhone.set(`+${sms.to}`, (perPhone.get(`+${sms.to}`) ?? 0) + 1);
    expect(Object.fromEntries(perPhone)).toEqual({ [phoneOf(1)]: 1, [phoneOf(2)]: 1, [phoneOf(3)]: 1 });
    const states = (await absenceRows()).map((r) => r.state).sort();
    expect(states).toEqual(["sent", "sent", "unknown"]);
    for (const sms of fake.sent)
      expect(sms.msg).toContain(`+${sms.to}` === phoneOf(3) ? "absent from school" : "বিদ্যালয়ে অনুপস্থিত");
  });

  it("sends a text whose state is unknown again only when an admin says so, once, in the audit trail", async () => {
    const [unknown] = (await absenceRows()).filter((r) => r.state === "unknown");
    expect(unknown).toBeDefined();
    const path = `/api/messages/${unknown?.messageId}/send-unknown-again`;
    expect((await t.json(path, "POST", {}, { session: teacher })).status).toBe(403);
    const again = await t.json(path, "POST", {}, { session: admin });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ queued: 1 });
    await runMessageQueue(queueDeps(t.services));
    expect((await absenceRows()).map((r) => r.state).sort()).toEqual(["sent", "sent", "sent"]);
    expect(fake.sent.filter((sms) => `+${sms.to}` === unknown?.address)).toHaveLength(2);
    // Nothing more is unknown: asking again queues nothing.
    expect(await (await t.json(path, "POST", {}, { session: admin })).json()).toEqual({ queued: 0 });
    const trail = await t.request("/api/audit?subject=message", { session: admin });
    expect(JSON.stringify(await trail.json())).toContain(
      "Sent again to 1 recipient(s) whose state was unknown",
    );
  });

  it("writes the English text with the day and month", () => {
    expect(
      guardianText("en", "messages.absence.text", {
        date: formatDayMonth("2026-11-29", "en-GB"),
        name: "Karim",
      }),
    ).toBe("Today, 29 November, your child Karim is absent from school.");
    expect(
      guardianText("bn", "messages.absence.text", {
        date: formatDayMonth("2026-11-29", "bn-BD"),
        name: "করিম",
      }),
    ).toBe("আজ ২৯ নভেম্বর আপনার সন্তান করিম বিদ্যালয়ে অনুপস্থিত।");
  });
});
