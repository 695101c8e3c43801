// The institute's site settings (server/domain/site-settings.ts): the calendars shown beside the
// Gregorian date, the Hijri offset, and its name in English and Bangla for the installed app.
import { z } from "zod";
import { extraCalendarChoices } from "../dates";
import { issue } from "../errors/problem";
import { hasControlCharacter, maxGraphemes } from "../text-rules";

export const instituteNameMaxLetters = 80;

/** A name in a language, or empty (the site's brand name then), at most 80 letters. */
const instituteName = z
  .string({ error: issue("value.text") })
  .trim()
  .refine(maxGraphemes(instituteNameMaxLetters), issue("value.tooLong", { max: instituteNameMaxLetters }))
  .refine((value) => !hasControlCharacter(value), issue("value.text"))
  .transform((value) => (value === "" ? null : value));

export const siteSettingsInput = z.strictObject({
  calendars: z.enum(extraCalendarChoices, { error: issue("value.calendars") }),
  hijriOffset: z
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(-2, issue("value.atLeast", { min: -2 }))
    .max(2, issue("value.atMost", { max: 2 })),
  nameEn: instituteName.nullable().default(null),
  nameBn: instituteName.nullable().default(null),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;
export type SiteSettings = z.output<typeof siteSettingsInput>;
