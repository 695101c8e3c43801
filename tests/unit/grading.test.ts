// Exam grading (common/grading.ts): band edges on the national scale, the Qawmi divisions and an
// admin's own table, pass marks and absences, the GPA with an optional subject, its rounding, and
// class positions. Every expected value is worked out by hand in the table or its comment.
import { describe, expect, it } from "vitest";
import { gradeMarksheet, gradeResult, gradeSubject, nationalBands } from "../../common/grading";
import type { SubjectRule } from "../../common/schemas/results";
import { hundred, mcq, national, practical, rule, single, written } from "../fixtures/grading-rules";

describe("the national 5.00 scale", () => {
  it("is the boards' table", () => {
    expect(nationalBands.map((b) => [b.min, b.grade, b.point])).toEqual([
      [80, "A+", 5],
      [70, "A", 4],
      [60, "A-", 3.5],
      [50, "B", 3],
      [40, "C", 2],
      [33, "D", 1],
      [0, "F", 0],
    ]);
  });

  it.each([
    // 100 marks: each edge and the mark under it.
    [100, 100, "A+", 5],
    [100, 80, "A+", 5],
    [100, 79, "A", 4],
    [100, 70, "A", 4],
    [100, 69, "A-", 3.5],
    [100, 60, "A-", 3.5],
    [100, 59, "B", 3],
    [100, 50, "B", 3],
    [100, 49, "C", 2],
    [100, 40, "C", 2],
    [100, 39, "D", 1],
    [100, 33, "D", 1],
    [100, 32, "F", 0],
    [100, 0, "F", 0],
    // 50 marks: 40 = 80%, 39 = 78%; 17 = 34% passes, 16 = 32% does not.
    [50, 40, "A+", 5],
    [50, 39, "A", 4],
    [50, 35, "A", 4],
    [50, 34, "A-", 3.5],
    [50, 30, "A-", 3.5],
    [50, 25, "B", 3],
    [50, 20, "C", 2],
    [50, 17, "D", 1],
    [50, 16, "F", 0],
    // 75 marks: 60 = 80%, 59 = 78.67%; 25 = 33.33%, 24 = 32%.
    [75, 60, "A+", 5],
    [75, 59, "A", 4],
    [75, 53, "A", 4], // 70.67%
    [75, 52, "A-", 3.5], // 69.33%
    [75, 25, "D", 1],
    [75, 24, "F", 0],
    // Fractions of a percent never round up: 159/200 = 79.5% is A, 329/1000 = 32.9% is F.
    [200, 160, "A+", 5],
    [200, 159, "A", 4],
    [1000, 330, "D", 1],
    [1000, 329, "F", 0],
    // 7/10 is 70% exactly, though 7 / 10 * 100 is 70.00000000000001 in floating point; 57/100
    // likewise (56.99999999999999): the comparison is in whole numbers.
    [10, 7, "A", 4],
    [100, 57, "B", 3],
  ])("%i-mark subject, %i marks: %s %d", (full, marks, grade, point) => {
    const graded = gradeSubject(single(full), [marks], national);
    expect({ grade: graded.grade, point: graded.point, marks: graded.marks, full: graded.full }).toEqual({
      grade,
      point,
      marks,
      full,
    });
    // Under 33% the subject itself is failed.
    expect(graded.failed).toBe(point === 0);
  });
});

