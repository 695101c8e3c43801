// The dictionaries, for the server. A page receives its language's texts from the root loader,
// except those only the dashboard or the profile area shows: their layouts' loaders send them
// (a public page carries about 40% less text in its HTML). The cart's and the account pages'
// texts go only to the pages whose paths need them (page-areas.ts): the home page's HTML is
// then a tenth smaller again.

import { accountSecurityMessages } from "./areas/account-security";
import { authMessages } from "./areas/auth";
import { cartMessages } from "./areas/cart";
import { dashboardMessages } from "./areas/dashboard";
import { dashboardFormsMessages } from "./areas/dashboard-forms";
import { dashboardListsMessages } from "./areas/dashboard-lists";
import { dashboardOverviewMessages } from "./areas/dashboard-overview";
import { dashboardPeopleMessages } from "./areas/dashboard-people";
import { detailsMessages } from "./areas/details";
import { downloadsMessages } from "./areas/downloads";
import { eventsMessages } from "./areas/events";
import { examReportsMessages } from "./areas/exam-reports";
import { galleryMessages } from "./areas/gallery";
import { homeMessages } from "./areas/home";
import { inboxMessages } from "./areas/inbox";
import { listsMessages } from "./areas/lists";
import { marksheetMessages } from "./areas/marksheet";
import { profileMessages } from "./areas/profile";
import { resultsMessages } from "./areas/results";
import { routinesMessages } from "./areas/routines";
import { bn } from "./bn";
import { en } from "./en";
import { labelsEn } from "./errors/labels";
import type { ErrorTexts } from "./errors/render-problem";
import { errorTextsBn } from "./errors/texts-bn";
import { errorTextsEn } from "./errors/texts-en";
import { type PageArea, pageAreaPatterns, pageAreasOf } from "./page-areas";
import type { Locale, Messages } from "./translate";

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

const pageAreaTexts = {
  home: homeMessages,
  // A class's or a position's name shows on many pages (a routine, a profile, a marksheet).
  lists: leavingOut(listsMessages, /^lists\.(class|position)\./),
  details: detailsMessages,
  signIn: authMessages,
  cart: cartMessages,
  account: accountSecurityMessages,
  results: {
    en: { ...resultsMessages.en, ...marksheetMessages.en, ...examReportsMessages.en },
    bn: { ...resultsMessages.bn, ...marksheetMessages.bn, ...examReportsMessages.bn },
  },
  events: eventsMessages,
  downloads: downloadsMessages,
  routines: routinesMessages,
  gallery: galleryMessages,
} satisfies Record<PageArea, Area>;

/** The texts every page gets from the root loader: all but the sections' and the page areas'. */
const everyPageTexts: Record<Locale, Partial<Messages>> = {
  en: withoutSections(en),
  bn: withoutSections(bn),
};

const pageTexts = new Map<string, Partial<Messages>>();

/** The texts the root loader sends to a path's page: every page's, and its areas'. */
export function pageDictionaryFor(locale: Locale, pathname: string): Partial<Messages> {
  const areas = pageAreasOf(pathname);
  const key = `${locale} ${areas.join()}`;
  let texts = pageTexts.get(key);
  if (!texts) {
    texts = {
      ...everyPageTexts[locale],
      ...merged(
        areas.map((area) => pageAreaTexts[area]),
        locale,
      ),
    };
    pageTexts.set(key, texts);
  }
  return texts;
}

function leavingOut(area: Area, keys: RegExp): Area {
  const kept = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).filter(([key]) => !keys.test(key)));
  return { en: kept(area.en), bn: kept(area.bn) };
}

function merged(areas: Area[], locale: Locale): Partial<Messages> {
  return Object.assign({}, ...areas.map((area) => area[locale]));
}

function withoutSections(messages: Messages): Partial<Messages> {
  const sectionKeys = new Set(
    [...Object.values(sectionDictionaries), ...Object.values(pageAreaTexts)].flatMap((texts) =>
      Object.keys(texts.en),
    ),
  );
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !sectionKeys.has(key)));
}

/** Each language's words for problems (common/errors/problem.ts makes them). */
export const errorTextsOf: Record<Locale, ErrorTexts> = {
  en: { texts: errorTextsEn, labels: labelsEn },
  bn: errorTextsBn,
};

/** Problems only the dashboard shows: their texts go with the dashboard's (`sectionErrorTexts`). */
const dashboardOnly = /^(sheet|routine|refund|hold|inbox)\.|^exam\.(?!digits$)/;

const errorTextsWhere = (locale: Locale, dashboard: boolean) =>
  Object.fromEntries(
    Object.entries(errorTextsOf[locale].texts).filter(([key]) => dashboardOnly.test(key) === dashboard),
  ) as ErrorTexts["texts"];

/**
 * Problems only some pages can show, and the paths of those pages: the payment's and the cart's
 * (the cart's page area), a record's content's (writing it), an account's (the sign-in pages, the
 * profile, the dashboard's people).
 * Every other page is spared their texts.
 */
const problemsOfSomePages: { codes: RegExp; pages: RegExp }[] = [
  { codes: /^(payment|card|cart|price)\./, pages: pageAreaPatterns.cart },
  // Writing a record's content, a file or a photo: the profile (a blog, a photo), a record's
  // own page (a comment) and the dashboard.
  {
    codes: /^(upload|content)\./,
    pages: new RegExp(`${pageAreaPatterns.details.source}|^/profile-route(/|$)`, "i"),
  },
  {
    codes: /^(auth|account|password|phone)\./,
    pages: new RegExp(`${pageAreaPatterns.account.source}|^/deashboard(/|$)`, "i"),
  },
];

const pageErrorTextsByKey = new Map<string, ErrorTexts>();

/**
 * The problems' texts the root loader sends to a path's page: the reader's language only, without
 * the dashboard's (which its layout sends) and without those only other pages can show (an
 * English page of the public site carries about 4 KB of them, not 12).
 */
export function pageErrorTextsFor(locale: Locale, pathname: string): ErrorTexts {
  const shown = problemsOfSomePages.map((group) => group.pages.test(pathname));
  const key = `${locale} ${shown.join()}`;
  let found = pageErrorTextsByKey.get(key);
  if (!found) {
    const texts = Object.fromEntries(
      Object.entries(errorTextsWhere(locale, false)).filter(([code]) =>
        problemsOfSomePages.every((group, index) => shown[index] || !group.codes.test(code)),
      ),
    ) as ErrorTexts["texts"];
    found = { ...errorTextsOf[locale], texts };
    pageErrorTextsByKey.set(key, found);
  }
  return found;
}

/** The dashboard's problems' texts, sent by its layout. */
export const dashboardErrorTexts: Record<Locale, Partial<ErrorTexts["texts"]>> = {
  en: errorTextsWhere("en", true),
  bn: errorTextsWhere("bn", true),
};
