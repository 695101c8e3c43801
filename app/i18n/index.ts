// The dictionaries, for the server. A page receives its language's texts from the root loader,
// except those only the dashboard or the profile area shows: their layouts' loaders send them
// (a public page carries about 40% less text in its HTML).
import { dashboardMessages } from "./areas/dashboard";
import { dashboardFormsMessages } from "./areas/dashboard-forms";
import { dashboardListsMessages } from "./areas/dashboard-lists";
import { dashboardOverviewMessages } from "./areas/dashboard-overview";
import { dashboardPeopleMessages } from "./areas/dashboard-people";
import { inboxMessages } from "./areas/inbox";
import { profileMessages } from "./areas/profile";
import { bn } from "./bn";
import { en } from "./en";
import {
  bengaliDigits,
  errorMessagesBn,
  errorRulesBn,
  fieldLabelsBn,
  noAccountBn,
  noAccountPrefix,
} from "./errors";
import type { ErrorTable, Locale, Messages } from "./translate";

export * from "./translate";

export const dictionaries: Record<Locale, Messages> = { en, bn };

type Area = Record<Locale, Record<string, string>>;

const sectionAreas = {
  dashboard: [
    dashboardMessages,
    dashboardFormsMessages,
    dashboardListsMessages,
    dashboardPeopleMessages,
    dashboardOverviewMessages,
    inboxMessages,
  ],
  profile: [profileMessages],
} satisfies Record<string, Area[]>;

export type Section = keyof typeof sectionAreas;

/** The texts a section's layout loader sends, as `sectionMessages`. */
export const sectionDictionaries = Object.fromEntries(
  Object.entries(sectionAreas).map(([section, areas]) => [
    section,
    { en: merged(areas, "en"), bn: merged(areas, "bn") },
  ]),
) as Record<Section, Record<Locale, Partial<Messages>>>;

/** The texts every page gets from the root loader: all but the sections'. */
export const pageDictionaries: Record<Locale, Partial<Messages>> = {
  en: withoutSections(en),
  bn: withoutSections(bn),
};

function merged(areas: Area[], locale: Locale): Partial<Messages> {
  return Object.assign({}, ...areas.map((area) => area[locale]));
}

function withoutSections(messages: Messages): Partial<Messages> {
  const sectionKeys = new Set(Object.values(sectionDictionaries).flatMap((texts) => Object.keys(texts.en)));
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !sectionKeys.has(key)));
}

export const errorTables: Record<Locale, ErrorTable | undefined> = {
  en: undefined,
  bn: {
    exact: errorMessagesBn,
    prefixes: [[noAccountPrefix, noAccountBn]],
    rules: errorRulesBn,
    labels: fieldLabelsBn,
    digits: bengaliDigits,
  },
};
