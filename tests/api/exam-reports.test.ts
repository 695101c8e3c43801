// An exam's figures, tabulation sheet and merit list through the API and the file downloads: a
// small class whose every figure is worked out by hand below, and who may see what.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, origin, type Session, type TestApp, testDatabases } from "../fixtures/test-app";
import { startViteApp, viteAppAdmin } from "../fixtures/vite-app";

const run = promisify(execFile);

const exam = {
  name: "Half-yearly Examination",
  session: "2026",
  class: "Class Eight",
  figuresPublic: true,
  subjects: [
    {
      code: "101",
      name: "Bangla",
      components: [
        { kind: "written", full: 70, pass: 23 },
        { kind: "mcq", full: 30, pass: 10 },
      ],
    },
    { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] },
  ],
};

const bangla = "মোছাঃ ফাতেমা আক্তার";

// roll, registration, name, Bangla [written, mcq], Mathematics [written]; null: absent.
const students: [string, string, string, (number | null)[], (number | null)[]][] = [
  // 85 A+ 5, 90 A+ 5: GPA 5.00, total 175.
  ["1", "2026800001", "Ayesha Siddika", [60, 25], [90]],
  // 80 A+ 5, 95 A+ 5: GPA 5.00, total 175, the same as roll 1: both first.
  ["2", "2026800002", "Rahim Uddin", [55, 25], [95]],
  // 70 A 4, 60 A- 3.5: 7.5 / 2 = 3.75, A-; total 130.
  ["3", "2026800003", "Karim Hossain", [50, 20], [60]],
  // 55 B 3, 45 C 2: 2.50, C; total 100.
  ["4", "2026800004", "Nusrat Jahan", [40, 15], [45]],
  // Bangla written 20 under its pass mark 23 (30 marks): failed; Mathematics 50 B passes. Total 80.
  ["5", "2026800005", "Jamal Sheikh", [20, 10], [50]],
  // Absent from everything: did not sit.
  ["6", "2026800006", "Rina Akter", [null, null], [null]],
  // 93 A+ 5, 70 A 4: 4.50, A; total 163. Roll 10 comes after roll 6.
  ["10", "2026800010", bangla, [65, 28], [70]],
];

