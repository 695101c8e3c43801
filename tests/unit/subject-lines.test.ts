// The dashboard's typed subjects and grade tables, read as a teacher writes them.

import { describe, expect, it } from "vitest";
import { englishOf } from "../../common/errors/english";
import type { Problem } from "../../common/errors/problem";
import { readBandLines, readSubjectLines, writeSubjectLines } from "../../common/subject-lines";

/** A refusal's English words. */
const words = (found: Problem | undefined) => found && englishOf(found);

describe("subject lines", () => {
  it("reads code, name, parts and the optional mark, skipping blank lines", () => {
    const text =
      "101, Bangla, written 70/23, mcq 30/10\n\n126 ,Higher Mathematics, Written 50/17 , mcq 25/8, practical 25/8, optional\r\n";
    expect(readSubjectLines(text)).toEqual({
      subjects: [
        {
          code: "101",
          name: "Bangla",
          optional: false,
          components: [
            { kind: "written", full: 70, pass: 23 },
            { kind: "mcq", full: 30, pass: 10 },
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
    });
  });

  it("names the line and the part it cannot read", () => {
    expect(words(readSubjectLines("101, Bangla, written 70/23\n102, English, oral 30/10").error)).toBe(
      'line 2: "oral 30/10" must be written, mcq or practical with full/pass marks',
    );
    expect(words(readSubjectLines("109, Mathematics, written 70").error)).toMatch(/^line 1: "written 70"/);
  });

  it("writes lines that read back the same", () => {
    const text = "101, Bangla, written 70/23, mcq 30/10\n126, Higher Mathematics, written 100/33, optional";
    expect(writeSubjectLines(readSubjectLines(text).subjects)).toBe(text);
  });
});

describe("grade table lines", () => {
  it("reads percent, grade and point", () => {
    expect(readBandLines("80 A+ 5\n 70 A 4 \n0 F 0")).toEqual({
      bands: [
        { min: 80, grade: "A+", point: 5 },
        { min: 70, grade: "A", point: 4 },
        { min: 0, grade: "F", point: 0 },
      ],
    });
  });

  it("names the line it cannot read", () => {
    expect(words(readBandLines("80 A+ 5\nA 70 4").error)).toBe(
      'line 2: "A 70 4" must be a percent, a grade and a point (80 A+ 5)',
    );
  });
});
