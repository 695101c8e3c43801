// The lookup's server side, shared by /results and the marksheet page: reads the query with the
// shared schema and asks the domain, turning its refusals into what the page shows.

import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { DateSettings } from "../../common/dates";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { lookupQuery, type Marksheet } from "../../common/schemas/results";
import {
  nobody,
  personOf,
  placeholderTokens,
  templateAnswer,
} from "../../server/cache/page-template-placeholders";
import { type PlaceholderValues, partViewKeyOf } from "../../server/cache/page-templates";
import { localeOf } from "../../server/cookies";
import { DomainError } from "../../server/domain/errors";
import { RateLimitError } from "../../server/domain/rate-limit";
import { lookupResult } from "../../server/domain/result-lookup";
import { dateSettingsOf, siteSettingsFor } from "../../server/domain/site-settings";
import { marksheetClasses, marksheetMarkup } from "../components/exam-results/marksheet-markup.server";
import { pageOf } from "../lib/page.server";
import { markupClasses } from "../styles/page-css.server";

export type LookupOutcome =
  | { kind: "none" }
  | { kind: "found"; sheet: Marksheet }
  | { kind: "invalid"; fields: Record<string, Problem> }
  | { kind: "not-found" }
  | { kind: "too-many"; minutes: number };

// One lookup per request, whoever asks first (the route's middleware or its loader): each
// counts against the visitor's limits.
const looked = new WeakMap<Readonly<RouterContextProvider>, ReturnType<typeof lookUp>>();

/** lookUp, once per request. */
export function lookUpOnce(
  context: Readonly<RouterContextProvider>,
  values: Parameters<typeof lookUp>[1],
): ReturnType<typeof lookUp> {
  let answer = looked.get(context);
  if (!answer) {
    answer = lookUp(context, values);
    looked.set(context, answer);
  }
  return answer;
}

/** What a lookup with these values gives; nothing asked when none is given. */
export async function lookUp(
  context: Readonly<RouterContextProvider>,
  values: { exam?: string | null; roll?: string | null; registration?: string | null },
): Promise<{ outcome: LookupOutcome; status: number; headers?: Record<string, string> }> {
  if (!values.exam && !values.roll && !values.registration) return { outcome: { kind: "none" }, status: 200 };
  const parsed = lookupQuery.safeParse({
    exam: values.exam ?? "",
    roll: values.roll ?? "",
    registration: values.registration ?? "",
  });
  if (!parsed.success)
    return { outcome: { kind: "invalid", fields: fieldProblemsOf(parsed.error) }, status: 400 };
  const { services, actor, client, contentReads } = pageOf(context);
  try {
    const sheet = await lookupResult(services.db, actor, parsed.data, {
      client,
      institute: services.config.instituteName,
      reads: contentReads,
    });
    return {
      outcome: { kind: "found", sheet },
      status: 200,
      headers: { "Cache-Control": "private, no-store" },
    };
  } catch (error) {
    if (error instanceof RateLimitError) {
      return {
        outcome: { kind: "too-many", minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) },
        status: 429,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      };
    }
    if (error instanceof DomainError && error.code === "not_found") {
      return { outcome: { kind: "not-found" }, status: 404 };
    }
    throw error;
  }
}

/** The loader's answer with the lookup's status and headers. */
export const withStatus = <T>(body: T, answer: { status: number; headers?: Record<string, string> }) =>
  data(body, { status: answer.status, headers: answer.headers });

/** The lookup as the /results page shows it: a found marksheet as its markup (see below). */
export type ShownOutcome = Exclude<LookupOutcome, { kind: "found" }> | { kind: "found"; markup: string };

/**
 * /results as one template per exam and view (decision 0040): every student's page of an exam is
 * the same but for the numbers asked and the marksheet, its own part, rendered apart as markup
 * (marksheet-markup.server.tsx). When the page is rendered as the template (`partView`), the
 * loader gives those as placeholders and notes their values in `held`; otherwise their values.
 */
export function shownLookup(
  context: Readonly<RouterContextProvider>,
  request: Request,
  asked: Asked,
  outcome: LookupOutcome,
  dates?: DateSettings,
): { asked: Asked; outcome: ShownOutcome } {
  const page = pageOf(context);
  if (outcome.kind !== "found") {
    // Not the exam's template: a refusal is rendered for this request alone.
    page.partView = null;
    return { asked, outcome };
  }
  const markup = marksheetMarkup(outcome.sheet, localeOf(request), dates);
  if (!page.partView) return { asked, outcome: { kind: "found", markup } };
  const held = page.placeholderValues;
  held.roll = asked.roll ?? "";
  held.registration = asked.registration ?? "";
  held.part = markup;
  // Whoever's marksheet fills the template later, its rules are in the page.
  page.partView.classes = [...marksheetClasses, ...markupClasses(markup)];
  return {
    asked: { ...asked, roll: placeholderTokens.roll, registration: placeholderTokens.registration },
    outcome: { kind: "found", markup: placeholderTokens.part },
  };
}

type Asked = { exam: string | null; roll: string | null; registration: string | null };

/**
 * The route's middleware: a lookup that finds a marksheet is filled into its exam's template when
 * one is kept, before any loader runs; else the page is rendered as that template (the loader's
 * placeholders, shownLookup) and kept for the next lookup. Any other answer (not found, refused) is
 * rendered as before.
 */
export const lookupFromTemplate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const page = pageOf(context);
  const url = new URL(request.url);
  const asked = {
    exam: url.searchParams.get("exam"),
    roll: url.searchParams.get("roll"),
    registration: url.searchParams.get("registration"),
  };
  // The address as the form makes it, and nothing else in it: the page shows its address (the
  // language switch comes back to it), and the template holds all of it but the numbers.
  const address = (roll: string, registration: string) =>
    `?${new URLSearchParams({ exam: asked.exam ?? "", roll, registration })}`;
  if (
    !page.document ||
    !page.contentGeneration ||
    !asked.exam ||
    !asked.roll ||
    !asked.registration ||
    url.search !== address(asked.roll, asked.registration)
  ) {
    return next();
  }
  const key = partViewKeyOf(request, page.actor, page.contentGeneration, `results ${asked.exam}`);
  const found = page.services.pageTemplates.forView(key);
  if (!found) {
    page.partView = {
      key,
      search: address(placeholderTokens.roll, placeholderTokens.registration),
      classes: [],
    };
    return next();
  }
  const answer = await lookUpOnce(context, asked);
  if (answer.outcome.kind !== "found") return next();
  const held: PlaceholderValues = {
    roll: asked.roll,
    registration: asked.registration,
    part: marksheetMarkup(
      answer.outcome.sheet,
      localeOf(request),
      dateSettingsOf(await siteSettingsFor(page.services.db, page.contentReads)),
    ),
  };
  return templateAnswer(found.template, page.actor.kind === "user" ? personOf(page.actor) : nobody, {
    nonce: page.nonce,
    acceptEncoding: request.headers.get("accept-encoding") ?? undefined,
    status: 200,
    headers: new Headers(found.headers),
    held,
  });
};
