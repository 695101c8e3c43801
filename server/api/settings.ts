// The institute's site settings: the calendars shown beside the Gregorian date, the Hijri offset
// and the installed app's names (docs/offline-and-dates.md). Anyone reads; admins change.
import { z } from "zod";
import { extraCalendarChoices } from "../../common/dates";
import { toMajorUnits } from "../../common/money";
import type { CartChargesView } from "../../common/schemas/cart-charges";
import { cartChargesInput } from "../../common/schemas/cart-charges";
import { siteSettingsInput } from "../../common/schemas/site-settings";
import { readCartCharges, saveCartCharges } from "../domain/cart-charges";
import { readSiteSettings, saveSiteSettings } from "../domain/site-settings";
import { endpoint } from "./endpoint";
import { cartChargesWire } from "./wire-schemas";

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

const chargesAnswer = cartChargesWire.extend({
  shipping: z.number().meta({ description: "Major units (15)" }),
});
const chargesToWire = (charges: CartChargesView) => ({
  ...charges,
  shipping: toMajorUnits(charges.shippingMinor),
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
  endpoint({
    method: "GET",
    paths: ["/settings/cart-charges"],
    summary: "The cart's shipping and tax rate and their names (the specification's 15 and 10% unless set)",
    tag,
    access: "anyone",
    sharedView: () => "everyone",
    response: chargesAnswer,
    handle: async ({ services }) => chargesToWire(await readCartCharges(services.db)),
  }),
  endpoint({
    method: "PUT",
    paths: ["/settings/cart-charges"],
    summary:
      "Set the cart's shipping (minor units, 0: none), its tax rate (percent, two decimals, 0: none) and their " +
      "names in English and Bangla (empty or null: the site's own words). Fees never carry them.",
    tag,
    access: "admin",
    body: cartChargesInput,
    response: chargesAnswer,
    handle: async ({ services, actor, body }) =>
      chargesToWire(await saveCartCharges(services.db, actor, body)),
  }),
];
