// One reading of a typed score for the dashboard's grid and the marks sheet (common/scores.ts).
import { describe, expect, it } from "vitest";
import { readScore } from "../../common/scores";

describe("a score as a person writes it", () => {
  it.each([
    ["45", 45],
    [" 45 ", 45],
    ["0", 0],
    ["100", 100],
    ["45.0", 45],
    ["45.", 45],
    ["৪৫", 45],
    ["A", null],
    ["a", null],
    ["Ab.", null],
    ["Abs", null],
    ["absent", null],
    ["ABSENT", null],
    ["অনুপস্থিত", null],
    ["", undefined],
    ["   ", undefined],
  ])("reads %j as %j", (cell, score) => {
    expect(readScore(cell, 100)).toEqual({ score });
  });

  it.each([
    ["101", "above_full"],
    ["১০১", "above_full"],
    ["-3", "negative"],
    ["−3", "negative"],
    ["4.5", "fraction"],
    [".5", "fraction"],
    ["x", "not_a_score"],
    ["4 5", "not_a_score"],
    ["1e2", "not_a_score"],
    ["45\u0000", "not_a_score"],
  ])("refuses %j: %s", (cell, problem) => {
    expect(readScore(cell, 100)).toEqual({ problem });
  });
});
