// Exam grading (common/grading.ts), continued from grading.test.ts: the Qawmi divisions, an
// admin's own table, GPA figures without floating-point noise, and class positions.
import { describe, expect, it } from "vitest";
import { classPositions, gradeResult, gradeSubject, qawmiBands, schemeBands } from "../../common/grading";
import type { GradedSubject, GradingScheme } from "../../common/schemas/results";
import { hundred, mcq, national, qawmi, rule, single, written } from "../fixtures/grading-rules";

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
  it("places only the passed, by GPA, then total marks; ties share a place; the failed have none", () => {
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
    // The failed are given no position, as the national boards give none.
    expect(Object.fromEntries(positions)).toEqual({ top: 1, next: 2 });
  });
});
