// A receipt's amount in words, English and Bangla, grouped in thousands, lakhs and crores.
import { describe, expect, it } from "vitest";
import { amountInWords } from "../../common/amount-in-words";
import { fineOn, waiverPart } from "../../common/fees";

describe("the amount in words", () => {
  it.each([
    [120_000, "এক হাজার দুইশত টাকা মাত্র", "One thousand two hundred taka only"],
    [121_000, "এক হাজার দুইশত দশ টাকা মাত্র", "One thousand two hundred ten taka only"],
    [0, "শূন্য টাকা মাত্র", "Zero taka only"],
    [5_000, "পঞ্চাশ টাকা মাত্র", "Fifty taka only"],
    [9_900, "নিরানব্বই টাকা মাত্র", "Ninety-nine taka only"],
    [250_050, "দুই হাজার পাঁচশত টাকা পঞ্চাশ পয়সা মাত্র", "Two thousand five hundred taka and fifty paisa only"],
    [
      12_345_600,
      "এক লক্ষ তেইশ হাজার চারশত ছাপ্পান্ন টাকা মাত্র",
      "One lakh twenty-three thousand four hundred fifty-six taka only",
    ],
    [1_000_000_000, "এক কোটি টাকা মাত্র", "One crore taka only"],
    [25_07_00_015_00, "পঁচিশ কোটি সাত লক্ষ পনেরো টাকা মাত্র", "Twenty-five crore seven lakh fifteen taka only"],
    [10_000_000_000_00, "এক হাজার কোটি টাকা মাত্র", "One thousand crore taka only"],
  ])("%i paisa", (minor, bn, en) => {
    expect(amountInWords(minor, "bn")).toBe(bn);
    expect(amountInWords(minor, "en")).toBe(en);
  });

  it("refuses a negative or fractional amount", () => {
    expect(() => amountInWords(-1, "bn")).toThrow(RangeError);
    expect(() => amountInWords(1.5, "en")).toThrow(RangeError);
  });
});

describe("fines and waivers", () => {
  const bands = [
    { afterDay: 10, amountMinor: 1_000 },
    { afterDay: null, amountMinor: 5_000 },
  ];
  it("takes the largest band begun on the day of payment", () => {
    expect(fineOn(bands, "2026-03", "2026-03-10")).toBe(0);
    expect(fineOn(bands, "2026-03", "2026-03-11")).toBe(1_000);
    expect(fineOn(bands, "2026-03", "2026-03-31")).toBe(1_000);
    expect(fineOn(bands, "2026-03", "2026-04-01")).toBe(5_000);
    expect(fineOn(bands, "2026-03", "2026-02-28")).toBe(0);
  });
  it("takes a waiver's part, never more than the charge", () => {
    expect(waiverPart(120_000, { kind: "percent", percent: 50, amountMinor: null })).toBe(60_000);
    expect(waiverPart(101, { kind: "percent", percent: 50, amountMinor: null })).toBe(50);
    expect(waiverPart(1_000, { kind: "fixed", percent: null, amountMinor: 5_000 })).toBe(1_000);
  });
});
