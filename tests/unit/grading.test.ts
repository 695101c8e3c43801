// Exam grading (common/grading.ts): band edges on the national scale, the Qawmi divisions and an
// admin's own table, pass marks and absences, the GPA with an optional subject, its rounding, and
// class positions. Every expected value is worked out by hand in the table or its comment.
import { describe, expect, it } from "vitest";
import {
  classPositions,
  gradeMarksheet,
  gradeResult,
  gradeSubject,
  nationalBands,
  qawmiBands,
  schemeBands,
} from "../../common/grading";
import type { ComponentRule, GradedSubject, GradingScheme, SubjectRule } from "../../common/schemas/results";

const national: GradingScheme = { kind: "national" };
const qawmi: GradingScheme = { kind: "qawmi" };

const written = (full: number, pass = 0): ComponentRule => ({ kind: "written", full, pass });
const mcq = (full: number, pass = 0): ComponentRule => ({ kind: "mcq", full, pass });
const practical = (full: number, pass = 0): ComponentRule => ({ kind: "practical", full, pass });

function rule(code: string, components: ComponentRule[], optional = false): SubjectRule {
  return { code, name: `Subject ${code}`, optional, components };
}

/** A subject of one written paper with no pass mark of its own: only the band decides. */
const single = (full: number) => rule("S", [written(full)]);

/** A graded 100-mark subject of one paper, compulsory or optional. */
const hundred = (code: string, marks: number, scheme: GradingScheme = national, optional = false) =>
  gradeSubject(rule(code, [written(100, 0)], optional), [marks], scheme);

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