describe.each(testDatabases)("exam figures and the office's files on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let examId: string;
  let privateExamId: string;
  let folder: string;

  const figures = (id: string, session?: Session) =>
    t.request(`/api/results/exams/${id}/figures`, { session });

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople(kind));
    folder = await mkdtemp(path.join(tmpdir(), "exam-reports-"));
    const created = await t.json("/api/results/exams", "POST", exam, { session: admin });
    expect(created.status).toBe(201);
    examId = (await created.json())._id;
    const csv = ["roll,registration,name", ...students.map(([roll, reg, name]) => `${roll},${reg},${name}`)];
    const form = new FormData();
    form.set("file", new File([csv.join("\r\n")], "class-eight.csv", { type: "text/csv" }));
    const imported = await t.request(`/api/results/exams/${examId}/marks`, {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    const enrolmentOf = new Map<string, string>(
      grid.students.map((s: { roll: string; enrolment: string }) => [s.roll, s.enrolment]),
    );
    const marks = students.flatMap(([roll, , , bangla, maths]) => [
      { enrolment: enrolmentOf.get(roll), subject: "101", component: "written", score: bangla[0] },
      { enrolment: enrolmentOf.get(roll), subject: "101", component: "mcq", score: bangla[1] },
      { enrolment: enrolmentOf.get(roll), subject: "109", component: "written", score: maths[0] },
    ]);
    const saved = await t.json(`/api/results/exams/${examId}/marks`, "PATCH", { marks }, { session: admin });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // A second exam, published with its figures kept for the office.
    const closed = await t.json(
      "/api/results/exams",
      "POST",
      { ...exam, name: "Model Test", figuresPublic: false },
      { session: admin },
    );
    privateExamId = (await closed.json())._id;
    await t.json(`/api/results/exams/${privateExamId}/publish`, "POST", {}, { session: admin });
  });
  afterAll(async () => {
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("counts the class as worked out by hand", async () => {
    const answer = await figures(examId, admin);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({
      exam: { id: examId, name: exam.name, scheme: "national", published: false, figuresPublic: true },
      students: 7,
      sat: 6,
      absent: 1,
      passed: 5,
      failed: 1,
      // 5 of the 6 who sat: 83.33...
      passRate: 83.3,
      aPlus: 2,
    });
    // Those who sat by the grade of their GPA; roll 5's failed Bangla makes an F.
    expect(body.grades).toEqual([
      { grade: "A+", count: 2 },
      { grade: "A", count: 1 },
      { grade: "A-", count: 1 },
      { grade: "B", count: 0 },
      { grade: "C", count: 1 },
      { grade: "D", count: 0 },
      { grade: "F", count: 1 },
    ]);
    expect(body.subjects).toEqual([
      // 85 + 80 + 70 + 55 + 30 + 93 = 413 of six: 68.83...; roll 5 failed it.
      {
        code: "101",
        name: "Bangla",
        optional: false,
        full: 100,
        sat: 6,
        passed: 5,
        passRate: 83.3,
        average: 68.8,
        highest: 93,
      },
      // 90 + 95 + 60 + 45 + 50 + 70 = 410 of six: 68.33...; everyone who sat passed.
      {
        code: "109",
        name: "Mathematics",
        optional: false,
        full: 100,
        sat: 6,
        passed: 6,
        passRate: 100,
        average: 68.3,
        highest: 95,
      },
    ]);
  });

  it("counts a Qawmi exam by division", async () => {
    const created = await t.json(
      "/api/results/exams",
      "POST",
      { ...exam, name: "Qawmi Test", scheme: { kind: "qawmi" } },
      { session: admin },
    );
    const id = (await created.json())._id;
    const grid = await (await t.request(`/api/results/exams/${id}/marks`, { session: admin })).json();
    const enrolment = (roll: string) =>
      grid.students.find((s: { roll: string }) => s.roll === roll).enrolment;
    // Roll 1: 85 and 90, an average of 87.5%: Mumtaz. Roll 5: Bangla's written under its pass mark: Rasib.
    const marks = [
      ["1", 60, 25, 90],
      ["5", 20, 10, 50],
    ].flatMap(([roll, written, mcq, maths]) => [
      { enrolment: enrolment(String(roll)), subject: "101", component: "written", score: written },
      { enrolment: enrolment(String(roll)), subject: "101", component: "mcq", score: mcq },
      { enrolment: enrolment(String(roll)), subject: "109", component: "written", score: maths },
    ]);
    expect(
      (await t.json(`/api/results/exams/${id}/marks`, "PATCH", { marks }, { session: admin })).status,
    ).toBe(200);
    const body = await (await figures(id, admin)).json();
    expect(body).toMatchObject({ exam: { scheme: "qawmi" }, sat: 2, passed: 1, passRate: 50, aPlus: 1 });
    expect(body.grades).toEqual([
      { grade: "Mumtaz", count: 1 },
      { grade: "Jayyid Jiddan", count: 0 },
      { grade: "Jayyid", count: 0 },
      { grade: "Maqbul", count: 0 },
      { grade: "Rasib", count: 1 },
    ]);
  });

  it("tabulates every student by roll, with positions shared by a tie", async () => {
    const answer = await t.request(`/api/results/exams/${examId}/tabulation`, { session: admin });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.subjects.map((s: { code: string }) => s.code)).toEqual(["101", "109"]);
    const rows = body.students.map((row: Record<string, unknown>) => [
      row.roll,
      row.totalMarks,
      row.gpa,
      row.grade,
      row.result,
      row.position,
    ]);
    expect(rows).toEqual([
      ["1", 175, 5, "A+", "pass", 1],
      ["2", 175, 5, "A+", "pass", 1],
      ["3", 130, 3.75, "A-", "pass", 4],
      ["4", 100, 2.5, "C", "pass", 5],
      ["5", 80, 0, "F", "fail", null],
      ["6", 0, 0, "F", "fail", null],
      ["10", 163, 4.5, "A", "pass", 3],
    ]);
    const roll5 = body.students[4];
    expect(roll5.subjects).toEqual([
      { code: "101", marks: 30, grade: "F", failed: true, absent: false },
      { code: "109", marks: 50, grade: "B", failed: false, absent: false },
    ]);
    expect(body.students[5]).toMatchObject({ absent: true, name: "Rina Akter" });
    expect(body.students[6]).toMatchObject({ name: bangla, registration: "2026800010" });
  });

  it("lets only an admin see the tabulation", async () => {
    expect((await t.request(`/api/results/exams/${examId}/tabulation`)).status).toBe(401);
    expect((await t.request(`/api/results/exams/${examId}/tabulation`, { session: alice })).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await t.request(`/api/results/exams/${missing}/tabulation`, { session: admin })).status).toBe(
      404,
    );
  });

  it("shows visitors the figures only of a published exam whose figures are public", async () => {
    // Not published yet: not found, as the exam itself is.
    expect((await figures(examId)).status).toBe(404);
    expect((await figures(examId, alice)).status).toBe(404);
    // Published, but its figures are the office's.
    expect((await figures(privateExamId)).status).toBe(404);
    expect((await figures(privateExamId, alice)).status).toBe(404);
    const office = await figures(privateExamId, admin);
    expect(office.status).toBe(200);
    expect(await office.json()).toMatchObject({ students: 7, sat: 0, passed: 0, passRate: 0, aPlus: 0 });
    expect((await figures("not-an-id")).status).toBe(404);

    await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin });
    const shown = await figures(examId);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ passRate: 83.3, aPlus: 2, exam: { published: true } });
    expect((await figures(examId, alice)).status).toBe(200);
  });

  it("gives the files to admins only: 401 signed out, 403 for a user", async () => {
    for (const file of ["tabulation.xlsx", "tabulation.pdf", "merit-list.pdf"]) {
      const url = `/results/exams/${examId}/${file}`;
      expect((await t.request(url)).status, file).toBe(401);
      expect((await t.request(url, { session: alice })).status, file).toBe(403);
      const answer = await t.request(url, { session: admin });
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get("content-disposition")).toContain(
        `${file.replace(/\..*$/, "")}-half-yearly-examination-2026-class-eight.`,
      );
      expect(answer.headers.get("cache-control")).toContain("no-store");
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await t.request(`/results/exams/${missing}/merit-list.pdf`, { session: admin })).status).toBe(
      404,
    );
    expect((await t.request(`/results/exams/${examId}/other.pdf`, { session: admin })).status).toBe(404);
  });

  it("writes the merit list in merit order, the tie by roll, the Bangla name readable", async () => {
    const answer = await t.request(`/results/exams/${examId}/merit-list.pdf`, { session: admin });
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const file = path.join(folder, "merit.pdf");
    await writeFile(file, new Uint8Array(await answer.arrayBuffer()));
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    const text = stdout.normalize("NFC");
    const order = [
      "Ayesha Siddika",
      "Rahim Uddin",
      bangla,
      "Karim Hossain",
      "Nusrat Jahan",
      "Jamal Sheikh",
      "Rina Akter",
    ];
    const at = order.map((name) => text.indexOf(name.normalize("NFC")));
    expect(
      at.every((index) => index >= 0),
      text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain("Merit list");
  });

  it("writes the tabulation workbook as the API gives it", async () => {
    const answer = await t.request(`/results/exams/${examId}/tabulation.xlsx`, { session: admin });
    expect(answer.headers.get("content-type")).toContain("spreadsheetml");
    const rows = await readSheet(await answer.arrayBuffer());
    const roll10 = rows.find((row) => row[0] === "10");
    expect(roll10).toEqual(["10", "2026800010", bangla, 93, "A+", 70, "A", 163, 4.5, "A", "Passed", 3]);
  });
});

