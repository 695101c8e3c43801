// Lengths as a reader counts letters (grapheme clusters), for every text people type: a Bangla
// name, an emoji, a letter with combining marks each count as what is seen, not as code units.
import { describe, expect, it } from "vitest";
import { teachers } from "../../common/kinds/teachers";
import { phoneNumber } from "../../common/schemas/account-security";
import { inputOf } from "../../common/schemas/content";
import { requiredText } from "../../common/schemas/fields";
import { displayName } from "../../common/schemas/users";
import { firstGraphemes, graphemeCount, maxGraphemes } from "../../common/text-rules";

describe("the grapheme rule", () => {
  it("counts letters as a reader sees them", () => {
    expect(graphemeCount("মোহাম্মদ শহীদুল ইসলাম")).toBe(14);
    expect("মোহাম্মদ শহীদুল ইসলাম".length).toBe(21);
    expect(graphemeCount("ক্ষ")).toBe(1);
    expect(graphemeCount("👨‍👩‍👧‍👦")).toBe(1);
    expect(graphemeCount("👍🏽")).toBe(1);
    expect(graphemeCount("🇧🇩")).toBe(1);
    expect(graphemeCount("e\u0301")).toBe(1);
    expect(graphemeCount("Mohammad Shahidul Islam")).toBe(23);
  });

  it("takes a limit's letters whatever their code units, and refuses one letter past it", () => {
    expect(maxGraphemes(14)("মোহাম্মদ শহীদুল ইসলাম")).toBe(true);
    expect(maxGraphemes(13)("মোহাম্মদ শহীদুল ইসলাম")).toBe(false);
    expect(maxGraphemes(100)("👨‍👩‍👧‍👦".repeat(100))).toBe(true);
    expect(maxGraphemes(100)("👨‍👩‍👧‍👦".repeat(101))).toBe(false);
    expect(maxGraphemes(3)("e\u0301e\u0301e\u0301")).toBe(true);
  });

  it("refuses a letter stacked with marks past any letter people type (zalgo)", () => {
    expect(maxGraphemes(100)(`a${"\u0301".repeat(5000)}`)).toBe(false);
  });

  it("cuts between letters, never inside a conjunct", () => {
    expect(firstGraphemes("ক্ষমা", 1)).toBe("ক্ষ");
    expect(firstGraphemes("👨‍👩‍👧‍👦👍", 1)).toBe("👨‍👩‍👧‍👦");
  });
});

describe("the schemas' limits count letters", () => {
  it("takes a 100-letter Bangla name (about 300 code units) and refuses 101 letters", () => {
    const name = "ক্ষ্ম".repeat(100);
    expect(name.length).toBe(500);
    expect(displayName.safeParse(name).success).toBe(true);
    expect(displayName.safeParse(`${name}ক`).success).toBe(false);
  });

  it("keeps the specification's 20 for a teacher's short name, in letters", () => {
    const input = inputOf(teachers);
    const base = { phone: "01712345678", address: "Dhaka", email: "t@school.test" };
    const bangla = input.safeParse({ ...base, name: "মোহাম্মদ শহীদুল ইসলাম" });
    expect(bangla.error?.issues.map((issue) => issue.path.join(".")) ?? []).not.toContain("name");
    const english = input.safeParse({ ...base, name: "Mohammad Shahidul Islam" });
    expect(english.error?.issues.map((issue) => issue.path.join("."))).toContain("name");
  });

  it("requires a text and counts its letters", () => {
    const rule = requiredText("name", 3);
    expect(rule.safeParse("👍🏽🇧🇩e\u0301").success).toBe(true);
    expect(rule.safeParse("   ").success).toBe(false);
    expect(rule.safeParse("abcd").success).toBe(false);
  });
});

describe("Bangladeshi mobile numbers", () => {
  it("reads each form people type as +8801XXXXXXXXX", () => {
    for (const typed of [
      "01712345678",
      "8801712345678",
      "+8801712345678",
      "+880 1712-345678",
      "008801712345678",
      "(+880) 1712.345678",
      "০১৭১২৩৪৫৬৭৮",
      "+৮৮০ ১৭১২-৩৪৫৬৭৮",
    ])
      expect(phoneNumber.parse(typed), typed).toBe("+8801712345678");
  });

  it("refuses what is not a Bangladeshi mobile", () => {
    for (const typed of ["+15551234567", "01212345678", "0171234567", "+8802123456789", "call me"])
      expect(phoneNumber.safeParse(typed).success, typed).toBe(false);
  });
});
