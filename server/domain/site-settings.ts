// The institute's site settings (docs/offline-and-dates.md): which calendars show beside the
// Gregorian date (none, the Bangla calendar's, the Hijri, or both), the Hijri offset (−2..+2 days,
// since the moon is sighted locally), and the institute's name in English and Bangla for the
// installed app. Anyone reads them (every page shows the dates); an admin changes them.
import { eq } from "drizzle-orm";
import { type DateSettings, defaultDateSettings } from "../../common/dates";
import type { SiteSettings } from "../../common/schemas/site-settings";
import type { ContentReads } from "../cache/content-reads";
import type { Database } from "../db/client";
import { siteSettings } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";

export const defaultSiteSettings: SiteSettings = { ...defaultDateSettings, nameEn: null, nameBn: null };

/** The settings, or the defaults before an admin saved any. */
export async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db
    .select({
      calendars: siteSettings.calendars,
      hijriOffset: siteSettings.hijriOffset,
      nameEn: siteSettings.nameEn,
      nameBn: siteSettings.nameBn,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? defaultSiteSettings;
}

/** What the pages need to write the extra dates. */
export const dateSettingsOf = ({ calendars, hijriOffset }: SiteSettings): DateSettings => ({
  calendars,
  hijriOffset,
});

/** An admin chooses the calendars, the offset and the names. */
export async function saveSiteSettings(
  db: Database,
  actor: Actor,
  input: SiteSettings,
): Promise<SiteSettings> {
  requireAdmin(actor);
  await db
    .insert(siteSettings)
    .values({ id: 1, ...input })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...input, updatedAt: new Date() } });
  return input;
}

/** The settings for a page: kept for the content generation when the request has kept reads. */
export const siteSettingsFor = (db: Database, reads?: ContentReads): Promise<SiteSettings> =>
  reads ? reads.remember("site-settings", () => readSiteSettings(db)) : readSiteSettings(db);
