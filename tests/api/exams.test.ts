import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { anonymous } from "../../server/domain/actor";
import { RateLimitError } from "../../server/domain/rate-limit";
import { lookupResult } from "../../server/domain/result-lookup";
import { publishDueExams } from "../../server/exam-results/publishing-job";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

// Class Ten's science group, cut to four subjects so each GPA below can be checked by hand.
const exam = {
  name: "Annual Examination",
  session: "2026",
  class: "Class Ten",
  subjects: [
    {
      code: "101",
      name: "Bangla",
      components: [
        { kind: "written", full: 70, pass: 23 },
        { kind: "mcq", full: 30, pass: 10 },
      ],
    },
    {
      code: "109",
      name: "Mathematics",
      components: [
        { kind: "written", full: 70, pass: 23 },
        { kind: "mcq", full: 30, pass: 10 },
      ],
    },
    {
      code: "136",
      name: "Physics",
      components: [
        { kind: "written", full: 50, pass: 17 },
        { kind: "mcq", full: 25, pass: 8 },
        { kind: "practical", full: 25, pass: 8 },
      ],
    },
    {
      code: "126",
      name: "Higher Mathematics",
      optional: true,
      components: [
        { kind: "written", full: 50, pass: 17 },
        { kind: "mcq", full: 25, pass: 8 },
        { kind: "practical", full: 25, pass: 8 },
      ],
    },
  ],
};

type Scores = Record<string, (number | null)[]>;
// roll, registration, name, scores by subject (components in the exam's order; null: absent).
const students: [string, string, string, Scores][] = [
  // 85 A+ 5, 93 A+ 5, 82 A+ 5; optional 75 A 4 adds 2: (15 + 2) / 3 = 5.67, at most 5.00.
  [
    "1",
    "2026100001",
    "Ayesha Siddika",
    { 101: [60, 25], 109: [65, 28], 136: [40, 20, 22], 126: [35, 20, 20] },
  ],
  // 65 A- 3.5, 72 A 4, 65 A- 3.5; optional 40 C 2 adds nothing: 11 / 3 = 3.67.
  ["2", "2026100002", "Rahim Uddin", { 101: [45, 20], 109: [50, 22], 136: [30, 15, 20], 126: [20, 10, 10] }],
  // Bangla's written 20 is under its pass mark 23 though the total 48 is a C: F, GPA 0.00.
  [
    "3",
    "2026100003",
    "Karim Hossain",
    { 101: [20, 28], 109: [60, 25], 136: [35, 18, 20], 126: [30, 15, 15] },
  ],
  // Absent from every paper.
  [
    "4",
    "2026100004",
    "Fatema Khatun",
    { 101: [null, null], 109: [null, null], 136: [null, null, null], 126: [null, null, null] },
  ],
  // 75 A 4, 60 A- 3.5, 73 A 4; optional 90 A+ 5 adds 3: (11.5 + 3) / 3 = 4.83; without: 3.83.
  ["5", "2026100005", "Nusrat Jahan", { 101: [50, 25], 109: [40, 20], 136: [35, 18, 20], 126: [45, 22, 23] }],
  // Mathematics 28 of 100, both parts under their pass marks: a compulsory F.
  ["6", "2026100006", "Jamal Sheikh", { 101: [55, 24], 109: [20, 8], 136: [40, 20, 20], 126: [40, 20, 20] }],
];