// The pages, rendered in this process by the real React Router build (as tests/api/privacy.test.ts
// does): the charts are in the HTML as sent, with no script needed.
describe("the figures on the pages", () => {
  let app: { request(url: string, init?: RequestInit): Response | Promise<Response> };
  let close: () => Promise<void>;
  let admin: string;
  let shared: string;
  let kept: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-exam-pages-"));

  const send = (pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    app.request(`${origin}${pathname}`, {
      method: init.method ?? "GET",
      body:
        init.body instanceof FormData
          ? init.body
          : init.body === undefined
            ? undefined
            : JSON.stringify(init.body),
      headers: {
        origin,
        ...(init.body === undefined || init.body instanceof FormData
          ? {}
          : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });

  /** An exam with the class's marks, published: its id. */
  async function publishedExam(name: string, figuresPublic: boolean): Promise<string> {
    const created = await send("/api/results/exams", {
      method: "POST",
      body: { ...exam, name, figuresPublic },
      cookie: admin,
    });
    expect(created.status).toBe(201);
    const id = (await created.json())._id as string;
    const header = "roll,registration,name,101 written,101 mcq,109 written";
    const lines = students.map(
      ([roll, reg, student, bangla, maths]) =>
        `${roll},${reg},${student},${[...bangla, ...maths].map((score) => score ?? "A").join(",")}`,
    );
    const form = new FormData();
    form.set("file", new File([[header, ...lines].join("\r\n")], "marks.csv", { type: "text/csv" }));
    const imported = await send(`/api/results/exams/${id}/marks`, {
      method: "POST",
      body: form,
      cookie: admin,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(
      (await send(`/api/results/exams/${id}/publish`, { method: "POST", body: {}, cookie: admin })).status,
    ).toBe(200);
    return id;
  }

  beforeAll(async () => {
    const started = await startViteApp({ dataDir, origin });
    app = started.app;
    close = started.close;
    const signedIn = await send("/api/auth/sign-in/email", {
      method: "POST",
      body: viteAppAdmin,
    });
    admin = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; ");
    shared = await publishedExam("Half-yearly Examination", true);
    kept = await publishedExam("Model Test", false);
  }, 120_000);
  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows a visitor the chosen exam's figures on /results, when they are public", async () => {
    const page = await (await send(`/results?exam=${shared}`)).text();
    expect(page).toContain("Figures: Half-yearly Examination 2026, Class Eight");
    expect(page).toMatch(
      /<svg [^>]*role="img"[^>]*aria-labelledby="exam-figures-grades-title exam-figures-grades-desc"/,
    );
    expect(page).toContain("Students who sat the exam: 6. A+: 2; A: 1; A-: 1; B: 0; C: 1; D: 0; F: 1.");
    expect(page).toContain('<div class="visually-hidden"><table>');
    expect(page).toContain(`class="exam-figures"`);
    expect(page).toContain("83.3%");
    // The office's files are not offered here.
    expect(page).not.toContain("tabulation.xlsx");
    const hidden = await (await send(`/results?exam=${kept}`)).text();
    expect(hidden).not.toContain(`class="exam-figures"`);
    expect(hidden).toContain("Model Test");
  });

  it("shows the admin the figures and the office's files on the exam's dashboard page", async () => {
    const page = await (await send(`/DeashBoard/exams/${kept}`, { cookie: admin })).text();
    expect(page).toContain('id="exam-figures-subjects-title"');
    expect(page).toContain("Average marks by subject");
    expect(page).toContain(`/results/exams/${kept}/tabulation.xlsx?lang=en`);
    expect(page).toContain(`/results/exams/${kept}/tabulation.pdf?lang=en`);
    expect(page).toContain(`/results/exams/${kept}/merit-list.pdf?lang=en`);
    const bangla = await (
      await send(`/DeashBoard/exams/${kept}`, { cookie: `${admin}; maktab_lang=bn` })
    ).text();
    expect(bangla).toContain("বিষয়ভিত্তিক গড় নম্বর");
    expect(bangla).toContain(`/results/exams/${kept}/merit-list.pdf?lang=bn`);
  });
});
