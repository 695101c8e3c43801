// An exam's title says its year once (issue 40 item 6: "Annual examination 2026 2026").
import { describe, expect, it } from "vitest";
import { examTitle } from "../../common/exam-title";

describe("an exam's title", () => {
  it.each([
    [{ name: "Annual Examination", session: "2026" }, "Annual Examination 2026"],
    [{ name: "Annual examination 2026", session: "2026" }, "Annual examination 2026"],
    [{ name: "বার্ষিক পরীক্ষা ২০২৬", session: "2026" }, "বার্ষিক পরীক্ষা ২০২৬"],
    [{ name: "বার্ষিক পরীক্ষা", session: "2026" }, "বার্ষিক পরীক্ষা 2026"],
    // A longer number is not the session.
    [{ name: "Test 20261", session: "2026" }, "Test 20261 2026"],
    [{ name: "Half-yearly 2026-27", session: "2026-27" }, "Half-yearly 2026-27"],
  ])("%j reads %s", (exam, title) => {
    expect(examTitle(exam)).toBe(title);
  });
});
