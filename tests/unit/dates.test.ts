// The Bangla calendar (2019 revision) and Hijri (Umm al-Qura) dates beside the Gregorian one,
// checked against published dates (common/dates.ts).
import { describe, expect, it } from "vitest";
import { dhakaDayOf, extraDates, formatBangla, formatHijri, toBangla, toHijri } from "../../common/dates";
import { siteSettingsInput } from "../../common/schemas/site-settings";

describe("the Bangla calendar, by the 2019 revision", () => {
  it.each([
    // Pohela Boishakh, Bangladesh's new year: 14 April.
    ["2026-04-14", { year: 1433, month: 1, day: 1 }],
    ["2025-04-14", { year: 1432, month: 1, day: 1 }],
    // The day before is the last of Chaitra (30 days) of the year before.
    ["2026-04-13", { year: 1432, month: 12, day: 30 }],
    // Rabindranath's birthday, 25 Boishakh: 8 May.
    ["2026-05-08", { year: 1433, month: 1, day: 25 }],
    // Nazrul's birthday, 11 Joishtho: 25 May.
    ["2026-05-25", { year: 1433, month: 2, day: 11 }],
    // Victory Day: 16 December is 1 Poush.
    ["2025-12-16", { year: 1432, month: 9, day: 1 }],
    // Language Martyrs' Day: 21 February is 8 Falgun, in a common year and a leap year.
    ["2026-02-21", { year: 1432, month: 11, day: 8 }],
    ["2024-02-21", { year: 1430, month: 11, day: 8 }],
    // Falgun holds 29 February in a leap year: it has 30 days then, 29 otherwise.
    ["2024-02-29", { year: 1430, month: 11, day: 16 }],
    ["2024-03-14", { year: 1430, month: 11, day: 30 }],
    ["2026-03-14", { year: 1432, month: 11, day: 29 }],
    // Independence Day: 26 March is 12 Chaitra.
    ["2026-03-26", { year: 1432, month: 12, day: 12 }],
    ["2024-03-26", { year: 1430, month: 12, day: 12 }],
    // Kartik begins on 17 October (after six months of 31 days); Magh on 15 January.
    ["2025-10-17", { year: 1432, month: 7, day: 1 }],
    ["2026-01-15", { year: 1432, month: 10, day: 1 }],
  ])("%s is %o", (day, expected) => {
    expect(toBangla(day)).toEqual(expected);
  });

  it("writes the date in Bangla with Bangla digits, and in English", () => {
    expect(formatBangla("2026-04-14", "bn")).toBe("১ বৈশাখ ১৪৩৩ বঙ্গাব্দ");
    expect(formatBangla("2026-04-14", "en")).toBe("1 Boishakh 1433 BS");
    expect(formatBangla("2026-02-21", "bn")).toBe("৮ ফাল্গুন ১৪৩২ বঙ্গাব্দ");
    expect(formatBangla("2025-12-16", "en")).toBe("1 Poush 1432 BS");
  });

  it("takes an instant by its UTC day, as the Gregorian date beside it is written", () => {
    expect(toBangla(new Date("2026-04-14T10:00:00Z"))).toEqual({ year: 1433, month: 1, day: 1 });
    expect(toBangla("2026-04-14T23:30:00.000Z")).toEqual({ year: 1433, month: 1, day: 1 });
  });

  it("counts every day of a year once, in order", () => {
    let previous = toBangla("2023-04-13");
    for (let n = 0; n < 366 * 4; n += 1) {
      const day = new Date(Date.UTC(2023, 3, 14 + n));
      const next = toBangla(day);
      const expected =
        next.day === 1
          ? previous.month === 12
            ? { year: previous.year + 1, month: 1 }
            : { year: previous.year, month: previous.month + 1 }
          : { year: previous.year, month: previous.month };
      expect({ year: next.year, month: next.month }).toEqual(expected);
      if (next.day !== 1) expect(next.day).toBe(previous.day + 1);
      previous = next;
    }
  });
});