describe("Qawmi divisions", () => {
  it("is the boards' table", () => {
    expect(qawmiBands.map((b) => [b.min, b.grade])).toEqual([
      [80, "Mumtaz"],
      [65, "Jayyid Jiddan"],
      [50, "Jayyid"],
      [33, "Maqbul"],
      [0, "Rasib"],
    ]);
  });

  it.each([
    // 100 marks: the division by percent, the point the national one of the same percent.
    [100, 100, "Mumtaz", 5],
    [100, 80, "Mumtaz", 5],
    [100, 79, "Jayyid Jiddan", 4],
    [100, 70, "Jayyid Jiddan", 4],
    [100, 65, "Jayyid Jiddan", 3.5],
    [100, 64, "Jayyid", 3.5],
    [100, 60, "Jayyid", 3.5],
    [100, 50, "Jayyid", 3],
    [100, 49, "Maqbul", 2],
    [100, 40, "Maqbul", 2],
    [100, 33, "Maqbul", 1],
    [100, 32, "Rasib", 0],
    // 50 marks: 40 = 80%, 39 = 78%; 33 = 66%, 32 = 64%; 25 = 50%, 24 = 48%; 17 = 34%, 16 = 32%.
    [50, 40, "Mumtaz", 5],
    [50, 39, "Jayyid Jiddan", 4],
    [50, 33, "Jayyid Jiddan", 3.5],
    [50, 32, "Jayyid", 3.5],
    [50, 25, "Jayyid", 3],
    [50, 24, "Maqbul", 2],
    [50, 17, "Maqbul", 1],
    [50, 16, "Rasib", 0],
    // 75 marks: 49 = 65.33%, 48 = 64%.
    [75, 49, "Jayyid Jiddan", 3.5],
    [75, 48, "Jayyid", 3.5],
  ])("%i-mark kitab, %i marks: %s (%d)", (full, marks, grade, point) => {
    const graded = gradeSubject(single(full), [marks], qawmi);
    expect({ grade: graded.grade, point: graded.point, failed: graded.failed }).toEqual({
      grade,
      point,
      failed: grade === "Rasib",
    });
  });

  it("fails a kitab under its own pass mark as Rasib", () => {
    const kitab = rule("bukhari", [written(100, 33)]);
    expect(gradeSubject(kitab, [30], qawmi)).toMatchObject({ grade: "Rasib", point: 0, failed: true });
    expect(gradeSubject(kitab, [null], qawmi)).toMatchObject({ grade: "Rasib", absent: true, failed: true });
  });

  it.each([
    // The division of the average percent: (80 + 80 + 79 + 81) / 4 = 80.
    ["average exactly 80", [80, 80, 79, 81], "Mumtaz", 4.75],
    // (80 + 80 + 79 + 80) / 4 = 79.75: under 80.
    ["average 79.75", [80, 80, 79, 80], "Jayyid Jiddan", 4.75],
    // (65 + 65 + 64 + 66) / 4 = 65.
    ["average exactly 65", [65, 65, 64, 66], "Jayyid Jiddan", 3.5],
    // (65 + 65 + 64 + 65) / 4 = 64.75.
    ["average 64.75", [65, 65, 64, 65], "Jayyid", 3.5],
    // (50 + 50 + 49 + 51) / 4 = 50; points 3 + 3 + 2 + 3 = 11 / 4 = 2.75.
    ["average exactly 50", [50, 50, 49, 51], "Jayyid", 2.75],
    // (50 + 50 + 49 + 50) / 4 = 49.75.
    ["average 49.75", [50, 50, 49, 50], "Maqbul", 2.75],
    // (33 + 33 + 33 + 33) / 4 = 33, all passed: Maqbul, 1.00.
    ["every kitab at 33", [33, 33, 33, 33], "Maqbul", 1],
    // 5 + 4 + 3.5 + 3 = 15.5 / 4 = 3.875 -> 3.88; (80 + 79 + 65 + 50) / 4 = 68.5.
    ["mixed", [80, 79, 65, 50], "Jayyid Jiddan", 3.88],
  ])("%s: %s", (_, marks, division, gpa) => {
    const result = gradeResult(
      marks.map((m, i) => hundred(`k${i}`, m, qawmi)),
      qawmi,
    );
    expect({ grade: result.grade, gpa: result.gpa, result: result.result }).toEqual({
      grade: division,
      gpa,
      result: "pass",
    });
  });

  it("weighs each kitab the same, whatever its full marks", () => {
    // 50 of 50 (100%) and 60 of 100 (60%): average 80% -> Mumtaz (the total, 110/150 = 73.3%,
    // would be Jayyid Jiddan). Points 5 + 3.5 = 8.5 / 2 = 4.25.
    const subjects = [
      gradeSubject(rule("a", [written(50, 17)]), [50], qawmi),
      gradeSubject(rule("b", [written(100, 33)]), [60], qawmi),
    ];
    expect(gradeResult(subjects, qawmi)).toMatchObject({ grade: "Mumtaz", gpa: 4.25, totalMarks: 110 });
    // 40 of 50 (80%) and 79 of 100 (79%): average 79.5% -> Jayyid Jiddan.
    const under = [
      gradeSubject(rule("a", [written(50, 17)]), [40], qawmi),
      gradeSubject(rule("b", [written(100, 33)]), [79], qawmi),
    ];
    expect(gradeResult(under, qawmi).grade).toBe("Jayyid Jiddan");
  });

  it("averages exactly over full marks whose common multiple passes 2^53", () => {
    // Sixteen kitabs whose full marks have the least common multiple 5 x 4 x 3 x 5 x 7 x 11 x 13 x
    // 17 x 19 x 23 x 29 x 31 x 37 x 41 x 43 = 1.3 x 10^17, each scored at exactly 80%: average 80.
    const fulls = [5, 10, 15, 20, 25, 35, 55, 65, 85, 95, 115, 145, 155, 185, 205, 215];
    const subjects = fulls.map((full, i) =>
      gradeSubject(rule(`p${i}`, [written(full)]), [(full * 4) / 5], qawmi),
    );
    expect(gradeResult(subjects, qawmi).grade).toBe("Mumtaz");
    // One mark less in the largest (171 of 215): just under 80 on average.
    const last = subjects.length - 1;
    subjects[last] = gradeSubject(rule("p15", [written(215)]), [171], qawmi);
    expect(gradeResult(subjects, qawmi).grade).toBe("Jayyid Jiddan");
  });

  it("is Rasib with GPA 0 when a compulsory kitab fails", () => {
    const result = gradeResult(
      [hundred("a", 95, qawmi), hundred("b", 90, qawmi), hundred("c", 32, qawmi)],
      qawmi,
    );
    expect(result).toMatchObject({
      grade: "Rasib",
      gpa: 0,
      gpaWithoutOptional: 0,
      result: "fail",
      totalMarks: 217,
    });
  });

  it("leaves an optional kitab out of the division and passes despite it", () => {
    // Compulsory 80 and 80: Mumtaz; the optional failed at 10 changes nothing. GPA 5.00.
    const result = gradeResult(
      [hundred("a", 80, qawmi), hundred("b", 80, qawmi), hundred("o", 10, qawmi, true)],
      qawmi,
    );
    expect(result).toMatchObject({
      grade: "Mumtaz",
      gpa: 5,
      result: "pass",
      totalMarks: 170,
      fullMarks: 300,
    });
  });
});