describe("gradeSubject: components, pass marks and absences", () => {
  // SSC-style: written (creative) 70 with 23 to pass, multiple choice 30 with 10 to pass.
  const bangla = rule("101", [written(70, 23), mcq(30, 10)]);
  // Science: written 50 (17), multiple choice 25 (8), practical 25 (8).
  const physics = rule("136", [written(50, 17), mcq(25, 8), practical(25, 8)]);

  it.each([
    // Both components passed: the total picks the band.
    ["both passed", bangla, [58, 25], 83, "A+", 5, false, false],
    ["both exactly at the pass mark", bangla, [23, 10], 33, "D", 1, false, false],
    // Written 20 of 70 is under 23: F though 20 + 28 = 48% would be a C.
    ["written under its pass mark", bangla, [20, 28], 48, "F", 0, true, false],
    ["written one under, the rest full", physics, [16, 25, 25], 66, "F", 0, true, false],
    ["multiple choice under its pass mark", bangla, [70, 9], 79, "F", 0, true, false],
    // Absent from one paper: failed, though present (the marks of the other still show).
    ["absent from one component", bangla, [null, 25], 25, "F", 0, true, false],
    ["absent from the practical", physics, [45, 24, null], 69, "F", 0, true, false],
    // Absent from every paper: absent, and failed.
    ["absent from every component", bangla, [null, null], 0, "F", 0, true, true],
    // Present with nothing right is not an absence.
    ["zero in both, present", bangla, [0, 0], 0, "F", 0, true, false],
    ["three components passed", physics, [38, 20, 22], 80, "A+", 5, false, false],
  ])("%s", (_, subjectRule, scores, marks, grade, point, failed, absent) => {
    const graded = gradeSubject(subjectRule, scores, national);
    expect(graded).toMatchObject({ marks, full: 100, grade, point, failed, absent });
  });

  it("keeps each component's rule beside its score", () => {
    const graded = gradeSubject(bangla, [null, 25], national);
    expect(graded.components).toEqual([
      { kind: "written", full: 70, pass: 23, score: null },
      { kind: "mcq", full: 30, pass: 10, score: 25 },
    ]);
    expect(graded).toMatchObject({ code: "101", name: "Subject 101", optional: false });
  });

  it("refuses scores that do not match the components", () => {
    expect(() => gradeSubject(bangla, [50], national)).toThrow("101: 1 scores for 2 components");
  });
});

