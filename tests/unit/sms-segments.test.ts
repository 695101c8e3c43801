// What a text message costs: GSM-7 for the GSM alphabet (160 in one message, 153 per part),
// UCS-2 as soon as one other character is in it, as Bangla always is (70 in one, 67 per part).
import { describe, expect, it } from "vitest";
import { smsEncodingOf, smsSegmentsOf } from "../../common/sms-segments";

describe("text message encoding and segments", () => {
  it("sends English as GSM-7 and Bangla as UCS-2", () => {
    expect(smsEncodingOf("Maktab: your code is 123456. It expires in 5 minutes.")).toBe("GSM-7");
    // Characters of GSM's extension table (an escape and a septet) keep it GSM-7.
    expect(smsEncodingOf("Price: 10€ [a|b]")).toBe("GSM-7");
    expect(smsEncodingOf("মক্তব: আপনার কোড 123456।")).toBe("UCS-2");
    expect(smsEncodingOf("code ✓")).toBe("UCS-2");
  });

  it("counts GSM-7 in septets: 160 in one message, 153 per part, an extension character as two", () => {
    expect(smsSegmentsOf("a".repeat(160))).toBe(1);
    expect(smsSegmentsOf("a".repeat(161))).toBe(2);
    expect(smsSegmentsOf("a".repeat(306))).toBe(2);
    expect(smsSegmentsOf("a".repeat(307))).toBe(3);
    expect(smsSegmentsOf("€".repeat(80))).toBe(1);
    expect(smsSegmentsOf("€".repeat(81))).toBe(2);
    // An escape and its character are never split: 152 septets, then a two-septet character.
    expect(smsSegmentsOf(`${"a".repeat(152)}€${"a".repeat(10)}`)).toBe(2);
    expect(smsSegmentsOf(`${"a".repeat(152)}€${"a".repeat(152)}`)).toBe(3);
  });

  it("counts UCS-2 in UTF-16 units: 70 in one message, 67 per part", () => {
    expect(smsSegmentsOf("ক".repeat(70))).toBe(1);
    expect(smsSegmentsOf("ক".repeat(71))).toBe(2);
    expect(smsSegmentsOf("ক".repeat(134))).toBe(2);
    expect(smsSegmentsOf("ক".repeat(135))).toBe(3);
    // An emoji is two units and is not split between parts.
    expect(smsSegmentsOf(`${"ক".repeat(66)}😀${"ক".repeat(10)}`)).toBe(2);
  });
});