describe("a custom scheme", () => {
  // An admin's table, entered out of order.
  const custom: GradingScheme = {
    kind: "custom",
    bands: [
      { min: 40, grade: "Pass", point: 1 },
      { min: 0, grade: "Fail", point: 0 },
      { min: 90, grade: "Excellent", point: 4 },
      { min: 60, grade: "Good", point: 2 },
      { min: 75, grade: "Very good", point: 3 },
    ],
  };

  it("sorts the table, highest band first", () => {
    expect(schemeBands(custom).map((b) => b.grade)).toEqual([
      "Excellent",
      "Very good",
      "Good",
      "Pass",
      "Fail",
    ]);
  });

  it.each([
    [100, 90, "Excellent", 4, false],
    [100, 89, "Very good", 3, false],
    [100, 75, "Very good", 3, false],
    [100, 74, "Good", 2, false],
    [100, 40, "Pass", 1, false],
    // The band worth no points is the failing one.
    [100, 39, "Fail", 0, true],
    // 50 marks: 45 = 90%, 44 = 88%; 20 = 40%, 19 = 38%.
    [50, 45, "Excellent", 4, false],
    [50, 44, "Very good", 3, false],
    [50, 20, "Pass", 1, false],
    [50, 19, "Fail", 0, true],
  ])("%i-mark subject, %i marks: %s %d", (full, marks, grade, point, failed) => {
    expect(gradeSubject(single(full), [marks], custom)).toMatchObject({ grade, point, failed });
  });

  it("fails a subject under a component's pass mark with the failing band's grade", () => {
    // 20 + 28 = 48% would be Pass; the written 20 is under 23.
    const subject = gradeSubject(rule("x", [written(70, 23), mcq(30, 10)]), [20, 28], custom);
    expect(subject).toMatchObject({ grade: "Fail", point: 0, failed: true });
  });

  it("takes a minimum with decimals exactly: 33.33%", () => {
    const strict: GradingScheme = {
      kind: "custom",
      bands: [
        { min: 33.33, grade: "Pass", point: 1 },
        { min: 0, grade: "Fail", point: 0 },
      ],
    };
    // 100 of 300 is 33.333...%, over; 99 is 33%, under.
    expect(gradeSubject(single(300), [100], strict).grade).toBe("Pass");
    expect(gradeSubject(single(300), [99], strict).grade).toBe("Fail");
    // 33 of 100 is under 33.33%; 34 is over.
    expect(gradeSubject(single(100), [33], strict).grade).toBe("Fail");
    expect(gradeSubject(single(100), [34], strict).grade).toBe("Pass");
  });

  it.each([
    // 4 + 3 + 2 = 9 / 3 = 3.00: the band of the highest point not above it is Very good.
    ["9 / 3", [95, 80, 65], 3, "Very good"],
    // 4 + 4 + 3 = 11 / 3 = 3.666... -> 3.67: Very good.
    ["11 / 3", [95, 95, 80], 3.67, "Very good"],
    // 4 x 3 = 12 / 3 = 4.00: Excellent.
    ["all Excellent", [90, 91, 100], 4, "Excellent"],
    // 1 + 1 + 2 = 4 / 3 = 1.333... -> 1.33: Pass.
    ["4 / 3", [40, 45, 60], 1.33, "Pass"],
  ])("GPA %s", (_, marks, gpa, grade) => {
    const result = gradeResult(
      marks.map((m, i) => hundred(`c${i}`, m, custom)),
      custom,
    );
    expect(result).toMatchObject({ gpa, grade, result: "pass" });
  });

  it("fails the result with the failing band's grade", () => {
    const result = gradeResult([hundred("a", 95, custom), hundred("b", 30, custom)], custom);
    expect(result).toMatchObject({ gpa: 0, grade: "Fail", result: "fail" });
  });

  it("caps the GPA at the table's top point", () => {
    // 4 + 4 = 8, an Excellent optional adds 4 - 2 = 2: 10 / 2 = 5.00, capped at 4.00.
    const result = gradeResult(
      [hundred("a", 95, custom), hundred("b", 95, custom), hundred("o", 95, custom, true)],
      custom,
    );
    expect(result).toMatchObject({ gpa: 4, gpaWithoutOptional: 4, grade: "Excellent" });
  });

  it("sums points with decimals in hundredths: 4.1 + 3.3 + 2.7 = 10.1 / 3 -> 3.37", () => {
    // In floating point 4.1 + 3.3 + 2.7 is 10.099999999999998.
    const tenths: GradingScheme = {
      kind: "custom",
      bands: [
        { min: 80, grade: "A", point: 4.1 },
        { min: 60, grade: "B", point: 3.3 },
        { min: 40, grade: "C", point: 2.7 },
        { min: 0, grade: "F", point: 0 },
      ],
    };
    const result = gradeResult(
      [hundred("a", 85, tenths), hundred("b", 65, tenths), hundred("c", 45, tenths)],
      tenths,
    );
    // 3.37 is at least 3.3 and under 4.1: B.
    expect(result).toMatchObject({ gpa: 3.37, grade: "B" });
    expect(String(result.gpa)).toBe("3.37");
  });

  it("shows F for a failed subject when no band is worth zero points", () => {
    const noZero: GradingScheme = {
      kind: "custom",
      bands: [
        { min: 50, grade: "Good", point: 2 },
        { min: 0, grade: "Weak", point: 1 },
      ],
    };
    // 10 is Weak (1 point): passed, the table has no failing band.
    expect(gradeSubject(single(100), [10], noZero)).toMatchObject({ grade: "Weak", point: 1, failed: false });
    // A component under its pass mark still fails it.
    const failed = gradeSubject(rule("x", [written(100, 33)]), [20], noZero);
    expect(failed).toMatchObject({ grade: "F", point: 0, failed: true });
  });
});