describe("the Hijri date, by Umm al-Qura", () => {
  it.each([
    // Published Umm al-Qura month starts.
    ["2023-03-23", { year: 1444, month: 9, day: 1 }],
    ["2023-07-19", { year: 1445, month: 1, day: 1 }],
    ["2024-03-11", { year: 1445, month: 9, day: 1 }],
    ["2024-04-10", { year: 1445, month: 10, day: 1 }],
    ["2024-07-07", { year: 1446, month: 1, day: 1 }],
    ["2025-03-01", { year: 1446, month: 9, day: 1 }],
    ["2025-03-30", { year: 1446, month: 10, day: 1 }],
    ["2025-06-26", { year: 1447, month: 1, day: 1 }],
    ["2026-02-18", { year: 1447, month: 9, day: 1 }],
    ["2026-06-16", { year: 1448, month: 1, day: 1 }],
    ["2026-04-14", { year: 1447, month: 10, day: 26 }],
  ])("%s is %o", (day, expected) => {
    expect(toHijri(day)).toEqual(expected);
  });

  it("moves by the institute's offset of up to two days", () => {
    expect(toHijri("2026-02-18", -1)).toEqual({ year: 1447, month: 8, day: 29 });
    expect(toHijri("2026-02-17", 1)).toEqual({ year: 1447, month: 9, day: 1 });
    expect(toHijri("2026-06-16", 2)).toEqual({ year: 1448, month: 1, day: 3 });
  });

  it("writes the date in Bangla as used in Bangladesh, and in English", () => {
    expect(formatHijri("2026-02-18", "bn")).toBe("১ রমজান ১৪৪৭ হিজরি");
    expect(formatHijri("2026-02-18", "en")).toBe("1 Ramadan 1447 AH");
    expect(formatHijri("2026-04-14", "bn")).toBe("২৬ শাওয়াল ১৪৪৭ হিজরি");
    expect(formatHijri("2026-06-16", "bn", -1)).toBe("২৯ জিলহজ ১৪৪৭ হিজরি");
  });
});

describe("the institute's choice", () => {
  it("shows none, either or both", () => {
    const day = "2026-04-14";
    expect(extraDates(day, "bn", { calendars: "none", hijriOffset: 0 })).toEqual([]);
    expect(extraDates(day, "bn", { calendars: "bangla", hijriOffset: 0 })).toEqual(["১ বৈশাখ ১৪৩৩ বঙ্গাব্দ"]);
    expect(extraDates(day, "en", { calendars: "hijri", hijriOffset: 1 })).toEqual(["27 Shawwal 1447 AH"]);
    expect(extraDates(day, "en", { calendars: "both", hijriOffset: 0 })).toEqual([
      "1 Boishakh 1433 BS",
      "26 Shawwal 1447 AH",
    ]);
  });

  it("takes an offset of −2..+2 whole days and one of the four choices", () => {
    expect(siteSettingsInput.safeParse({ calendars: "both", hijriOffset: -2 }).success).toBe(true);
    expect(siteSettingsInput.safeParse({ calendars: "both", hijriOffset: 3 }).success).toBe(false);
    expect(siteSettingsInput.safeParse({ calendars: "both", hijriOffset: 0.5 }).success).toBe(false);
    expect(siteSettingsInput.safeParse({ calendars: "julian", hijriOffset: 0 }).success).toBe(false);
    expect(
      siteSettingsInput.parse({ calendars: "both", hijriOffset: 1, nameEn: " ", nameBn: "মক্তব" }),
    ).toEqual({
      calendars: "both",
      hijriOffset: 1,
      nameEn: null,
      nameBn: "মক্তব",
    });
    expect(
      siteSettingsInput.safeParse({ calendars: "both", hijriOffset: 0, nameBn: "ক".repeat(81) }).success,
    ).toBe(false);
  });
});

describe("an event's day", () => {
  it("is its day in Dhaka", () => {
    expect(dhakaDayOf("2026-04-13T18:30:00.000Z")).toBe("2026-04-14");
    expect(dhakaDayOf("2026-04-13T17:59:00.000Z")).toBe("2026-04-13");
  });
});
