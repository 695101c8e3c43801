// A marks sheet from a spreadsheet program through the REST API: a sheet with errors refused as a
// whole, checked without saving, 60 students imported from XLSX, and given back as XLSX and CSV.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithPeople, type Session, type TestApp } from "../fixtures/test-app";

describe("a marks sheet from a spreadsheet program", () => {
  let t: TestApp;
  let admin: Session;
  let examId: string;
  // The subjects of tests/fixtures/marks/class-ten.xlsx (LibreOffice made it from class-ten.csv).
  const part = (kind: string, full: number) => ({ kind, full, pass: Math.round(full * 0.33) });
  const classTen = {
    name: "Test Examination",
    session: "2024",
    class: "Class Ten",
    subjects: [
      { code: "101", name: "Bangla 1st Paper", components: [part("written", 70), part("mcq", 30)] },
      { code: "102", name: "Bangla 2nd Paper", components: [part("written", 70), part("mcq", 30)] },
      { code: "107", name: "English 1st Paper", components: [part("written", 100)] },
      { code: "108", name: "English 2nd Paper", components: [part("written", 100)] },
      { code: "109", name: "Mathematics", components: [part("written", 70), part("mcq", 30)] },
      { code: "111", name: "Islam and Moral Education", components: [part("written", 70), part("mcq", 30)] },
      {
        code: "136",
        name: "Physics",
        components: [part("written", 50), part("mcq", 25), part("practical", 25)],
      },
      {
        code: "137",
        name: "Chemistry",
        components: [part("written", 50), part("mcq", 25), part("practical", 25)],
      },
      {
        code: "138",
        name: "Biology",
        components: [part("written", 50), part("mcq", 25), part("practical", 25)],
      },
      { code: "154", name: "ICT", components: [part("mcq", 25), part("practical", 25)] },
    ],
  };
  const upload = (name: string, bytes: BlobPart) => {
    const form = new FormData();
    form.set("file", new File([bytes], name));
    return t.request(`/api/results/exams/${examId}/marks`, { method: "POST", body: form, session: admin });
  };

  beforeAll(async () => {
    ({ t, admin } = await appWithPeople("pglite"));
    const created = await t.json("/api/results/exams", "POST", classTen, { session: admin });
    examId = (await created.json())._id;
  });
  afterAll(() => t?.close());

  it("refuses a sheet with errors as a whole, naming each row and column", async () => {
    const sheet = [
      "roll,registration,name,101 written,101 mcq",
      "1,2024000001,Rahim,71,20",
      "x,2024000002,Karim,40,20",
    ];
    const answer = await upload("bad.csv", sheet.join("\n"));
    expect(answer.status).toBe(422);
    const body = await answer.json();
    expect(body).toMatchObject({ imported: 0, enrolled: 0, error: { code: "invalid_sheet" } });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, column: "101 written" }),
        expect.objectContaining({ row: 3, column: "roll" }),
      ]),
    );
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    expect(grid.students).toEqual([]);
  });

  it("checks a sheet without saving it", async () => {
    const sheet = "roll,registration,name,101 written,101 mcq\n1,2024000001,Rahim,50,20";
    const form = new FormData();
    form.set("file", new File([sheet], "check.csv"));
    const answer = await t.request(`/api/results/exams/${examId}/marks?check=1`, {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ imported: 1, enrolled: 1, errors: [] });
    const grid = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    expect(grid.students).toEqual([]);
  });

  it("imports 60 students from the XLSX, and the lookup shows the marks of its first row", async () => {
    const bytes = readFileSync(path.join(import.meta.dirname, "../fixtures/marks/class-ten.xlsx"));
    const answer = await upload("class-ten.xlsx", new Uint8Array(bytes));
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ imported: 60, enrolled: 60, errors: [] });
    await t.json(`/api/results/exams/${examId}/publish`, "POST", {}, { session: admin });
    // Row 1 of class-ten.csv: Rifat Hasan Shuvo, 2410123007; 101 written 55, mcq 19.
    const found = await t.request(`/api/results/lookup?exam=${examId}&roll=1&registration=2410123007`);
    expect(found.status).toBe(200);
    const sheet = await found.json();
    expect(sheet.student).toBe("Rifat Hasan Shuvo");
    expect(sheet.subjects[0]).toMatchObject({ code: "101", marks: 74 });
    expect(sheet.subjects).toHaveLength(10);
  });

  it("gives the office the sheet back as XLSX and CSV, which import back unchanged", async () => {
    expect((await t.request(`/results/exams/${examId}/marks.csv`)).status).toBe(401);
    const csv = await t.request(`/results/exams/${examId}/marks.csv`, { session: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toMatch(/^\uFEFF?roll,registration,name,101 written,101 mcq,102 written/);
    expect(text).toContain("1,2410123007,Rifat Hasan Shuvo,55,19");
    const xlsx = await t.request(`/results/exams/${examId}/marks.xlsx`, { session: admin });
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    const before = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    const again = await upload("again.xlsx", new Uint8Array(await xlsx.arrayBuffer()));
    expect(await again.json()).toEqual({ imported: 60, enrolled: 0, errors: [] });
    const after = await (await t.request(`/api/results/exams/${examId}/marks`, { session: admin })).json();
    expect(after.students).toEqual(before.students);
  });
});