describe("gradeResult: the GPA on the national scale", () => {
  /** Nine compulsory subjects of the given national points, each from a 100-mark paper. */
  const percentOf: Record<number, number> = { 5: 85, 4: 75, 3.5: 65, 3: 55, 2: 45, 1: 35, 0: 20 };
  const compulsoryWith = (points: number[]) => points.map((p, i) => hundred(`c${i}`, percentOf[p]!));

  it.each([
    // 5 x 9 = 45 / 9 = 5.00.
    ["all A+", [5, 5, 5, 5, 5, 5, 5, 5, 5], null, 5, 5, "A+"],
    // (45 + (5 - 2)) / 9 = 48 / 9 = 5.33, capped at 5.00.
    ["all A+ and an A+ optional: capped", [5, 5, 5, 5, 5, 5, 5, 5, 5], 5, 5, 5, "A+"],
    // Eight A+ and one A: 44 / 9 = 4.888... -> 4.89; an A+ optional makes (44 + 3) / 9 = 5.22 -> 5.00.
    ["one A made up by the optional", [5, 5, 5, 5, 5, 5, 5, 5, 4], 5, 5, 4.89, "A+"],
    // Eight A and one A+: 37 / 9 = 4.111 -> 4.11; an A optional adds 4 - 2 = 2: 39 / 9 = 4.333 -> 4.33.
    ["an A optional adds 2.00", [4, 4, 4, 4, 4, 4, 4, 4, 5], 4, 4.33, 4.11, "A"],
    // 37 / 9 = 4.11; a B optional adds 1.00: 38 / 9 = 4.222 -> 4.22.
    ["a B optional adds 1.00", [4, 4, 4, 4, 4, 4, 4, 4, 5], 3, 4.22, 4.11, "A"],
    // A C optional is worth exactly 2.00: it adds nothing. 37 / 9 = 4.11.
    ["a C optional adds nothing", [4, 4, 4, 4, 4, 4, 4, 4, 5], 2, 4.11, 4.11, "A"],
    // A D optional (1.00) is under 2.00: nothing is taken away either.
    ["a D optional adds nothing", [4, 4, 4, 4, 4, 4, 4, 4, 5], 1, 4.11, 4.11, "A"],
    // Failing the optional (20%) fails nothing: 37 / 9 = 4.11.
    ["a failed optional does not fail the result", [4, 4, 4, 4, 4, 4, 4, 4, 5], 0, 4.11, 4.11, "A"],
    // Rounding, not truncation: 42 / 9 = 4.666... -> 4.67 (truncated it would be 4.66).
    ["42 / 9 rounds up", [5, 5, 5, 5, 5, 5, 4, 4, 4], null, 4.67, 4.67, "A"],
    // 43 / 9 = 4.777... -> 4.78.
    ["43 / 9 rounds up", [5, 5, 5, 5, 5, 5, 5, 4, 4], null, 4.78, 4.78, "A"],
    // 43.5 / 9 = 4.8333... -> 4.83: the half points stay exact.
    ["43.5 / 9 rounds down", [5, 5, 5, 5, 5, 5, 5, 5, 3.5], null, 4.83, 4.83, "A"],
    // 31.5 / 9 = 3.5 exactly: A-, the letter's lower edge.
    ["3.50 is A-", [3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5], null, 3.5, 3.5, "A-"],
    // 31 / 9 = 3.444... -> 3.44: B.
    ["3.44 is B", [3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3], null, 3.44, 3.44, "B"],
    // 35.5 / 9 = 3.944... -> 3.94, A- though it is near 4.
    ["3.94 is A-", [4, 4, 4, 4, 4, 4, 4, 4, 3.5], null, 3.94, 3.94, "A-"],
    // 18 / 9 = 2.00: C; 17 / 9 = 1.888... -> 1.89: D; 9 / 9 = 1.00: D.
    ["2.00 is C", [2, 2, 2, 2, 2, 2, 2, 2, 2], null, 2, 2, "C"],
    ["1.89 is D", [2, 2, 2, 2, 2, 2, 2, 2, 1], null, 1.89, 1.89, "D"],
    ["1.00 is D", [1, 1, 1, 1, 1, 1, 1, 1, 1], null, 1, 1, "D"],
    // 30 / 9 = 3.333... -> 3.33; a D optional cannot pull it down.
    ["B", [3, 3, 3, 3, 3, 3, 4, 4, 4], 1, 3.33, 3.33, "B"],
  ])("%s", (_, points, optionalPoint, gpa, gpaWithoutOptional, grade) => {
    const subjects = compulsoryWith(points);
    if (optionalPoint !== null) subjects.push(hundred("opt", percentOf[optionalPoint]!, national, true));
    const result = gradeResult(subjects, national);
    expect({ gpa: result.gpa, gpaWithoutOptional: result.gpaWithoutOptional, grade: result.grade }).toEqual({
      gpa,
      gpaWithoutOptional,
      grade,
    });
    expect(result.result).toBe("pass");
  });

  it.each([
    // Five A+ and three C: 25 + 6 = 31 / 8 = 3.875 -> 3.88.
    [[5, 5, 5, 5, 5, 2, 2, 2], 3.88],
    // An exact half rounds up: four A+, two A, a B and a C: 20 + 8 + 3 + 2 = 33 / 8 = 4.125 -> 4.13.
    [[5, 5, 5, 5, 4, 4, 3, 2], 4.13],
    // Eight subjects' 4.375 (35 / 8) -> 4.38.
    [[5, 5, 5, 5, 5, 4, 3, 3], 4.38],
  ])("rounds %j half up to %d", (points, gpa) => {
    const subjects = points.map((p, i) => hundred(`h${i}`, percentOf[p]!));
    expect(gradeResult(subjects, national).gpa).toBe(gpa);
  });

  it("fails the result on a failed compulsory subject, whatever else", () => {
    // Eight A+ and one subject at 32%: F.
    const subjects = [...compulsoryWith([5, 5, 5, 5, 5, 5, 5, 5]), hundred("weak", 32)];
    subjects.push(hundred("opt", 90, national, true));
    const result = gradeResult(subjects, national);
    expect(result).toMatchObject({ gpa: 0, gpaWithoutOptional: 0, grade: "F", result: "fail" });
    // The marks still add up: 8 x 85 + 32 + 90.
    expect({ totalMarks: result.totalMarks, fullMarks: result.fullMarks }).toEqual({
      totalMarks: 802,
      fullMarks: 1000,
    });
  });

  it("fails a student absent from a compulsory subject", () => {
    const absent = gradeSubject(rule("x", [written(70, 23), mcq(30, 10)]), [null, null], national);
    const result = gradeResult([...compulsoryWith([5, 5]), absent], national);
    expect(result).toMatchObject({ gpa: 0, result: "fail", grade: "F", totalMarks: 170, fullMarks: 300 });
  });

  it("passes a student absent from the optional subject, which adds nothing", () => {
    const absent = gradeSubject(rule("opt", [written(100, 33)], true), [null], national);
    const result = gradeResult([...compulsoryWith([5, 4]), absent], national);
    // (5 + 4) / 2 = 4.50.
    expect(result).toMatchObject({ gpa: 4.5, gpaWithoutOptional: 4.5, grade: "A", result: "pass" });
  });

  it("fails a marksheet with no compulsory subject (nothing to pass), without throwing", () => {
    expect(gradeResult([], national)).toEqual({
      subjects: [],
      gpa: 0,
      gpaWithoutOptional: 0,
      grade: "F",
      result: "fail",
      totalMarks: 0,
      fullMarks: 0,
    });
    const onlyOptional = gradeResult([hundred("opt", 95, national, true)], national);
    expect(onlyOptional).toMatchObject({ gpa: 0, result: "fail", totalMarks: 95, fullMarks: 100 });
  });
});

