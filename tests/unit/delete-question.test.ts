// The question a Delete asks, in both languages: one admission keeps the specification's words;
// other kinds are named, and several are counted.
import { describe, expect, it } from "vitest";
import { deleteKinds, deleteQuestion } from "../../app/components/delete-question";
import { dictionaries, translator } from "../../i18n";

// The catalogues' words, and the kinds' names from their definitions (common/kinds).
const inEnglish = translator("en", dictionaries.en);
const inBangla = translator("bn", dictionaries.bn);

describe("delete questions", () => {
  it("keeps the specification's text for one admission", () => {
    expect(deleteQuestion(inEnglish, "admissions", 1)).toBe("Are You Deleted This Admition?");
  });

  it("names the kind, and counts several, in English and Bangla", () => {
    expect(deleteQuestion(inEnglish, "comments", 1)).toBe("Delete this comment? This cannot be undone.");
    expect(deleteQuestion(inEnglish, "notices", 3)).toBe("Delete these 3 notices? This cannot be undone.");
    expect(deleteQuestion(inEnglish, "admissions", 2)).toBe(
      "Delete these 2 admissions? This cannot be undone.",
    );
    expect(deleteQuestion(inBangla, "comments", 1)).toBe("এই মন্তব্যটি মুছবেন? এটি আর ফেরানো যাবে না।");
    expect(deleteQuestion(inBangla, "teachers", 2, "২")).toBe("এই ২টি শিক্ষক মুছবেন? এগুলো আর ফেরানো যাবে না।");
  });

  it("has words for every kind in both languages", () => {
    for (const kind of deleteKinds) {
      for (const t of [inEnglish, inBangla]) {
        for (const count of [1, 2]) expect(deleteQuestion(t, kind, count)).not.toMatch(/delete\.|\{/);
      }
    }
  });
});
