// The dictionaries, for the server. Every page receives from the root loader the texts every page
// shows; the texts only some pages show are in areas (the dashboard's, the lists', the cart's...),
// and each route names the areas its pages need in its handle, whose loader sends them with its
// data (app/lib/page-texts.server.ts). A public page then carries about half the words it would
// otherwise (decision 0042), and its texts arrive with whichever route a navigation loads.

import { accountSecurityMessages } from "./areas/account-security";
import { admissionApplicationsMessages } from "./areas/admission-applications";
import { attendanceMessages } from "./areas/attendance";
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
import { familyMessages } from "./areas/family";
import { feesMessages } from "./areas/fees";
import { galleryMessages } from "./areas/gallery";
import { homeMessages } from "./areas/home";
import { inboxMessages } from "./areas/inbox";
import { listsMessages } from "./areas/lists";
import { marksheetMessages } from "./areas/marksheet";
import { messagesMessages } from "./areas/messages";
import { profileMessages } from "./areas/profile";
import { registerMessages } from "./areas/register";
import { resultsMessages } from "./areas/results";
import { routinesMessages } from "./areas/routines";
import { siteSettingsMessages } from "./areas/site-settings";
import { bn } from "./bn";
import { en } from "./en";
import { labelsEn } from "./errors/labels";
import type { ErrorTexts } from "./errors/render-problem";
import { errorTextsBn } from "./errors/texts-bn";
import { errorTextsEn } from "./errors/texts-en";
import type { Locale, Messages } from "./translate";

export * from "./translate";

export const dictionaries: Record<Locale, Messages> = { en, bn };

type Area = Record<Locale, Record<string, string>>;

/** Texts only some pages show, by area: a route names those its pages need (`handle.texts`). */
const areaTexts = {
  dashboard: merged([
    dashboardMessages,
    dashboardFormsMessages,
    dashboardListsMessages,
    dashboardPeopleMessages,
    dashboardOverviewMessages,
    inboxMessages,
    registerMessages,
    messagesMessages,
    feesMessages,
    siteSettingsMessages,
  ]),
  profile: profileMessages,
  home: homeMessages,
  // A class's or a position's name shows on many pages (a routine, a profile, a marksheet).
  lists: leavingOut(listsMessages, /^lists\.(class|position)\./),
  details: detailsMessages,
  signIn: authMessages,
  cart: cartMessages,
  account: accountSecurityMessages,
  results: merged([resultsMessages, marksheetMessages, examReportsMessages]),
  events: eventsMessages,
  downloads: downloadsMessages,
  routines: routinesMessages,
  gallery: galleryMessages,
  family: familyMessages,
  attendance: attendanceMessages,
  // The printed receipt, which a guardian opens too.
  fees: feesMessages,
  // Admission applications: the guardian's and the office's pages.
  applications: admissionApplicationsMessages,
} satisfies Record<string, Area>;

export type PageArea = keyof typeof areaTexts;

/**
 * Problems only some pages can show, by area (`handle.problems`): the payment's and the cart's,
 * writing a record's content or a file, an account's, and those of the dashboard alone.
 */
const problemAreas = {
  payment: /^(payment|card|cart|price)\./,
  content: /^(upload|content)\./,
  account: /^(auth|account|password|phone)\./,
  family: /^family\./,
  attendance: /^(attendance|leave)\./,
  // The public fees lookup (/fees/pay); the dashboard has them too.
  fees: /^fees\./,
  applications: /^admission\./,
  dashboard: /^(sheet|routine|refund|hold|inbox|register|messages|fees)\.|^exam\.(?!digits$)/,
} satisfies Record<string, RegExp>;

export type ProblemArea = keyof typeof problemAreas;

const areaKeys = new Set(Object.values(areaTexts).flatMap((area) => Object.keys(area.en)));

/** The texts every page gets from the root loader: all but the areas'. */
export const everyPageTexts: Record<Locale, Partial<Messages>> = {
  en: withoutAreas(en),
  bn: withoutAreas(bn),
};

const textsByAreas = new Map<string, Partial<Messages>>();

/** The texts of these areas, for a route's loader to send (one object per language and set). */
export function textsOfAreas(locale: Locale, areas: readonly PageArea[]): Partial<Messages> {
  const key = `${locale} ${areas.join()}`;
  let texts = textsByAreas.get(key);
  if (!texts) {
    texts = Object.assign({}, ...areas.map((area) => areaTexts[area][locale])) as Partial<Messages>;
    textsByAreas.set(key, texts);
  }
  return texts;
}

function leavingOut(area: Area, keys: RegExp): Area {
  const kept = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).filter(([key]) => !keys.test(key)));
  return { en: kept(area.en), bn: kept(area.bn) };
}

function merged(areas: Area[]): Area {
  return {
    en: Object.assign({}, ...areas.map((area) => area.en)),
    bn: Object.assign({}, ...areas.map((area) => area.bn)),
  };
}

function withoutAreas(messages: Messages): Partial<Messages> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !areaKeys.has(key)));
}

/** Each language's words for problems (common/errors/problem.ts makes them). */
export const errorTextsOf: Record<Locale, ErrorTexts> = {
  en: { texts: errorTextsEn, labels: labelsEn },
  bn: errorTextsBn,
};

const inSomeArea = (code: string) => Object.values(problemAreas).some((codes) => codes.test(code));

/**
 * The problems' words the root loader sends to every page: the reader's language only, without
 * those only some pages can show (an English public page carries about 4 KB of them, not 12).
 */
export const everyPageErrorTexts: Record<Locale, ErrorTexts> = {
  en: withoutProblemAreas(errorTextsOf.en),
  bn: withoutProblemAreas(errorTextsOf.bn),
};

function withoutProblemAreas(texts: ErrorTexts): ErrorTexts {
  const kept = Object.entries(texts.texts).filter(([code]) => !inSomeArea(code));
  return { ...texts, texts: Object.fromEntries(kept) as ErrorTexts["texts"] };
}

const problemsByAreas = new Map<string, Partial<ErrorTexts["texts"]>>();

/** The problems' words of these areas, for a route's loader to send. */
export function problemsOfAreas(locale: Locale, areas: readonly ProblemArea[]): Partial<ErrorTexts["texts"]> {
  const key = `${locale} ${areas.join()}`;
  let texts = problemsByAreas.get(key);
  if (!texts) {
    texts = Object.fromEntries(
      Object.entries(errorTextsOf[locale].texts).filter(([code]) =>
        areas.some((area) => problemAreas[area].test(code)),
      ),
    );
    problemsByAreas.set(key, texts);
  }
  return texts;
}