describe.each(testDatabases)("exam results on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let examId: string;
  const enrolmentOf = new Map<string, string>();

  const lookup = (roll: string, registration: string, init: Parameters<TestApp["request"]>[1] = {}) =>
    t.request(`/api/results/lookup?${new URLSearchParams({ exam: examId, roll, registration })}`, init);

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople(kind));
    const created = await t.json("/api/results/exams", "POST", exam, { session: admin });
    expect(created.status).toBe(201);
    examId = (await created.json())._id;
    // The students are enrolled by a marks sheet with names only; the scores are typed in after.
    const csv = [
      "roll,registration,name",
      ...students.map(([roll, reg, name]) => `${roll},${reg},${name}`),
    ].join("\r\n");
    const form = new FormData();
    form.set("file", new File([csv], "class-ten.csv", { type: "text/csv" }));
    const imported = await t.request(`/api/results/exams/${examId}/marks`, {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toEqual({ imported: 6, enrolled: 6, errors: [] });
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    for (const student of grid.students) enrolmentOf.set(student.roll, student.enrolment);
    const marks = students.flatMap(([roll, , , scores]) =>
      exam.subjects.flatMap((subject) =>
        subject.components.map((component, index) => ({
          enrolment: enrolmentOf.get(roll),
          subject: subject.code,
          component: component.kind,
          score: scores[subject.code]?.[index] ?? null,
        })),
      ),
    );
    const saved = await t.json(`/api/results/exams/${examId}/marks`, "PATCH", { marks }, { session: admin });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({ saved: marks.length });
  });
  afterAll(() => t?.close());

  it("lets only an admin set up an exam, naming a bad field", async () => {
    expect((await t.json("/api/results/exams", "POST", exam)).status).toBe(401);
    expect((await t.json("/api/results/exams", "POST", exam, { session: alice })).status).toBe(403);
    const unknownClass = await t.json(
      "/api/results/exams",
      "POST",
      { ...exam, class: "Class Eleven" },
      { session: admin },
    );
    expect(unknownClass.status).toBe(400);
    expect(JSON.stringify(await unknownClass.json())).toContain("class");
    const passAboveFull = structuredClone(exam);
    passAboveFull.subjects[0]!.components[0]!.pass = 80;
    const refused = await t.json("/api/results/exams", "POST", passAboveFull, { session: admin });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("pass");
    const extra = await t.json("/api/results/exams", "POST", { ...exam, colour: "red" }, { session: admin });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(await extra.json())).toContain("colour");
  });

  it("keeps the institute's classes with their sections: added, renamed, never two of one name", async () => {
    const classes = await (await t.request("/api/results/classes")).json();
    expect(classes.map((c: { name: string }) => c.name)).toContain("Class Ten");
    const added = await t.json(
      "/api/results/classes",
      "POST",
      { name: "Hifz", sections: ["Morning", "Evening"] },
      { session: admin },
    );
    expect(added.status).toBe(201);
    const hifz = await added.json();
    expect(hifz).toMatchObject({ name: "Hifz", sections: ["Morning", "Evening"] });
    const twice = await t.json("/api/results/classes", "POST", { name: "hifz" }, { session: admin });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(await twice.json())).toContain("name");
    const renamed = await t.json(
      `/api/results/classes/${hifz._id}`,
      "PUT",
      { name: "Hifzul Quran", sections: ["A"] },
      { session: admin },
    );
    expect(await renamed.json()).toMatchObject({ name: "Hifzul Quran", sections: ["A"] });
    const after = await (await t.request("/api/results/classes")).json();
    expect(after.at(-1)).toMatchObject({ name: "Hifzul Quran", sections: ["A"] });
    expect((await t.json("/api/results/classes", "POST", { name: "X" }, { session: alice })).status).toBe(
      403,
    );
  });

  it("shows nothing of an exam to visitors before it is published", async () => {
    const list = await (await t.request("/api/results/exams")).json();
    expect(list.map((e: { _id: string }) => e._id)).not.toContain(examId);
    expect((await t.request(`/api/results/exams/${examId}`)).status).toBe(404);
    expect((await lookup("1", "2026100001")).status).toBe(404);
    const staff = await (await t.request("/api/results/exams", { session: admin })).json();
    expect(staff.find((e: { _id: string }) => e._id === examId)).toMatchObject({
      published: false,
      publishAt: null,
    });
  });

  it("refuses a score above its component's full marks, and a student of another class", async () => {
    const above = await t.json(
      `/api/results/exams/${examId}/marks`,
      "PATCH",
      { marks: [{ enrolment: enrolmentOf.get("1"), subject: "101", component: "mcq", score: 31 }] },
      { session: admin },
    );
    expect(above.status).toBe(400);
    expect(JSON.stringify(await above.json())).toContain("at most 30");
    // The same score twice in one batch: the last one counts.
    const twice = await t.json(
      `/api/results/exams/${examId}/marks`,
      "PATCH",
      {
        marks: [
          { enrolment: enrolmentOf.get("1"), subject: "101", component: "mcq", score: 24 },
          { enrolment: enrolmentOf.get("1"), subject: "101", component: "mcq", score: 25 },
        ],
      },
      { session: admin },
    );
    expect(twice.status).toBe(200);
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    expect(grid.students.find((s: { roll: string }) => s.roll === "1").scores["101"].mcq).toBe(25);
    const stranger = await t.json(
      `/api/results/exams/${examId}/marks`,
      "PATCH",
      {
        marks: [
          { enrolment: "00000000-0000-4000-8000-000000000000", subject: "101", component: "mcq", score: 3 },
        ],
      },
      { session: admin },
    );
    expect(stranger.status).toBe(400);
    const noSuchPart = await t.json(
      `/api/results/exams/${examId}/marks`,
      "PATCH",
      { marks: [{ enrolment: enrolmentOf.get("1"), subject: "101", component: "practical", score: 3 }] },
      { session: admin },
    );
    expect(noSuchPart.status).toBe(400);
    const byAlice = await t.json(
      `/api/results/exams/${examId}/marks`,
      "PATCH",
      { marks: [{ enrolment: enrolmentOf.get("1"), subject: "101", component: "mcq", score: 3 }] },
      { session: alice },
    );
    expect(byAlice.status).toBe(403);
  });

  describe("once published", () => {
    beforeAll(async () => {
      const published = await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin });
      expect(published.status).toBe(200);
      expect((await published.json()).published).toBe(true);
    });

    it.each([
      ["1", "2026100001", { gpa: 5, gpaWithoutOptional: 5, result: "pass", grade: "A+", position: 1 }],
      ["2", "2026100002", { gpa: 3.67, gpaWithoutOptional: 3.67, result: "pass", grade: "A-", position: 3 }],
      ["3", "2026100003", { gpa: 0, gpaWithoutOptional: 0, result: "fail", grade: "F", position: null }],
      ["4", "2026100004", { gpa: 0, gpaWithoutOptional: 0, result: "fail", grade: "F", position: null }],
      ["5", "2026100005", { gpa: 4.83, gpaWithoutOptional: 3.83, result: "pass", grade: "A", position: 2 }],
      ["6", "2026100006", { gpa: 0, gpaWithoutOptional: 0, result: "fail", grade: "F", position: null }],
    ])(
      "finds roll %s with its registration: the GPA worked out by hand",
      async (roll, registration, expected) => {
        const answer = await lookup(roll, registration);
        expect(answer.status).toBe(200);
        const sheet = await answer.json();
        expect(sheet).toMatchObject({ ...expected, roll, registration, class: "Class Ten" });
        expect(sheet.exam).toMatchObject({ name: "Annual Examination", session: "2026" });
        expect(sheet.subjects).toHaveLength(4);
        // One student's: no shared cache, nor the page cache, keeps it.
        expect(answer.headers.get("cache-control")).toBe("private, no-store");
        expect((await lookup(roll, registration)).headers.get("x-cache")).not.toBe("HIT");
        // Nobody's e-mail or account travels with a marksheet.
        expect(JSON.stringify(sheet)).not.toMatch(/@|userId|enrolment/);
      },
    );

    it("grades each subject: a failed component, the absent, the optional subject", async () => {
      const karim = await (await lookup("3", "2026100003")).json();
      expect(karim.subjects[0]).toMatchObject({ code: "101", marks: 48, grade: "F", point: 0, failed: true });
      expect(karim.subjects[1]).toMatchObject({
        code: "109",
        marks: 85,
        grade: "A+",
        point: 5,
        failed: false,
      });
      const fatema = await (await lookup("4", "2026100004")).json();
      expect(fatema.subjects.every((s: { absent: boolean }) => s.absent)).toBe(true);
      expect(fatema.subjects[0].components[0]).toMatchObject({ kind: "written", score: null });
      const nusrat = await (await lookup("5", "2026100005")).json();
      expect(nusrat.subjects[3]).toMatchObject({
        code: "126",
        optional: true,
        marks: 90,
        grade: "A+",
        point: 5,
      });
      expect(nusrat.totalMarks).toBe(75 + 60 + 73 + 90);
    });

    it("answers a wrong registration exactly as a wrong roll: not found", async () => {
      const wrongRegistration = await lookup("1", "2026100002");
      const wrongRoll = await lookup("99", "2026100001");
      expect(wrongRegistration.status).toBe(404);
      expect(wrongRoll.status).toBe(404);
      expect(await wrongRegistration.json()).toEqual(await wrongRoll.json());
    });

    it("names the bad field of a lookup", async () => {
      const bad = await t.request(`/api/results/lookup?exam=${examId}&roll=12a&registration=1`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain("roll");
      const missing = await t.request(`/api/results/lookup?exam=${examId}&roll=1`);
      expect(missing.status).toBe(400);
      expect(JSON.stringify(await missing.json())).toContain("registration");
      // Bangla digits are digits.
      expect((await lookup("১", "২০২৬১০০০০১")).status).toBe(200);
    });

    it("audits a change made after publishing, and regrades at once", async () => {
      // A compressed answer, as browsers ask: its bytes are kept with the published class, and
      // must not outlive the change.
      const compressed = async (roll: string, registration: string) => {
        const answer = await lookup(roll, registration, { headers: { "accept-encoding": "br" } });
        expect(answer.headers.get("content-encoding")).toBe("br");
        return JSON.parse(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString());
      };
      const before = await compressed("3", "2026100003");
      expect(await compressed("3", "2026100003")).toEqual(before);
      const changed = await t.json(
        `/api/results/exams/${examId}/marks`,
        "PATCH",
        { marks: [{ enrolment: enrolmentOf.get("3"), subject: "101", component: "written", score: 23 }] },
        { session: admin },
      );
      expect(changed.status).toBe(200);
      // Bangla 23 + 28 = 51 B 3, Mathematics 85 A+ 5, Physics 73 A 4: 12 / 3 = 4.00 without the
      // optional subject; Higher Mathematics 60 A- 3.5 adds 1.5: 13.5 / 3 = 4.50.
      const karim = await (await lookup("3", "2026100003")).json();
      expect(karim).toMatchObject({ result: "pass", gpa: 4.5, gpaWithoutOptional: 4 });
      expect(await compressed("3", "2026100003")).toMatchObject({ gpa: 4.5, gpaWithoutOptional: 4 });
      expect(before.gpa).not.toBe(4.5);
      const audit = await (await t.request("/api/audit?subject=exam", { session: admin })).json();
      const labels = JSON.stringify(audit);
      // The old score beside the new.
      expect(labels).toContain("roll 3, 101 written: 20 → 23");
      expect(labels).toContain("publish");
      // The same score saved again (a second Enter) writes no second entry.
      const again = await t.json(
        `/api/results/exams/${examId}/marks`,
        "PATCH",
        { marks: [{ enrolment: enrolmentOf.get("3"), subject: "101", component: "written", score: 23 }] },
        { session: admin },
      );
      expect(again.status).toBe(200);
      const after = (await (await t.request("/api/audit?subject=exam", { session: admin })).json()) as {
        label: string;
      }[];
      expect(after.filter((entry) => entry.label.includes("roll 3, 101 written"))).toHaveLength(1);
    });

    it("hides the results again when unpublished", async () => {
      expect(
        (await t.json(`/api/results/exams/${examId}/unpublish`, "POST", {}, { session: admin })).status,
      ).toBe(200);
      expect((await lookup("1", "2026100001")).status).toBe(404);
      expect(
        (await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin })).status,
      ).toBe(200);
      expect((await lookup("1", "2026100001")).status).toBe(200);
    });

    it("publishes at a set time: nothing shows before it", async () => {
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await t.json(
        `/api/results/exams/${examId}/publish`,
        "POST",
        { at: later },
        { session: admin },
      );
      expect(scheduled.status).toBe(200);
      expect(await scheduled.json()).toMatchObject({ published: false, publishAt: later });
      expect((await lookup("1", "2026100001")).status).toBe(404);
      expect(
        (await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin })).status,
      ).toBe(200);
    });

    it("shows a scheduled exam once its time comes, though the list was kept before", async () => {
      const other = await t.json(
        "/api/results/exams",
        "POST",
        { ...exam, name: "Test Examination" },
        { session: admin },
      );
      const otherId = (await other.json())._id;
      const at = new Date(Date.now() + 1_000);
      await t.json(
        `/api/results/exams/${otherId}/publish`,
        "POST",
        { at: at.toISOString() },
        { session: admin },
      );
      const listed = async () =>
        ((await (await t.request("/api/results/exams")).json()) as { _id: string }[]).map((e) => e._id);
      expect(await listed()).not.toContain(otherId);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      // The answer kept before the publish time is still served...
      expect(await listed()).not.toContain(otherId);
      // ...until the check that runs every half minute sees the time has come.
      expect(await publishDueExams(t.services, new Date(at.getTime() - 5_000))).toBe(true);
      expect(await listed()).toContain(otherId);
      expect(await publishDueExams(t.services, new Date())).toBe(false);
    });

    it("shows a linked student's and guardian's marksheets in their own list only", async () => {
      const linked = await t.json(
        `/api/results/enrolments/${enrolmentOf.get("5")}/accounts`,
        "POST",
        { email: alice.email, relation: "student" },
        { session: admin },
      );
      expect(linked.status).toBe(200);
      const mine = await t.request("/api/results/mine", { session: alice });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("cache-control")).toContain("no-store");
      const sheets = await mine.json();
      // Roll 5 sat both exams of Class Ten 2026 that are published by now.
      expect(sheets.map((s: { roll: string }) => s.roll)).toEqual(["5", "5"]);
      expect(sheets.map((s: { exam: { id: string } }) => s.exam.id)).toContain(examId);
      const [profile] = await t.services.db
        .select({ className: users.className, rollNumber: users.rollNumber })
        .from(users)
        .where(eq(users.email, alice.email));
      expect(profile).toEqual({ className: "Class Ten", rollNumber: "5" });
      expect((await t.request("/api/results/mine")).status).toBe(401);
    });
  });

  it("refuses the 31st lookup that finds nothing from one address in ten minutes, with a 429 saying when to retry, while the right numbers still find", async () => {
    // Families behind one address (a mobile operator's NAT) finding their children's results are
    // not held back by each other's lookups: forty found in a row.
    for (let i = 0; i < 40; i++) {
      const [roll, registration] = students[i % students.length] ?? [];
      expect((await lookup(roll ?? "", registration ?? "")).status, `lookup ${i + 1}`).toBe(200);
    }
    // Walking a class: every lookup another registration number (earlier tests missed a few).
    const statuses: number[] = [];
    for (let i = 1; i <= 31 && statuses.at(-1) !== 429; i++) {
      statuses.push((await lookup("1", String(2026200000 + i))).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
    // Another miss waits until the window ends...
    const answer = await lookup("2", "2026299999");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.stringify(await answer.json())).toContain("Too many result lookups");
    // ...but a family behind the same address with the right numbers finds the marksheet, and its
    // PDF, within the wide limit for finds.
    expect((await lookup("1", "2026100001")).status).toBe(200);
    const pdf = await t.request(`/results/marksheet/${examId}/1.pdf?registration=2026100001`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await t.request(`/results/marksheet/${examId}/1.pdf?registration=2026100009`)).status).toBe(429);
    // Staff are not counted.
    expect((await lookup("1", "2026100001", { session: admin })).status).toBe(200);
  });

  it("counts misses per address, 30 in ten minutes, ADDRESS_LIMIT_MULTIPLIER times more where set", async () => {
    const missesUntilRefused = async (client: { ip: string; limitMultiplier: number }) => {
      const outcome = (registration: string) =>
        lookupResult(
          t.services.db,
          anonymous,
          { exam: examId, roll: "2", registration },
          { client, institute: "Test School" },
        ).then(
          () => "found",
          (error: unknown) => (error instanceof RateLimitError ? "refused" : "missed"),
        );
      let misses = 0;
      while ((await outcome(String(2026300000 + misses))) === "missed" && misses < 100) misses++;
      // Misses refused from then on; the right numbers still found.
      expect(await outcome("2026399999")).toBe("refused");
      expect(await outcome("2026100002")).toBe("found");
      return misses;
    };
    expect(await missesUntilRefused({ ip: "203.0.113.10", limitMultiplier: 1 })).toBe(30);
    expect(await missesUntilRefused({ ip: "203.0.113.11", limitMultiplier: 2 })).toBe(60);
  });
});
