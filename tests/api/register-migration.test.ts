// Migration 0019 put a register of students above the enrolments: a database an older version
// left at 0018, holding enrolments and accounts linked to them (enrolment_accounts), is migrated;
// each registration number is now one child (across sessions), a student's link is the child's own
// account, a guardian's link a register_guardians row, and the guardian still sees the marksheet.
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { journal, latestLevel, migrateUpTo } from "../../server/db/migration-levels";
import { enrolments, registerGuardians, registerStudents, users } from "../../server/db/schema";
import type { SignedInActor } from "../../server/domain/actor";
import { actorFromSession } from "../../server/domain/actor";
import { publishExam } from "../../server/domain/exam-publishing";
import { createExam } from "../../server/domain/exam-setup";
import { importMarks } from "../../server/domain/marks-import";
import { ownMarksheets } from "../../server/domain/result-lookup";
import { temporaryFolders } from "../fixtures/commands";

const temporary = temporaryFolders();
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

describe("migration 0019 (the register of students)", () => {
  it("makes one child per registration number, and moves the account links to the child", async () => {
    const dataDir = temporary("before-people");
    const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
    closing.push(() => handle.close());
    const { db } = handle;
    const entries = journal();
    const people = entries.findIndex((entry) => entry.tag === "0019_people");
    expect(people).toBeGreaterThan(0);
    await migrateUpTo(db, entries[people - 1]!.when);

    // The older version's rows: Rahim in Class Five 2025 and Class Six 2026 (one registration),
    // Karima in Class Six 2026; Rahim's mother follows him, Karima has her own account.
    await db.execute(sql`insert into users (id, name, email, role, phone_number) values
      ('u-admin', 'Head', 'head@school.test', 'admin', null),
      ('u-mother', 'Rahima Begum', 'mother@school.test', 'user', '+8801712345678'),
      ('u-karima', 'Karima', 'karima@school.test', 'user', null)`);
    await db.execute(sql`insert into enrolments (id, session, class_id, roll, registration, name) values
      ('00000000-0000-4000-8000-000000000001', '2025', (select id from school_classes where name = 'Class Five'), '4', '250004', 'Rahim Uddin'),
      ('00000000-0000-4000-8000-000000000002', '2026', (select id from school_classes where name = 'Class Six'), '3', '250004', 'Rahim Uddin Ahmed'),
      ('00000000-0000-4000-8000-000000000003', '2026', (select id from school_classes where name = 'Class Six'), '5', '250099', 'Karima Khatun')`);
    await db.execute(sql`insert into enrolment_accounts (enrolment_id, user_id, relation) values
      ('00000000-0000-4000-8000-000000000001', 'u-mother', 'guardian'),
      ('00000000-0000-4000-8000-000000000002', 'u-mother', 'guardian'),
      ('00000000-0000-4000-8000-000000000003', 'u-karima', 'student')`);

    await migrateUpTo(db, latestLevel());

    const children = await db.select().from(registerStudents).orderBy(registerStudents.name);
    expect(children.map((c) => c.name)).toEqual(["Karima Khatun", "Rahim Uddin Ahmed"]);
    const [karima, rahim] = children;
    const rows = await db.select().from(enrolments);
    expect(rows.filter((e) => e.registration === "250004").map((e) => e.registerStudentId)).toEqual([
      rahim!.id,
      rahim!.id,
    ]);
    expect(karima!.userId).toBe("u-karima");
    expect(rahim!.userId).toBeNull();
    const guardians = await db.select().from(registerGuardians);
    expect(guardians).toMatchObject([
      {
        registerStudentId: rahim!.id,
        userId: "u-mother",
        relation: "guardian",
        name: "Rahima Begum",
        phone: "+8801712345678",
      },
    ]);
    const roles = Object.fromEntries(
      (await db.select({ id: users.id, role: users.role }).from(users)).map((u) => [u.id, u.role]),
    );
    expect(roles).toMatchObject({ "u-mother": "guardian", "u-karima": "student", "u-admin": "admin" });
    const tables = await db.execute(
      sql`select 1 from information_schema.tables where table_name = 'enrolment_accounts'`,
    );
    expect((tables as { rows: unknown[] }).rows ?? tables).toHaveLength(0);

    // An exam of Class Six 2026 published after the upgrade: the mother sees Rahim's marksheet,
    // Karima her own.
    const admin = actorFromSession({ id: "u-admin", email: "head@school.test", name: "Head", role: "admin" });
    const exam = await createExam(db, admin, {
      name: "Annual Examination",
      session: "2026",
      class: "Class Six",
      scheme: { kind: "national" },
      showPosition: true,
      figuresPublic: false,
      subjects: [
        {
          code: "101",
          name: "Bangla",
          optional: false,
          components: [{ kind: "written", full: 100, pass: 33 }],
        },
      ],
    });
    const marks = [
      { line: 2, roll: "3", registration: "250004", name: "Rahim Uddin Ahmed", scores: { "101": [72] } },
      { line: 3, roll: "5", registration: "250099", name: "Karima Khatun", scores: { "101": [81] } },
    ];
    const imported = await importMarks(db, admin, exam.id, marks, []);
    expect(imported).toMatchObject({ imported: 2, enrolled: 0, errors: [] });
    const mother = actorFromSession({
      id: "u-mother",
      email: "mother@school.test",
      name: "Rahima Begum",
      role: "guardian",
    });
    expect(await ownMarksheets(db, mother, { institute: "Maktab" })).toEqual([]);
    await publishExam(db, admin, exam.id);
    const seen = await ownMarksheets(db, mother, { institute: "Maktab" });
    expect(seen.map((sheet) => [sheet.student, sheet.roll, sheet.totalMarks])).toEqual([
      ["Rahim Uddin Ahmed", "3", 72],
    ]);
    const own = await ownMarksheets(
      db,
      actorFromSession({
        id: "u-karima",
        email: "karima@school.test",
        name: "Karima",
        role: "student",
      }) as SignedInActor,
      { institute: "Maktab" },
    );
    expect(own.map((sheet) => sheet.student)).toEqual(["Karima Khatun"]);
  }, 120_000);
});
