// Guardians and their children through the REST API, as clients see it: a guardian links a child
// with the registration number and the code texted to the guardian phone on the register (read
// from the SMS outbox); wrong, expired and void codes; the same answer for a number not on the
// register; the limits; another family's child is 404; marksheets only once published; unlinking;
// an admin's link of a guardian row to an account.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditEntries,
  enrolments,
  rateLimits,
  registerGuardians,
  registerStudents,
  users,
  verifications,
} from "../../server/db/schema";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const exam = {
  name: "Half-yearly",
  session: "2026",
  class: "Class Six",
  subjects: [{ code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] }],
};
// roll, registration, name
const pupils = [
  ["1", "2026600001", "Ayesha Siddika"],
  ["2", "2026600002", "Rahim Uddin"],
  ["3", "2026600003", "Karim Hossain"],
  ["4", "2026600004", "Nusrat Jahan"],
] as const;

/** The messages in the outbox, oldest first. */
async function outbox(dataDir: string): Promise<{ to: string; text: string }[]> {
  const dir = path.join(dataDir, "outbox", "sms");
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8"))));
}

/** The code in the newest message to this phone, waiting for it (messages go out after the answer). */
async function codeTo(dataDir: string, phone: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await outbox(dataDir)).filter((message) => message.to === phone);
    const text = messages.at(-1)?.text;
    if (text) return text.match(/\b(\d{6})\b/)?.[1] ?? "";
    if (Date.now() > deadline) throw new Error(`no text message to ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe.each(testDatabases)("guardians and children on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let examId: string;
  let accounts = 0;
  let addresses = 0;
  let phones = 0;
  const logged: string[] = [];
  /** Child id by registration number. */
  const childOf = new Map<string, string>();

  const newAccount = () =>
    t.signUp(`parent-${++accounts}@school.test`, "parent-password-1", `Parent ${accounts}`);
  const nextPhone = () => `+88017100${String(++phones).padStart(5, "0")}`;
  const ip = () => ({ "x-forwarded-for": `203.0.113.${++addresses % 250}` });
  const ask = (session: Session | undefined, registration: string, headers = ip()) =>
    t.json("/api/family/codes", "POST", { registration }, { session, headers });
  const confirm = (session: Session | undefined, registration: string, code: string) =>
    t.json("/api/family/children", "POST", { registration, code }, { session, headers: ip() });
  const view = (session: Session | undefined, id: string) =>
    t.request(`/api/family/children/${id}`, { session });

  /** A guardian row on the register for the child of this registration, with a phone of its own. */
  async function guardian(registration: string, relation: "father" | "mother" | "guardian" = "father") {
    const phone = nextPhone();
    const [row] = await t.services.db
      .insert(registerGuardians)
      .values({
        registerStudentId: childOf.get(registration) ?? "",
        name: `${relation} of ${registration}`,
        relation,
        phone,
      })
      .returning({ id: registerGuardians.id });
    return { id: row?.id ?? "", phone };
  }

  /** Links the account to the child by the code sent to this guardian's phone. */
  async function linkByCode(session: Session, registration: string, phone: string) {
    expect((await ask(session, registration)).status).toBe(202);
    const answer = await confirm(session, registration, await codeTo(t.config.dataDir, phone));
    expect(answer.status, await answer.clone().text()).toBe(200);
    return answer.json();
  }

  const roleOf = async (session: Session) =>
    (await t.services.db.select({ role: users.role }).from(users).where(eq(users.email, session.email)))[0]
      ?.role;

  beforeAll(async () => {
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    );
    t = await createTestApp(
      kind,
      { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1", TRUST_PROXY: "on" },
      {},
      { logger },
    );
    admin = await t.signIn("head@school.test", "head-password-1");
    const created = await t.json("/api/results/exams", "POST", exam, { session: admin });
    expect(created.status).toBe(201);
    examId = (await created.json())._id;
    const form = new FormData();
    const csv = ["roll,registration,name", ...pupils.map((pupil) => pupil.join(","))].join("\r\n");
    form.set("file", new File([csv], "class-six.csv", { type: "text/csv" }));
    const imported = await t.request(`/api/results/exams/${examId}/marks`, {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    const marks = grid.students.map((student: { enrolment: string }, index: number) => ({
      enrolment: student.enrolment,
      subject: "101",
      component: "written",
      score: 60 + index,
    }));
    expect(
      (await t.json(`/api/results/exams/${examId}/marks`, "PATCH", { marks }, { session: admin })).status,
    ).toBe(200);
    const rows = await t.services.db
      .select({ registration: enrolments.registration, child: enrolments.registerStudentId })
      .from(enrolments);
    for (const row of rows) childOf.set(row.registration, row.child);
  });
  afterAll(() => t?.close());
  // Each test counts its own requests against the limits (but the test of the limits).
  beforeEach(async () => {
    await t.services.db.delete(rateLimits);
  });

  it("links a guardian by the registration number and the code texted to the register's phone", async () => {
    const parent = await newAccount();
    const registration = pupils[0][1];
    const father = await guardian(registration, "father");
    const asked = await ask(parent, registration);
    expect(asked.status).toBe(202);
    expect(asked.headers.get("cache-control")).toMatch(/private.*no-store/);
    expect(await asked.json()).toEqual({ requested: true, registration, expiresInSeconds: 300 });
    const code = await codeTo(t.config.dataDir, father.phone);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, under an identifier of our own; never written to the log.
    const [stored] = await t.services.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(like(verifications.identifier, "guardian-link:%"));
    expect(stored?.value).not.toContain(code);

    const linked = await confirm(parent, registration, code);
    expect(linked.status, await linked.clone().text()).toBe(200);
    expect(await linked.json()).toEqual({
      id: childOf.get(registration),
      name: "Ayesha Siddika",
      relation: "father",
    });
    expect(await roleOf(parent)).toBe("guardian");
    const [row] = await t.services.db
      .select({ userId: registerGuardians.userId })
      .from(registerGuardians)
      .where(eq(registerGuardians.id, father.id));
    expect(row?.userId).toBeTruthy();
    const audit = await t.services.db
      .select({ label: auditEntries.label })
      .from(auditEntries)
      .where(and(eq(auditEntries.actorEmail, parent.email), eq(auditEntries.subject, "user")));
    expect(audit.map((entry) => entry.label).join()).toContain("father of Ayesha Siddika");

    const list = await t.request("/api/family/children", { session: parent });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      {
        id: childOf.get(registration),
        name: "Ayesha Siddika",
        nameBn: "",
        photoUrl: null,
        relation: "father",
        enrolment: {
          session: "2026",
          classId: expect.any(String),
          className: "Class Six",
          section: null,
          roll: "1",
          registration,
        },
      },
    ]);
    // Used up: the same code links nothing again.
    expect((await (await confirm(parent, registration, code)).json()).error.key).toBe("family.noCode");
    expect(logged.join("")).not.toContain(code);
  });

  it("sends one code per guardian row: the code given tells which guardian the account becomes", async () => {
    const registration = pupils[1][1];
    const father = await guardian(registration, "father");
    const mother = await guardian(registration, "mother");
    const parent = await newAccount();
    expect((await ask(parent, registration)).status).toBe(202);
    const [fatherCode, motherCode] = [
      await codeTo(t.config.dataDir, father.phone),
      await codeTo(t.config.dataDir, mother.phone),
    ];
    expect(fatherCode).not.toBe(motherCode);
    const linked = await confirm(parent, registration, motherCode);
    expect((await linked.json()).relation).toBe("mother");
    const rows = await t.services.db
      .select({ id: registerGuardians.id, userId: registerGuardians.userId })
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, childOf.get(registration) ?? ""));
    expect(rows.find((row) => row.id === mother.id)?.userId).toBeTruthy();
    expect(rows.find((row) => row.id === father.id)?.userId).toBeNull();
  });

  it("voids the code after three wrong tries, even for the right code", async () => {
    const registration = pupils[2][1];
    const father = await guardian(registration);
    const parent = await newAccount();
    await ask(parent, registration);
    const code = await codeTo(t.config.dataDir, father.phone);
    const keys: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await confirm(parent, registration, otherCode(code));
      expect(wrong.status).toBe(400);
      const body = await wrong.json();
      expect(body.error.fields).toHaveProperty("code");
      keys.push(body.error.key);
    }
    expect(keys).toEqual(["family.codeWrong", "family.codeWrong", "family.codeVoid"]);
    const late = await confirm(parent, registration, code);
    expect(late.status).toBe(400);
    expect((await late.json()).error.key).toBe("family.noCode");
    expect(await (await t.request("/api/family/children", { session: parent })).json()).toEqual([]);
    expect(await roleOf(parent)).toBe("user");
  });

  it("refuses an expired code", async () => {
    const registration = pupils[2][1];
    const father = await guardian(registration);
    const parent = await newAccount();
    await ask(parent, registration);
    const code = await codeTo(t.config.dataDir, father.phone);
    // Five minutes have passed.
    await t.services.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, "guardian-link:%"));
    const answer = await confirm(parent, registration, code);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.key).toBe("family.codeExpired");
    expect(await (await t.request("/api/family/children", { session: parent })).json()).toEqual([]);
  });

  it("answers the same for a number not on the register, and texts nobody", async () => {
    const parent = await newAccount();
    const father = await guardian(pupils[3][1]);
    const known = await ask(parent, pupils[3][1]);
    await codeTo(t.config.dataDir, father.phone);
    const before = (await outbox(t.config.dataDir)).length;
    const unknown = await ask(parent, "2026999999");
    expect(unknown.status).toBe(known.status);
    const { registration: _, ...knownRest } = await known.json();
    const { registration: asked, ...unknownRest } = await unknown.json();
    expect(asked).toBe("2026999999");
    expect(unknownRest).toEqual(knownRest);
    expect(Object.fromEntries(unknown.headers)).toMatchObject({ "cache-control": "private, no-store" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox(t.config.dataDir)).length).toBe(before);
    // And its code is "wrong" like any other wrong code.
    const guessed = await confirm(parent, "2026999999", "123456");
    expect(guessed.status).toBe(400);
    expect((await guessed.json()).error.key).toBe("family.codeWrong");
  });

  it("refuses a registration number of the wrong form, naming the field", async () => {
    const parent = await newAccount();
    const answer = await ask(parent, "12ab");
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.fields).toHaveProperty("registration");
    const code = await confirm(parent, pupils[0][1], "12");
    expect(code.status).toBe(400);
    expect((await code.json()).error.fields).toHaveProperty("code");
  });

  it("limits the codes asked for per account and per address (429 with Retry-After)", async () => {
    const parent = await newAccount();
    for (let i = 0; i < 5; i++) expect((await ask(parent, `70000${i}`)).status).toBe(202);
    const refused = await ask(parent, "700009");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.key).toBe("limit.guardianCodes");

    await t.services.db.delete(rateLimits);
    const address = { "x-forwarded-for": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask(await newAccount(), `71000${i}`, address)).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);

    // And per registration number, whether it is on the register or not.
    await t.services.db.delete(rateLimits);
    const perNumber: number[] = [];
    for (let i = 0; i < 4; i++) perNumber.push((await ask(await newAccount(), "7200001")).status);
    expect(perNumber).toEqual([202, 202, 202, 429]);
  });

  it("lets nobody see or unlink another family's child: 404, as for a child who does not exist", async () => {
    const registration = pupils[0][1];
    const father = await guardian(registration);
    const parent = await newAccount();
    await linkByCode(parent, registration, father.phone);
    const stranger = await newAccount();
    const child = childOf.get(registration) ?? "";
    const theirs = await view(stranger, child);
    const none = await view(stranger, "00000000-0000-4000-8000-000000000000");
    const notAnId = await view(stranger, "not-an-id");
    expect([theirs.status, none.status, notAnId.status]).toEqual([404, 404, 404]);
    const [a, b] = [await theirs.json(), await none.json()];
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).not.toContain("Ayesha");
    expect(
      (await t.request(`/api/family/children/${child}`, { method: "DELETE", session: stranger })).status,
    ).toBe(404);
    expect((await view(undefined, child)).status).toBe(401);
    expect((await t.request("/api/family/children")).status).toBe(401);
    expect((await ask(undefined, registration)).status).toBe(401);
    // The linked guardian sees the child.
    expect((await view(parent, child)).status).toBe(200);
  });

  it("shows a child's marksheet only once the exam is published, with the routine and the notices", async () => {
    const registration = pupils[1][1];
    const father = await guardian(registration);
    const parent = await newAccount();
    await linkByCode(parent, registration, father.phone);
    const child = childOf.get(registration) ?? "";
    const notice = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Sports day", about: "On Sunday" },
      { session: admin },
    );
    expect(notice.status).toBe(201);

    const before = await view(parent, child);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("private, no-store");
    const unpublished = await before.json();
    expect(unpublished.marksheets).toEqual([]);
    expect(unpublished.child).toMatchObject({ name: "Rahim Uddin", relation: "father" });
    expect(unpublished.notices.map((n: { title: string }) => n.title)).toContain("Sports day");
    expect(unpublished.routine).toMatchObject({ className: "Class Six", section: "" });

    expect(
      (await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin })).status,
    ).toBe(200);
    const published = await (await view(parent, child)).json();
    expect(published.marksheets).toHaveLength(1);
    expect(published.marksheets[0]).toMatchObject({ student: "Rahim Uddin" });
    // Only their own child's: not the class's other marksheets.
    expect(JSON.stringify(published.marksheets)).not.toContain("Ayesha");

    expect(
      (await t.json(`/api/results/exams/${examId}/unpublish`, "POST", {}, { session: admin })).status,
    ).toBe(200);
    expect((await (await view(parent, child)).json()).marksheets).toEqual([]);
  });

  it("removes a link: the guardian's own, and the role once no child is left", async () => {
    const registration = pupils[3][1];
    const father = await guardian(registration);
    const parent = await newAccount();
    await linkByCode(parent, registration, father.phone);
    const child = childOf.get(registration) ?? "";
    const removed = await t.request(`/api/family/children/${child}`, { method: "DELETE", session: parent });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ unlinked: true });
    expect(await (await t.request("/api/family/children", { session: parent })).json()).toEqual([]);
    expect((await view(parent, child)).status).toBe(404);
    expect(await roleOf(parent)).toBe("user");
  });

  it("lets an admin link a guardian row to an account by e-mail or phone, and unlink it", async () => {
    const registration = pupils[3][1];
    const mother = await guardian(registration, "mother");
    const parent = await newAccount();
    const put = (session: Session, account: string) =>
      t.json(`/api/family/guardians/${mother.id}/account`, "PUT", { account }, { session });
    expect((await put(parent, parent.email)).status).toBe(403);
    const unknown = await put(admin, "nobody@school.test");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields).toHaveProperty("account");

    await t.services.db
      .update(users)
      .set({ phoneNumber: "+8801719999001" })
      .where(eq(users.email, parent.email));
    const linked = await put(admin, "01719-999001");
    expect(linked.status, await linked.clone().text()).toBe(200);
    expect(await linked.json()).toMatchObject({
      id: mother.id,
      relation: "mother",
      account: { name: expect.any(String) },
    });
    expect(await roleOf(parent)).toBe("guardian");
    expect((await view(parent, childOf.get(registration) ?? "")).status).toBe(200);

    const missing = await t.request("/api/family/guardians/00000000-0000-4000-8000-000000000000/account", {
      method: "DELETE",
      session: admin,
    });
    expect(missing.status).toBe(404);
    const unlinked = await t.request(`/api/family/guardians/${mother.id}/account`, {
      method: "DELETE",
      session: admin,
    });
    expect(unlinked.status).toBe(200);
    expect((await unlinked.json()).account).toBeNull();
    expect((await view(parent, childOf.get(registration) ?? "")).status).toBe(404);
    expect(await roleOf(parent)).toBe("user");
    // By e-mail too.
    expect((await put(admin, parent.email.toUpperCase())).status).toBe(200);
  });

  it("shows a student their own record; a teacher's class-subjects are the teacher's alone", async () => {
    const student = await newAccount();
    const registration = pupils[2][1];
    await t.services.db
      .update(registerStudents)
      .set({
        userId: (
          await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, student.email))
        )[0]?.id,
      })
      .where(eq(registerStudents.id, childOf.get(registration) ?? ""));
    const list = await (await t.request("/api/family/children", { session: student })).json();
    expect(list).toMatchObject([{ name: "Karim Hossain", relation: "self" }]);
    expect((await view(student, childOf.get(registration) ?? "")).status).toBe(200);
    expect((await t.request("/api/family/teaching", { session: student })).status).toBe(403);
    expect((await t.request("/api/family/teaching")).status).toBe(401);
  });
});
