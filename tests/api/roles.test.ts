// Roles given and taken: by REST (PUT/DELETE /api/users/:id/roles/:role), each change in the
// audit trail, never the admin role from the last admin, a role that does not exist refused
// naming the field; by `npm run admin -- grant|revoke ROLE EMAIL-OR-PHONE` (the built command, on
// the embedded database); and what the roles open: a teacher's marks grid of their own subject
// only, an accountant's orders and nothing of the content.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/container-factory";
import { openDatabase } from "../../server/db/client";
import { auditEntries, schoolClasses, users } from "../../server/db/schema";
import { runBuilt } from "../fixtures/commands";
import { appWithPeople, origin, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("roles on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  const idOf = async (email: string) =>
    (await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";
  const roleOf = async (email: string) =>
    (await t.services.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
  const send = async (method: "PUT" | "DELETE", email: string, role: string, session = admin) =>
    t.request(`/api/users/${await idOf(email)}/roles/${role}`, { method, session });

  it("gives and takes roles, several at once, each change in the audit trail", async () => {
    const given = await send("PUT", "alice@school.test", "teacher");
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({
      email: "alice@school.test",
      roles: ["teacher"],
      changed: true,
    });
    expect((await (await send("PUT", "alice@school.test", "accountant")).json()).roles).toEqual([
      "teacher",
      "accountant",
    ]);
    expect(await roleOf("alice@school.test")).toBe("teacher,accountant");
    // Given twice: nothing changes, nothing is audited.
    expect((await (await send("PUT", "alice@school.test", "teacher")).json()).changed).toBe(false);
    const taken = await send("DELETE", "alice@school.test", "accountant");
    expect(await taken.json()).toMatchObject({ roles: ["teacher"], changed: true });

    const trail = await t.services.db
      .select({ action: auditEntries.action, label: auditEntries.label, actor: auditEntries.actorEmail })
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, await idOf("alice@school.test")));
    expect(trail.map((entry) => `${entry.action} ${entry.label}`).sort()).toEqual([
      "grant alice@school.test: accountant",
      "grant alice@school.test: teacher",
      "revoke alice@school.test: accountant",
    ]);
    expect(new Set(trail.map((entry) => entry.actor))).toEqual(new Set(["head@school.test"]));

    // The list of accounts names them.
    const list = await (await t.request("/api/User/users?q=alice", { session: admin })).json();
    expect(list[0].roles).toEqual(["teacher"]);
  });

  it("refuses a role that does not exist (400 naming the field), others (401/403) and unknown accounts (404)", async () => {
    const bad = await send("PUT", "bob@school.test", "headmaster");
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(JSON.stringify(body)).toMatch(/role/);
    expect(body.error.message).toMatch(/must be admin, teacher, accountant, guardian or student/);
    expect(
      (await t.request(`/api/users/${await idOf("bob@school.test")}/roles/teacher`, { method: "PUT" }))
        .status,
    ).toBe(401);
    expect((await send("PUT", "bob@school.test", "admin", alice)).status).toBe(403);
    expect((await send("PUT", "bob@school.test", "teacher", bob)).status).toBe(403);
    expect(
      (await t.request("/api/users/nobody/roles/teacher", { method: "PUT", session: admin })).status,
    ).toBe(404);
    expect(await roleOf("bob@school.test")).toBe("user");
  });

  it("never takes the admin role from the last admin, and tells the admin it is theirs", async () => {
    const own = await send("DELETE", "head@school.test", "admin");
    expect(own.status).toBe(409);
    expect((await own.json()).error.message).toMatch(/You are the last admin/);
    expect(await roleOf("head@school.test")).toBe("admin");
    // With a second admin, one may go.
    await send("PUT", "bob@school.test", "admin");
    expect((await send("DELETE", "bob@school.test", "admin")).status).toBe(200);
    expect(await roleOf("bob@school.test")).toBe("user");
  });

  it("opens a teacher's own subject's marks grid and refuses another subject's (403) and another exam (404)", async () => {
    await send("PUT", "alice@school.test", "teacher");
    const [tenth] = await t.services.db
      .select({ id: schoolClasses.id })
      .from(schoolClasses)
      .where(eq(schoolClasses.name, "Class Ten"));
    expect(tenth).toBeDefined();
    const exam = async (klass: string) => {
      const made = await t.json(
        "/api/results/exams",
        "POST",
        {
          name: "Half-yearly",
          session: "2026",
          class: klass,
          subjects: [
            { code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] },
            { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] },
          ],
        },
        { session: admin },
      );
      expect(made.status).toBe(201);
      return (await made.json())._id as string;
    };
    const ten = await exam("Class Ten");
    const nine = await exam("Class Nine");
    const form = new FormData();
    form.set("file", new File(["roll,registration,name\r\n1,99000001,Rahim"], "m.csv"));
    expect(
      (await t.request(`/api/results/exams/${ten}/marks`, { method: "POST", body: form, session: admin }))
        .status,
    ).toBe(200);

    const userId = await idOf("alice@school.test");
    const assigned = await t.json(
      `/api/users/${userId}/teaching`,
      "POST",
      { session: "2026", class: "class ten", subject: "bangla" },
      { session: admin },
    );
    expect(assigned.status).toBe(201);
    expect(await assigned.json()).toMatchObject({ class: "Class Ten", section: "", subject: "bangla" });

    const grid = await t.request(`/api/results/exams/${ten}/marks`, { session: alice });
    expect(grid.status).toBe(200);
    const seen = await grid.json();
    expect(seen.exam.subjects.map((s: { code: string }) => s.code)).toEqual(["101"]);
    const enrolment = seen.students[0].enrolment;
    expect((await t.request(`/api/results/exams/${ten}/marks?subject=109`, { session: alice })).status).toBe(
      403,
    );
    expect((await t.request(`/api/results/exams/${nine}/marks`, { session: alice })).status).toBe(404);

    const mine = await t.json(
      `/api/results/exams/${ten}/marks`,
      "PATCH",
      { marks: [{ enrolment, subject: "101", component: "written", score: 71 }] },
      { session: alice },
    );
    expect(mine.status).toBe(200);
    const other = await t.json(
      `/api/results/exams/${ten}/marks`,
      "PATCH",
      { marks: [{ enrolment, subject: "109", component: "written", score: 50 }] },
      { session: alice },
    );
    expect(other.status).toBe(403);
    expect((await other.json()).error.message).toMatch(/You do not teach Mathematics/);
    // The setup, the import and publishing stay the admins'.
    expect((await t.json(`/api/results/exams/${ten}/publish`, "POST", {}, { session: alice })).status).toBe(
      403,
    );
    const exams = await (await t.request("/api/teaching/exams", { session: alice })).json();
    expect(exams.map((e: { _id: string }) => e._id)).toEqual([ten]);
    expect((await t.request("/api/teaching/exams", { session: bob })).status).toBe(403);
  });

  it("lets an accountant list everyone's orders and nothing of the content or the users", async () => {
    await send("PUT", "bob@school.test", "accountant");
    expect((await t.request("/api/Order/orders?all=1", { session: bob })).status).toBe(200);
    expect((await t.request("/api/User/users", { session: bob })).status).toBe(403);
    expect(
      (await t.json("/api/Notice/notices", "POST", { Title: "Holiday", about: "Friday" }, { session: bob }))
        .status,
    ).toBe(403);
    expect((await t.request("/api/results/exams/x/marks", { session: bob })).status).toBe(403);
    await send("DELETE", "bob@school.test", "accountant");
    expect((await t.request("/api/Order/orders?all=1", { session: bob })).status).toBe(403);
  });
});

