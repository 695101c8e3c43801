// The lookup's server side, shared by /results and the marksheet page: reads the query with the
// shared schema and asks the domain, turning its refusals into what the page shows.

import { data, type RouterContextProvider } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { lookupQuery, type Marksheet } from "../../common/schemas/results";
import { DomainError } from "../../server/domain/errors";
import { RateLimitError } from "../../server/domain/rate-limit";
import { lookupResult } from "../../server/domain/result-lookup";
import { pageOf } from "../lib/page.server";

export type LookupOutcome =
  | { kind: "none" }
  | { kind: "found"; sheet: Marksheet }
  | { kind: "invalid"; fields: Record<string, Problem> }
  | { kind: "not-found" }
  | { kind: "too-many"; minutes: number };

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
