// The dates a madrasah keeps beside the Gregorian one (issue 39 item 4, docs/offline-and-dates.md):
// the Bangla calendar's (Bangabda, by Bangladesh's 2019 revision) and the Hijri (Umm al-Qura, moved
// by the institute's offset of up to two days, since the moon is sighted locally). Pure functions
// of a day, in English or Bangla, without zod (public pages use them).
export type DateLanguage = "en" | "bn";

/** Which calendars the institute shows beside the Gregorian date. */
export const extraCalendarChoices = ["none", "bangla", "hijri", "both"] as const;
export type ExtraCalendars = (typeof extraCalendarChoices)[number];

/** The institute's choice of calendars and its Hijri offset (−2..+2 days; common/schemas/site-settings.ts checks them). */
export type DateSettings = { calendars: ExtraCalendars; hijriOffset: number };
export const defaultDateSettings: DateSettings = { calendars: "none", hijriOffset: 0 };

export type CalendarDate = { year: number; month: number; day: number };

const banglaDigits = "০১২৩৪৫৬৭৮৯";
/** 1433 → "১৪৩৩" in Bangla, "1433" in English. */
export const digitsIn = (value: number, language: DateLanguage) =>
  language === "bn" ? String(value).replace(/\d/g, (d) => banglaDigits[Number(d)] ?? d) : String(value);

/**
 * The day a value names: "2026-04-14" as written, an instant by the UTC day (as i18n/format.ts's
 * formatDate writes it, so the extra dates match the Gregorian one beside them).
 */
export function dayOf(value: string | Date): CalendarDate {
  if (typeof value === "string") {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  }
  const date = new Date(value);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day an instant falls on in Dhaka (UTC+6, no summer time), as "2026-04-14": an event's day. */
export const dhakaDayOf = (value: string | Date) =>
  new Date(new Date(value).getTime() + 6 * 3_600_000).toISOString().slice(0, 10);

const dayNumber = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day) / 86_400_000;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const banglaMonths: Record<DateLanguage, readonly string[]> = {
  en: [
    "Boishakh",
    "Joishtho",
    "Asharh",
    "Srabon",
    "Bhadro",
    "Ashwin",
    "Kartik",
    "Ogrohayon",
    "Poush",
    "Magh",
    "Falgun",
    "Chaitra",
  ],
  bn: ["বৈশাখ", "জ্যৈষ্ঠ", "আষাঢ়", "শ্রাবণ", "ভাদ্র", "আশ্বিন", "কার্তিক", "অগ্রহায়ণ", "পৌষ", "মাঘ", "ফাল্গুন", "চৈত্র"],
};

export const hijriMonths: Record<DateLanguage, readonly string[]> = {
  en: [
    "Muharram",
    "Safar",
    "Rabi al-Awwal",
    "Rabi al-Thani",
    "Jumada al-Ula",
    "Jumada al-Akhirah",
    "Rajab",
    "Sha'ban",
    "Ramadan",
    "Shawwal",
    "Dhu al-Qadah",
    "Dhu al-Hijjah",
  ],
  bn: [
    "মহররম",
    "সফর",
    "রবিউল আউয়াল",
    "রবিউস সানি",
    "জমাদিউল আউয়াল",
    "জমাদিউস সানি",
    "রজব",
    "শাবান",
    "রমজান",
    "শাওয়াল",
    "জিলকদ",
    "জিলহজ",
  ],
};

/**
 * The Bangla calendar's date of a Gregorian day, by the 2019 revision used in Bangladesh: the year
 * starts on 14 April (1 Boishakh); Boishakh to Ashwin have 31 days, Kartik to Magh 30, Falgun 29, or
 * 30 when it holds 29 February, and Chaitra 30. The year is the Gregorian one less 593 from 14 April,
 * less 594 before it.
 */
export function toBangla(value: string | Date): CalendarDate {
  const day = dayOf(value);
  const startYear = day.month > 4 || (day.month === 4 && day.day >= 14) ? day.year : day.year - 1;
  let left = dayNumber(day) - dayNumber({ year: startYear, month: 4, day: 14 });
  const lengths = [31, 31, 31, 31, 31, 31, 30, 30, 30, 30, isLeap(startYear + 1) ? 30 : 29, 30];
  let month = 0;
  while (left >= (lengths[month] ?? 30) && month < 11) {
    left -= lengths[month] ?? 30;
    month += 1;
  }
  return { year: startYear - 593, month: month + 1, day: left + 1 };
}

const umalqura = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The Hijri date of a Gregorian day by the Umm al-Qura calendar (as the ICU in Node and the browsers
 * keeps it), moved by `offset` days (−2..+2): +1 when the month began a day earlier here than in
 * the table, so the day counts one more.
 */
export function toHijri(value: string | Date, offset = 0): CalendarDate {
  const day = dayOf(value);
  const moved = new Date(Date.UTC(day.year, day.month - 1, day.day + offset));
  const parts = umalqura.formatToParts(moved);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** "১ বৈশাখ ১৪৩৩ বঙ্গাব্দ", "1 Boishakh 1433 BS". */
export function formatBangla(value: string | Date, language: DateLanguage): string {
  const { year, month, day } = toBangla(value);
  const suffix = language === "bn" ? "বঙ্গাব্দ" : "BS";
  return `${digitsIn(day, language)} ${banglaMonths[language][month - 1]} ${digitsIn(year, language)} ${suffix}`;
}

/** "২৬ শাওয়াল ১৪৪৭ হিজরি", "26 Shawwal 1447 AH". */
export function formatHijri(value: string | Date, language: DateLanguage, offset = 0): string {
  const { year, month, day } = toHijri(value, offset);
  const suffix = language === "bn" ? "হিজরি" : "AH";
  return `${digitsIn(day, language)} ${hijriMonths[language][month - 1]} ${digitsIn(year, language)} ${suffix}`;
}

/** The extra dates the institute shows beside a Gregorian one, in order (Bangla, then Hijri). */
export function extraDates(value: string | Date, language: DateLanguage, settings: DateSettings): string[] {
  const shown: string[] = [];
  if (settings.calendars === "bangla" || settings.calendars === "both")
    shown.push(formatBangla(value, language));
  if (settings.calendars === "hijri" || settings.calendars === "both")
    shown.push(formatHijri(value, language, settings.hijriOffset));
  return shown;
}