describe("npm run admin -- grant|revoke", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-roles-cli-"));
  const env = { DATA_DIR: dataDir, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The database as the server opens it, for as long as `work` runs (one process at a time). */
  async function withDatabase<T>(work: (services: Awaited<ReturnType<typeof createServices>>) => Promise<T>) {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: origin,
      LOG_LEVEL: "silent",
      SAMPLE_CONTENT: "off",
      ...env,
    });
    const database = openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
    const services = await createServices(config, pino({ level: "silent" }), database);
    try {
      return await work(services);
    } finally {
      await services.pageCache.close();
      await database.close();
    }
  }

  it("gives and takes roles by e-mail or by a phone number in any Bangladeshi form, never admin from the last admin", async () => {
    const created = await runBuilt("admin", { ...env, ADMIN_PASSWORD: "office-password-1" }, [
      "create",
      "office@school.test",
    ]);
    expect(created.code).toBe(0);
    await withDatabase(async (services) => {
      await services.auth.api.signUpEmail({
        body: { email: "rahima@school.test", password: "rahima-password", name: "Rahima" },
      });
      await services.db
        .update(users)
        .set({ phoneNumber: "+8801712345678" })
        .where(eq(users.email, "rahima@school.test"));
    });

    const byPhone = await runBuilt("admin", env, ["grant", "teacher", "০১৭১২-৩৪৫৬৭৮"]);
    expect(byPhone.stderr).toBe("");
    expect(byPhone.code).toBe(0);
    expect(byPhone.stdout).toMatch(/rahima@school.test holds the role teacher now/);
    const byEmail = await runBuilt("admin", env, ["grant", "accountant", "Rahima@School.test"]);
    expect(byEmail.code).toBe(0);
    const revoked = await runBuilt("admin", env, ["revoke", "teacher", "8801712345678"]);
    expect(revoked.stdout).toMatch(/no longer holds the role teacher/);

    const [unknownRole, unknownPhone, lastAdmin] = [
      await runBuilt("admin", env, ["grant", "headmaster", "rahima@school.test"]),
      await runBuilt("admin", env, ["grant", "teacher", "01999999999"]),
      await runBuilt("admin", env, ["revoke", "admin", "office@school.test"]),
    ];
    expect(unknownRole.code).toBe(2);
    expect(unknownRole.stderr).toMatch(/needs a role: one of admin, teacher, accountant, guardian, student/);
    expect(unknownPhone.code).toBe(1);
    expect(unknownPhone.stderr).toMatch(/No account with the e-mail or phone number 01999999999/);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toMatch(/at least one admin/);

    await withDatabase(async (services) => {
      const [row] = await services.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, "rahima@school.test"));
      expect(row?.role).toBe("accountant");
      const trail = await services.db
        .select({ action: auditEntries.action, label: auditEntries.label, actor: auditEntries.actorEmail })
        .from(auditEntries)
        .orderBy(auditEntries.createdAt);
      expect(trail.filter((entry) => entry.action === "grant" || entry.action === "revoke")).toEqual([
        expect.objectContaining({
          action: "grant",
          label: "rahima@school.test: teacher",
          actor: "command line (npm run admin)",
        }),
        expect.objectContaining({ action: "grant", label: "rahima@school.test: accountant" }),
        expect.objectContaining({ action: "revoke", label: "rahima@school.test: teacher" }),
      ]);
    });
  }, 240_000);
});
