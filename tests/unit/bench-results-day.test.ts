import { describe, expect, it } from "vitest";
import {
  lookupPath,
  nextAddress,
  pdfPath,
  resultsDayExam,
  resultsDayRows,
  resultsDaySubjects,
} from "../../bench/results-day";
import { gradeMarksheet } from "../../common/grading";
import { examInput } from "../../common/schemas/results";
import { writeMarksSheet } from "../../server/exam-results/marks-sheet";
import { readMarksSheet } from "../../server/exam-results/marks-sheet-reading";

describe("the bench's results-day class", () => {
  const rows = resultsDayRows(2000);

  it("is an exam the API takes: ten subjects, one optional, with practicals", () => {
    const exam = examInput.parse(resultsDayExam);
    expect(exam.subjects).toHaveLength(10);
    expect(exam.subjects.filter((s) => s.optional).map((s) => s.code)).toEqual(["126"]);
    expect(exam.subjects.filter((s) => s.components.some((c) => c.kind === "practical"))).toHaveLength(4);
  });

  it("is the same on every run, with unique rolls and registration numbers", () => {
    expect(resultsDayRows(2000)).toEqual(rows);
    expect(new Set(rows.map((r) => r.roll)).size).toBe(2000);
    expect(new Set(rows.map((r) => r.registration)).size).toBe(2000);
    expect(rows.every((r) => /^\d{10}$/.test(r.registration))).toBe(true);
  });

  it("reads back from the app's own marks sheet without a problem", async () => {
    const csv = await writeMarksSheet("csv", resultsDaySubjects, rows);
    const sheet = await readMarksSheet({ name: "marks.csv", bytes: csv }, resultsDaySubjects);
    expect(sheet.errors).toEqual([]);
    expect(sheet.rows).toHaveLength(2000);
    expect(sheet.rows[4]!.scores).toEqual(rows[4]!.scores);
    expect(sheet.rows.some((r) => /[\u0980-\u09ff]/.test(r.name))).toBe(true);
  });

  it("spreads the grades: passes and fails, GPA 5.00, absences", () => {
    const graded = rows.map((r) => gradeMarksheet(resultsDaySubjects, r.scores, { kind: "national" }));
    const failed = graded.filter((g) => g.result === "fail").length;
    expect(failed).toBeGreaterThan(100);
    expect(failed).toBeLessThan(500);
    expect(graded.filter((g) => g.gpa === 5).length).toBeGreaterThan(100);
    expect(new Set(graded.map((g) => g.grade))).toEqual(new Set(["A+", "A", "A-", "B", "C", "D", "F"]));
    expect(graded.filter((g) => g.subjects.every((s) => s.absent)).length).toBeGreaterThan(0);
    expect(graded.filter((g) => g.subjects.some((s) => s.absent)).length).toBeGreaterThan(10);
  });
});

describe("the results-day crowd", () => {
  it("gives every request an address of its own", () => {
    const addresses = Array.from({ length: 70_000 }, nextAddress);
    expect(new Set(addresses).size).toBe(70_000);
    expect(addresses.every((a) => /^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a))).toBe(true);
  });

  it("asks by exam, roll and registration, as the page's form and the PDF link do", () => {
    const student = { roll: "17", registration: "2610134857" };
    expect(lookupPath("REST", "e1", student)).toBe(
      "/api/results/lookup?exam=e1&roll=17&registration=2610134857",
    );
    expect(lookupPath("page", "e1", student)).toBe("/results?exam=e1&roll=17&registration=2610134857");
    expect(pdfPath("e1", student, "bn")).toBe("/results/marksheet/e1/17.pdf?registration=2610134857&lang=bn");
  });
});