describe("a realistic SSC marksheet: nine compulsory subjects and Higher Math", () => {
  // Marks (components) -> percent -> grade, point:
  //   Bangla      written 58/70, mcq 25/30           = 83/100 -> A+ 5.00
  //   English     written 76/100                     = 76/100 -> A  4.00
  //   Mathematics written 62/70, mcq 28/30           = 90/100 -> A+ 5.00
  //   Religion    written 50/70, mcq 22/30           = 72/100 -> A  4.00
  //   BGS         written 45/70, mcq 20/30           = 65/100 -> A- 3.50
  //   ICT         mcq 20/25, practical 21/25         = 41/50 (82%) -> A+ 5.00
  //   Physics     written 38/50, mcq 20/25, pr 22/25 = 80/100 -> A+ 5.00 (on the edge)
  //   Chemistry   written 30/50, mcq 15/25, pr 20/25 = 65/100 -> A- 3.50
  //   Biology     written 35/50, mcq 18/25, pr 21/25 = 74/100 -> A  4.00
  //   Higher Math (optional) 40/50, 22/25, 23/25     = 85/100 -> A+ 5.00, adds 3.00
  // Compulsory points 5 + 4 + 5 + 4 + 3.5 + 5 + 5 + 3.5 + 4 = 39.00.
  // GPA (39 + 3) / 9 = 4.666... -> 4.67; without the optional 39 / 9 = 4.333... -> 4.33. Grade A.
  // Total 83 + 76 + 90 + 72 + 65 + 41 + 80 + 65 + 74 + 85 = 731 of 8 x 100 + 50 + 100 = 950.
  const cq = [written(70, 23), mcq(30, 10)];
  const science = [written(50, 17), mcq(25, 8), practical(25, 8)];
  const rules: SubjectRule[] = [
    rule("101", cq),
    rule("107", [written(100, 33)]),
    rule("109", cq),
    rule("111", cq),
    rule("150", cq),
    rule("154", [mcq(25, 8), practical(25, 8)]),
    rule("136", science),
    rule("137", science),
    rule("138", science),
    rule("126", science, true),
  ];
  const scores: Record<string, (number | null)[]> = {
    "101": [58, 25],
    "107": [76],
    "109": [62, 28],
    "111": [50, 22],
    "150": [45, 20],
    "154": [20, 21],
    "136": [38, 20, 22],
    "137": [30, 15, 20],
    "138": [35, 18, 21],
    "126": [40, 22, 23],
  };

  it("grades each subject", () => {
    const result = gradeMarksheet(rules, scores, national);
    expect(result.subjects.map((s) => [s.code, s.marks, s.full, s.grade, s.point])).toEqual([
      ["101", 83, 100, "A+", 5],
      ["107", 76, 100, "A", 4],
      ["109", 90, 100, "A+", 5],
      ["111", 72, 100, "A", 4],
      ["150", 65, 100, "A-", 3.5],
      ["154", 41, 50, "A+", 5],
      ["136", 80, 100, "A+", 5],
      ["137", 65, 100, "A-", 3.5],
      ["138", 74, 100, "A", 4],
      ["126", 85, 100, "A+", 5],
    ]);
  });

  it("gives GPA 4.67, 4.33 without Higher Math, grade A, 731 of 950", () => {
    const result = gradeMarksheet(rules, new Map(Object.entries(scores)), national);
    expect({ ...result, subjects: result.subjects.length }).toEqual({
      subjects: 10,
      gpa: 4.67,
      gpaWithoutOptional: 4.33,
      grade: "A",
      result: "pass",
      totalMarks: 731,
      fullMarks: 950,
    });
  });

  it("takes a subject missing from the scores as an absence from it", () => {
    const { "109": _, ...withoutMath } = scores;
    const result = gradeMarksheet(rules, withoutMath, national);
    const math = result.subjects.find((s) => s.code === "109")!;
    expect(math).toMatchObject({ marks: 0, absent: true, failed: true, grade: "F", point: 0 });
    // 731 - 90 = 641.
    expect(result).toMatchObject({ gpa: 0, result: "fail", grade: "F", totalMarks: 641, fullMarks: 950 });
  });
});
