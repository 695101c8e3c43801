// The institute's site settings: the calendars shown beside the Gregorian date, the Hijri offset
// and the installed app's names (docs/offline-and-dates.md). Anyone reads; admins change.
import { z } from "zod";
import { extraCalendarChoices } from "../../common/dates";
import { siteSettingsInput } from "../../common/schemas/site-settings";
import { readSiteSettings, saveSiteSettings } from "../domain/site-settings";
import { endpoint } from "./endpoint";

const tag = "Site settings";

const settingsWire = z.strictObject({
  calendars: z
    .enum(extraCalendarChoices)
    .meta({ description: "The calendars shown beside the Gregorian date: none, bangla, hijri or both" }),
  hijriOffset: z
    .number()
    .int()
    .min(-2)
    .max(2)
    .meta({ description: "Days added to the Umm al-Qura Hijri date (the moon as sighted here)" }),
  nameEn: z.string().nullable().meta({ description: "The institute's name in English; null: the site's" }),
  nameBn: z.string().nullable().meta({ description: "The institute's name in Bangla; null: the site's" }),
});

export const settingsEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/settings/site"],
    summary: "The calendars shown beside the Gregorian date, the Hijri offset and the institute's names",
    tag,
    access: "anyone",
    sharedView: () => "everyone",
    response: settingsWire,
    handle: ({ services }) => readSiteSettings(services.db),
  }),
  endpoint({
    method: "PUT",
    paths: ["/settings/site"],
    summary:
      "Choose the calendars shown beside the Gregorian date (none, bangla, hijri, both), the Hijri offset " +
      "(-2..2 days) and the institute's names in English and Bangla (empty or null: the site's)",
    tag,
    access: "admin",
    body: siteSettingsInput,
    response: settingsWire,
    handle: ({ services, actor, body }) => saveSiteSettings(services.db, actor, body),
  }),
];
