import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, type Session, type TestApp } from "../fixtures/test-app";

describe("changing an exam once marks are in", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let examId: string;
  const bangla = {
    code: "101",
    name: "Bangla",
    components: [
      { kind: "written", full: 70, pass: 23 },
      { kind: "mcq", full: 30, pass: 10 },
    ],
  };
  const maths = { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] };
  const exam = { name: "Half-yearly", session: "2026", class: "Class Nine", subjects: [bangla, maths] };

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople("pglite"));
    examId = (await (await t.json("/api/results/exams", "POST", exam, { session: admin })).json())._id;
    const form = new FormData();
    // Bangla 60 + 25 = 85 A+ 5; Mathematics 20: F.
    form.set(
      "file",
      new File(["roll,registration,name,101 written,101 mcq,109\n1,2026900001,Rahim,60,25,20"], "m.csv"),
    );
    const imported = await t.request(`/api/results/exams/${examId}/marks`, {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(imported.status).toBe(200);
    await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin });
  });
  afterAll(() => t?.close());

  const lookup = async () =>
    (
      await t.request(`/api/results/lookup?exam=${examId}&roll=1&registration=2026900001`, { session: admin })
    ).json();

  it("refuses a full mark below a score entered, naming the subject", async () => {
    const lower = {
      ...exam,
      subjects: [
        { ...bangla, components: [{ kind: "written", full: 50, pass: 17 }, bangla.components[1]] },
        maths,
      ],
    };
    const refused = await t.json(`/api/results/exams/${examId}`, "PUT", lower, { session: admin });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("101 written has a score of 60");
    expect((await t.json(`/api/results/exams/${examId}`, "PUT", exam, { session: alice })).status).toBe(403);
  });

  it("keeps the class and session once marks are in", async () => {
    const moved = await t.json(
      `/api/results/exams/${examId}`,
      "PUT",
      { ...exam, class: "Class Ten" },
      { session: admin },
    );
    expect(moved.status).toBe(409);
  });

  it("removes the marks of a subject taken out and grades everyone again", async () => {
    expect(await lookup()).toMatchObject({ result: "fail", gpa: 0 });
    const changed = await t.json(
      `/api/results/exams/${examId}`,
      "PUT",
      { ...exam, subjects: [bangla] },
      { session: admin },
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).subjects.map((s: { code: string }) => s.code)).toEqual(["101"]);
    // Bangla alone: 85, A+ 5.00.
    expect(await lookup()).toMatchObject({ result: "pass", gpa: 5, subjects: [{ code: "101", marks: 85 }] });
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    expect(grid.students[0].scores).toEqual({ 101: { written: 60, mcq: 25 } });
  });
});