describe("GPA figures never show floating-point noise", () => {
  it.each([
    // n compulsory subjects of the given points: each GPA is a whole number of hundredths.
    [[3.5, 3.5, 3.5], 3.5],
    [[5, 4, 3.5], 4.17], // 12.5 / 3 = 4.1666...
    [[4, 4, 4, 4, 4, 4, 3.5], 3.93], // 27.5 / 7 = 3.928...
    [[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4], 4.92], // 59 / 12 = 4.9166...
    [[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3.5], 4.9], // 73.5 / 15 = 4.9
  ])("%j -> %d", (points, gpa) => {
    const percent: Record<number, number> = { 5: 90, 4: 75, 3.5: 65 };
    const result = gradeResult(
      points.map((p, i) => hundred(`n${i}`, percent[p]!)),
      national,
    );
    expect(result.gpa).toBe(gpa);
    expect(result.gpa.toFixed(2)).toBe(gpa.toFixed(2));
    expect(String(result.gpa).length).toBeLessThanOrEqual(4);
  });
});

describe("classPositions", () => {
  it("ranks passed before failed, then GPA, then total marks; ties share a place", () => {
    const results = [
      { id: "failed-high-marks", gpa: 0, totalMarks: 950, result: "fail" as const },
      { id: "b", gpa: 4.5, totalMarks: 850, result: "pass" as const },
      { id: "d", gpa: 4.5, totalMarks: 800, result: "pass" as const },
      { id: "a", gpa: 5, totalMarks: 900, result: "pass" as const },
      { id: "c", gpa: 4.5, totalMarks: 850, result: "pass" as const },
      { id: "e", gpa: 3.25, totalMarks: 990, result: "pass" as const },
      { id: "failed-1", gpa: 0, totalMarks: 700, result: "fail" as const },
      { id: "failed-2", gpa: 0, totalMarks: 700, result: "fail" as const },
    ];
    expect(Object.fromEntries(classPositions(results))).toEqual({
      a: 1,
      b: 2,
      c: 2,
      d: 4,
      e: 5,
      "failed-high-marks": 6,
      "failed-1": 7,
      "failed-2": 7,
    });
  });

  it.each([
    // A higher GPA beats more marks.
    [
      [
        { id: "x", gpa: 4.83, totalMarks: 700 },
        { id: "y", gpa: 4.82, totalMarks: 990 },
      ],
      { x: 1, y: 2 },
    ],
    // Equal GPA: more marks first.
    [
      [
        { id: "x", gpa: 4.83, totalMarks: 700 },
        { id: "y", gpa: 4.83, totalMarks: 701 },
      ],
      { y: 1, x: 2 },
    ],
    // All equal: all first.
    [
      [
        { id: "x", gpa: 5, totalMarks: 900 },
        { id: "y", gpa: 5, totalMarks: 900 },
        { id: "z", gpa: 5, totalMarks: 900 },
      ],
      { x: 1, y: 1, z: 1 },
    ],
    // 1, 1, 3, 3, 5.
    [
      [
        { id: "p", gpa: 4, totalMarks: 600 },
        { id: "q", gpa: 5, totalMarks: 800 },
        { id: "r", gpa: 4, totalMarks: 600 },
        { id: "s", gpa: 5, totalMarks: 800 },
        { id: "t", gpa: 3, totalMarks: 999 },
      ],
      { q: 1, s: 1, p: 3, r: 3, t: 5 },
    ],
    [[], {}],
  ])("%j", (students, positions) => {
    const results = students.map((s) => ({ ...s, result: "pass" as const }));
    expect(Object.fromEntries(classPositions(results))).toEqual(positions);
  });

  it("ranks the results gradeResult gives", () => {
    const grade = (marks: number[]): GradedSubject[] => marks.map((m, i) => hundred(`s${i}`, m));
    const top = gradeResult(grade([90, 85]), national); // 5.00, 175
    const next = gradeResult(grade([90, 75]), national); // 4.50, 165
    const failed = gradeResult(grade([99, 20]), national); // fail, 119
    const positions = classPositions([
      { id: "failed", ...failed },
      { id: "next", ...next },
      { id: "top", ...top },
    ]);
    expect(Object.fromEntries(positions)).toEqual({ top: 1, next: 2, failed: 3 });
  });
});
