// A score as a person writes it, read one way in the dashboard's grid and in a marks sheet: a
// whole number of marks up to the full marks (Bangla digits too, and "45.0" as spreadsheet
// programs write 45), A for absent (a, ab, abs, absent, অনুপস্থিত; "Ab." too), or nothing.

import { asciiDigits } from "./text-rules";

/** A score read: marks, null for absent, undefined when the cell is empty. */
export type Score = number | null | undefined;

/** Why a cell is not a score, for the reader's words (a code, not a sentence). */
export type ScoreProblem = "above_full" | "negative" | "fraction" | "not_a_score";

const absentWords = new Set(["a", "ab", "abs", "absent", "অনুপস্থিত"]);

export function readScore(cell: string, full: number): { score: Score } | { problem: ScoreProblem } {
  const text = asciiDigits(cell.trim());
  if (text === "") return { score: undefined };
  if (absentWords.has(text.toLowerCase().replace(/[\s.]+/g, ""))) return { score: null };
  // A trailing ".0" is still whole.
  const whole = /^(\d+)(?:\.0*)?$/.exec(text);
  if (whole) {
    const score = Number(whole[1]);
    return score > full ? { problem: "above_full" } : { score };
  }
  if (/^[-−]\s*\d*\.?\d+$/.test(text)) return { problem: "negative" };
  if (/^\d*\.\d+$/.test(text)) return { problem: "fraction" };
  return { problem: "not_a_score" };
}
