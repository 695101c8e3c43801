// Daily attendance through the REST API, as a teacher's phone and a guardian see it: a class of
// 40 is present by default; three taps make three absent; the guardian sees their child absent
// and the month's figures; a teacher of another class is refused; a holiday and a weekly day off
// are refused with their reason; a day that has ended is locked for teachers, and an admin's
// change of it is in the audit trail; bad input is a 400 naming the field.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dhakaToday, weekdayOf, weekdays } from "../../common/schemas/routines";
import {
  auditEntries,
  enrolments,
  registerGuardians,
  registerStudents,
  routineSettings,
  schoolClasses,
  teachingAssignments,
  users,
} from "../../server/db/schema";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const run = promisify(execFile);
const today = dhakaToday();
const dayBefore = (date: string, days = 1) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const yesterday = dayBefore(today);
const tomorrow = (() => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
// The session that holds today and yesterday (a new year's first day: both years).
const session =
  yesterday.slice(0, 4) === today.slice(0, 4)
    ? today.slice(0, 4)
    : `${yesterday.slice(0, 4)}-${today.slice(0, 4)}`;

describe.each(testDatabases)("daily attendance on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let teacher: Session;
  let otherTeacher: Session;
  let guardian: Session;
  let otherGuardian: Session;
  /** Class Six A's children, by roll (1..40). */
  const children: string[] = [];
  let sevenChild = "";

  const sheet = (session: Session | undefined, query: Record<string, string>) =>
    t.request(
      `/api/attendance/sheet?${new URLSearchParams({ class: "Class Six", section: "A", ...query })}`,
      {
        session,
      },
    );
  const mark = (session: Session, body: Record<string, unknown>) =>
    t.json("/api/attendance/marks", "PUT", body, { session });
  const fieldsOf = async (response: Response) => Object.keys((await response.json()).error.fields ?? {});

  async function account(email: string, role: string) {
    const made = await t.signUp(email, "a-password-1", email.split("@")[0]);
    await t.services.db.update(users).set({ role }).where(eq(users.email, email));
    const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { session: made, id: row?.id ?? "" };
  }

  async function classId(name: string, sections: string[]) {
    const [row] = await t.services.db.select().from(schoolClasses).where(eq(schoolClasses.name, name));
    await t.services.db.update(schoolClasses).set({ sections }).where(eq(schoolClasses.name, name));
    return row?.id ?? "";
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    const db = t.services.db;
    // Every day a school day, and no holiday of the sample calendar: the tests run on any date.
    await db
      .insert(routineSettings)
      .values({ id: 1, days: [...weekdays] })
      .onConflictDoUpdate({
        target: routineSettings.id,
        set: { days: [...weekdays] },
      });
    await db.execute(sql`delete from events where category = 'holiday'`);
    const six = await classId("Class Six", ["A", "B"]);
    const seven = await classId("Class Seven", []);
    for (let roll = 1; roll <= 40; roll++) {
      const [child] = await db
        .insert(registerStudents)
        .values({ name: `Student ${roll}`, nameBn: `শিক্ষার্থী ${roll}` })
        .returning({ id: registerStudents.id });
      children.push(child?.id ?? "");
      await db.insert(enrolments).values({
        session,
        classId: six,
        section: "A",
        roll: String(roll),
        registration: String(600_000 + roll),
        name: `Student ${roll}`,
        registerStudentId: child?.id ?? "",
      });
    }
    const [other] = await db
      .insert(registerStudents)
      .values({ name: "Seventh" })
      .returning({ id: registerStudents.id });
    sevenChild = other?.id ?? "";
    await db.insert(enrolments).values({
      session,
      classId: seven,
      roll: "1",
      registration: "700001",
      name: "Seventh",
      registerStudentId: sevenChild,
    });
    const rahima = await account("rahima@school.test", "teacher");
    teacher = rahima.session;
    await db
      .insert(teachingAssignments)
      .values({ userId: rahima.id, session, classId: six, section: "A", subject: "Bangla" });
    const karim = await account("karim@school.test", "teacher");
    otherTeacher = karim.session;
    await db
      .insert(teachingAssignments)
      .values({ userId: karim.id, session, classId: seven, section: "", subject: "English" });
    const parent = await account("parent@school.test", "guardian");
    guardian = parent.session;
    await db
      .insert(registerGuardians)
      .values({ registerStudentId: children[2] ?? "", relation: "mother", userId: parent.id });
    otherGuardian = (await account("stranger@school.test", "guardian")).session;
  });
  afterAll(() => t?.close());

  it("shows a class of 40 all present by default, privately", async () => {
    const answer = await sheet(teacher, { date: today });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const body = await answer.json();
    expect(body).toMatchObject({
      class: "Class Six",
      section: "A",
      session,
      date: today,
      state: "open",
      changeable: true,
      counts: { present: 40, absent: 0, late: 0, leave: 0 },
    });
    expect(body.children).toHaveLength(40);
    expect(body.children[0]).toMatchObject({
      name: "Student 1",
      roll: "1",
      status: "present",
      marked: false,
    });
    expect(body.children.map((c: { roll: string }) => c.roll).slice(0, 11)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
    ]);
  });

  it("marks three absent with one request per tap; the sheet and the guardian's view show it", async () => {
    for (const i of [2, 9, 30]) {
      const answer = await mark(teacher, { child: children[i], date: today, status: "absent" });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(await answer.json()).toMatchObject({ child: children[i], status: "absent", changed: true });
    }
    // The same tap again (a retry after a dropped answer) changes nothing.
    const again = await mark(teacher, { child: children[2], date: today, status: "absent" });
    expect(await again.json()).toMatchObject({ changed: false });

    const after = await (await sheet(teacher, { date: today })).json();
    expect(after.counts).toEqual({ present: 37, absent: 3, late: 0, leave: 0 });
    expect(after.children[2]).toMatchObject({ status: "absent", marked: true });

    const seen = await t.request(`/api/attendance/children/${children[2]}`, { session: guardian });
    expect(seen.status, await seen.clone().text()).toBe(200);
    const report = await seen.json();
    expect(report.days.find((d: { date: string }) => d.date === today)).toMatchObject({
      kind: "school",
      status: "absent",
    });
    expect(report.totals.absent).toBe(1);
    expect(report.totals.days).toBeGreaterThanOrEqual(1);
    // Another family's guardian, and a child who does not exist: the same 404.
    const stranger = await t.request(`/api/attendance/children/${children[2]}`, { session: otherGuardian });
    const nobody = await t.request(`/api/attendance/children/${crypto.randomUUID()}`, { session: guardian });
    expect([stranger.status, nobody.status]).toEqual([404, 404]);
    expect((await stranger.json()).error.message).toBe((await nobody.json()).error.message);
  });

  it("saves a whole sheet in one request (the form without script)", async () => {
    const answer = await t.json(
      "/api/attendance/sheet",
      "PUT",
      {
        class: "class six",
        section: "a",
        date: today,
        marks: [
          { child: children[2], status: "absent" },
          { child: children[9], status: "late" },
          { child: children[30], status: "absent" },
          { child: children[31], status: "leave" },
        ],
      },
      { session: teacher },
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = await answer.json();
    expect(body.changed).toBe(2);
    expect(body.counts).toEqual({ present: 36, absent: 2, late: 1, leave: 1 });
  });

  it("refuses a teacher of another class (403) and a child they do not teach (404)", async () => {
    const refused = await sheet(otherTeacher, { date: today });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toContain("Class Six");
    const saved = await t.json(
      "/api/attendance/sheet",
      "PUT",
      { class: "Class Six", section: "A", date: today, marks: [{ child: children[0], status: "absent" }] },
      { session: otherTeacher },
    );
    expect(saved.status).toBe(403);
    expect((await mark(otherTeacher, { child: children[0], date: today, status: "absent" })).status).toBe(
      404,
    );
    expect((await mark(teacher, { child: sevenChild, date: today, status: "absent" })).status).toBe(404);
    // A guardian is no teacher at all.
    expect((await sheet(guardian, { date: today })).status).toBe(403);
    expect((await sheet(undefined, { date: today })).status).toBe(401);
  });

  it("refuses a holiday of the calendar and a weekly day off, naming why", async () => {
    const holiday = await t.json(
      "/api/events",
      "POST",
      { title: "Victory Day", start: yesterday, allDay: true, category: "holiday" },
      { session: admin },
    );
    expect(holiday.status, await holiday.clone().text()).toBe(201);
    const refused = await mark(admin, { child: children[0], date: yesterday, status: "absent" });
    expect(refused.status).toBe(409);
    const error = (await refused.json()).error;
    expect(error.message).toContain("holiday");
    expect(error.message).toContain("Victory Day");
    expect(error.fields).toHaveProperty("date");
    await t.services.db.execute(sql`delete from events where category = 'holiday'`);

    const dayOff = weekdayOf(yesterday);
    await t.services.db.update(routineSettings).set({ days: weekdays.filter((day) => day !== dayOff) });
    const off = await sheet(admin, { date: yesterday });
    expect(off.status).toBe(409);
    expect((await off.json()).error.message).toContain("weekly day off");
    await t.services.db.update(routineSettings).set({ days: [...weekdays] });
  });

  it("locks a day that has ended for teachers; an admin's change of it is in the audit trail", async () => {
    const locked = await mark(teacher, { child: children[5], date: yesterday, status: "absent" });
    expect(locked.status).toBe(403);
    expect((await locked.json()).error.message).toContain("locked");
    const read = await (await sheet(teacher, { date: yesterday })).json();
    expect(read).toMatchObject({ state: "locked", changeable: false });

    const changed = await mark(admin, { child: children[5], date: yesterday, status: "late" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const audited = await t.services.db
      .select({ label: auditEntries.label, actor: auditEntries.actorEmail })
      .from(auditEntries)
      .where(and(eq(auditEntries.subject, "child"), eq(auditEntries.subjectId, children[5] ?? "")));
    expect(audited).toEqual([
      {
        label: `Student 6: attendance of ${yesterday} present → late (locked day)`,
        actor: "head@school.test",
      },
    ]);
    // Today's taps by the teacher are not audited.
    const [{ count } = { count: -1 }] = await t.services.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, children[2] ?? ""));
    expect(count).toBe(0);
    // A day that has not begun takes nothing yet.
    const future = await mark(admin, { child: children[5], date: tomorrow, status: "absent" });
    expect(future.status).toBe(409);
  });

  it("gives a student's month and year, and a class's month with those below a threshold", async () => {
    const month = await (
      await t.request(`/api/attendance/children/${children[9]}?month=${today.slice(0, 7)}`, {
        session: admin,
      })
    ).json();
    expect(month.totals).toMatchObject({ late: 1, absent: 0 });
    const year = await (
      await t.request(`/api/attendance/children/${children[9]}?year=${today.slice(0, 4)}`, { session: admin })
    ).json();
    expect(year.months.length).toBeGreaterThanOrEqual(1);
    expect(year.totals.late).toBeGreaterThanOrEqual(1);

    const report = await t.request(
      `/api/attendance/classes/month?class=Class+Six&section=A&month=${today.slice(0, 7)}&below=100`,
      { session: teacher },
    );
    expect(report.status, await report.clone().text()).toBe(200);
    const body = await report.json();
    expect(body.children).toHaveLength(40);
    const below = body.belowThreshold.map((row: { name: string }) => row.name);
    expect(below).toContain("Student 3");
    expect(below).toContain("Student 31");
    expect(below).not.toContain("Student 1");
    const refused = await t.request(
      `/api/attendance/classes/month?class=Class+Six&section=A&month=${today.slice(0, 7)}`,
      { session: otherTeacher },
    );
    expect(refused.status).toBe(403);
  });

  it("prints the class's monthly register as an A4 landscape PDF, in English and in Bangla", async () => {
    const file = (session: Session | undefined, query: Record<string, string>) =>
      t.request(
        `/attendance/register.pdf?${new URLSearchParams({ class: "Class Six", section: "A", month: today.slice(0, 7), ...query })}`,
        { session },
      );
    const textOf = async (answer: Response) => {
      const folder = await mkdtemp(path.join(tmpdir(), "maktab-register-"));
      const pdf = path.join(folder, "register.pdf");
      await writeFile(pdf, new Uint8Array(await answer.arrayBuffer()));
      const [{ stdout: text }, { stdout: info }] = await Promise.all([
        run("pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"]),
        run("pdfinfo", [pdf]),
      ]);
      return { text: text.normalize("NFC"), info };
    };
    const english = await file(teacher, {});
    expect(english.status, await english.clone().text()).toBe(200);
    expect(english.headers.get("content-type")).toBe("application/pdf");
    expect(english.headers.get("cache-control")).toBe("private, no-store");
    const { text, info } = await textOf(english);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    expect(text).toContain("Monthly register");
    // Child 3 was marked absent today: their row carries an A under today's date.
    const row = text.split("\n").find((line) => line.includes("3. Student 3 "));
    expect(row, text).toMatch(/\bA\b/);
    expect(text).toContain("40. Student 40");

    const bangla = await textOf(await file(teacher, { lang: "bn" }));
    expect(bangla.text).toContain("মাসিক হাজিরা খাতা");
    expect(bangla.text).toContain("৩. Student 3");

    expect((await file(undefined, {})).status).toBe(401);
    expect((await file(otherTeacher, {})).status).toBe(403);
    const bad = await file(teacher, { month: "2026-13" });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toEqual(["month"]);
  });

  it("answers bad input with a 400 naming the field, odd Unicode and numbers at the edges included", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ child: children[0], date: today, status: "ABSENT" }, "status"],
      [{ child: children[0], date: today, status: "absent\u200b" }, "status"],
      [{ child: children[0], date: today, status: "অনুপস্থিত" }, "status"],
      [{ child: children[0], date: "2026-02-30", status: "absent" }, "date"],
      [{ child: children[0], date: "29/11/2026", status: "absent" }, "date"],
      [{ child: children[0], date: "\u{1F600}", status: "absent" }, "date"],
      [{ child: "not-a-uuid", date: today, status: "absent" }, "child"],
      [{ child: children[0], date: today, status: "absent", period: 13 }, "period"],
      [{ child: children[0], date: today, status: "absent", period: -1 }, "period"],
      [{ child: children[0], date: today, status: "absent", period: 1.5 }, "period"],
      [{ child: children[0], date: today, status: "absent", period: 1e308 }, "period"],
      [{ child: children[0], date: today, status: "absent", extra: 1 }, "extra"],
    ];
    for (const [body, field] of cases) {
      const answer = await mark(teacher, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(answer), JSON.stringify(body)).toContain(field);
    }
    // Bangla digits are read as digits.
    const bangla = await mark(teacher, {
      child: children[0],
      date: today.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)] ?? d),
      status: "present",
      period: "০",
    });
    expect(bangla.status, await bangla.clone().text()).toBe(200);
    const unknownClass = await sheet(teacher, { class: "Class Six\u0301", date: today });
    expect(unknownClass.status).toBe(400);
    expect(await fieldsOf(unknownClass)).toContain("class");
    const badSection = await sheet(teacher, { section: "Z", date: today });
    expect(badSection.status).toBe(400);
    expect(await fieldsOf(badSection)).toContain("section");
    const foreign = await t.json(
      "/api/attendance/sheet",
      "PUT",
      { class: "Class Six", section: "A", date: today, marks: [{ child: sevenChild, status: "absent" }] },
      { session: teacher },
    );
    expect(foreign.status).toBe(400);
    expect(await fieldsOf(foreign)).toContain("marks.0.child");
    const badMonth = await t.request(`/api/attendance/children/${children[2]}?month=2026-13`, {
      session: guardian,
    });
    expect(badMonth.status).toBe(400);
    expect(await fieldsOf(badMonth)).toContain("month");
  });

  it("takes leave asked by a guardian and approved by the class's teacher, marking the day leave", async () => {
    const ask = (session: Session, body: Record<string, unknown>, child = children[2]) =>
      t.json(`/api/attendance/children/${child}/leave`, "POST", body, { session });
    const refusals: [Record<string, unknown>, string][] = [
      [{ from: yesterday, to: today, reason: "Fever" }, "from"],
      [{ from: today, to: yesterday, reason: "Fever" }, "to"],
      [{ from: today, to: "2999-01-01", reason: "Fever" }, "to"],
      [{ from: today, to: today, reason: "   " }, "reason"],
      [{ from: today, to: today, reason: "ক".repeat(501) }, "reason"],
    ];
    for (const [body, field] of refusals) {
      const refused = await ask(guardian, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(refused), JSON.stringify(body)).toContain(field);
    }
    expect((await ask(otherGuardian, { from: today, to: today, reason: "Fever" })).status).toBe(404);
    const asked = await ask(guardian, { from: today, to: today, reason: "জ্বর (fever)" });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = await asked.json();
    expect(request).toMatchObject({ child: children[2], from: today, to: today, status: "requested" });

    const listed = async (session: Session) =>
      ((await (await t.request("/api/attendance/leave", { session })).json()) as { id: string }[]).map(
        (one) => one.id,
      );
    expect(await listed(teacher)).toContain(request.id);
    expect(await listed(guardian)).toContain(request.id);
    expect(await listed(otherTeacher)).not.toContain(request.id);
    expect(await listed(otherGuardian)).not.toContain(request.id);

    const decide = (session: Session, status: string) =>
      t.json(`/api/attendance/leave/${request.id}`, "PUT", { status }, { session });
    expect((await decide(otherTeacher, "approved")).status).toBe(404);
    expect((await decide(guardian, "approved")).status).toBe(403);
    const bad = await decide(teacher, "maybe");
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toContain("status");
    const approved = await decide(teacher, "approved");
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "approved", marked: 1 });
    expect((await decide(teacher, "refused")).status).toBe(409);

    const sheetNow = await (await sheet(teacher, { date: today })).json();
    expect(sheetNow.children[2]).toMatchObject({ status: "leave" });
    const seen = await (
      await t.request(`/api/attendance/children/${children[2]}`, { session: guardian })
    ).json();
    expect(seen.days.find((d: { date: string }) => d.date === today)).toMatchObject({ status: "leave" });
  });
});
