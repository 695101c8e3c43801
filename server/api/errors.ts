// Every error the REST adapter sends has one shape: {error: {code, message, fields?}}, and the
// message's code beside it for clients that word it themselves: {key, params?, fieldKeys?}
// (common/errors; docs/decisions/0034-errors-by-code.md).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { englishFields, englishOf } from "../../common/errors/english";
import { type Problem, problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "../db/unavailable";
import { DomainError, PaymentError, statusOf } from "../domain/errors";
import { RateLimitError } from "../domain/rate-limit";
import { ImageError } from "../files/images";
import { PaymentProviderError } from "../payments/provider";
import { StorageFullError } from "../storage-full";

export type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    /** The message's code and parameters: `message` is its English words. */
    key: string;
    params?: Problem["params"];
    /** Each field's code and parameters, for `fields`. */
    fieldKeys?: Record<string, Problem>;
  };
};

/** The body of an error: the English words and, beside them, the codes. */
export function errorBody(
  code: string,
  found: Problem,
  fields?: Record<string, Problem>,
  message = englishOf(found),
): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields: englishFields(fields) } : {}),
      key: found.key,
      ...(found.params ? { params: found.params } : {}),
      ...(fields ? { fieldKeys: fields } : {}),
    },
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly problem: Problem,
    readonly fieldProblems?: Record<string, Problem>,
    message?: string,
  ) {
    super(message ?? englishOf(problem));
  }
}

/** A refusal of fields: "Invalid body: title: Title is required; ...". */
export function invalidFields(where: "body" | "query" | "params", fields: Record<string, Problem>): ApiError {
  const list = Object.entries(englishFields(fields))
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return new ApiError(
    400,
    "invalid",
    problem("request.invalidPart", { where }),
    fields,
    `Invalid ${where}: ${list}`,
  );
}

export function invalidInput(error: z.ZodError, where: "body" | "query" | "params" = "body"): ApiError {
  return invalidFields(where, fieldProblemsOf(error));
}

export function errorResponse(c: Context, error: unknown): Response | undefined {
  if (error instanceof ApiError) {
    return c.json<ErrorBody>(
      errorBody(error.code, error.problem, error.fieldProblems, error.message),
      error.status,
    );
  }
  if (error instanceof DomainError) {
    // A refusal for too many requests says when to try again.
    if (error instanceof RateLimitError) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json<ErrorBody>(
      errorBody(error.code, error.problem, error.fieldProblems, error.message),
      statusOf[error.code] as ContentfulStatusCode,
    );
  }
  if (error instanceof ImageError) {
    const fields = error.field ? { [error.field]: error.problem } : undefined;
    return c.json<ErrorBody>(errorBody(error.code, error.problem, fields), error.status);
  }
  // 507 Insufficient Storage: the disk is full; nothing of the file was kept.
  if (error instanceof StorageFullError) {
    c.get("logger")?.error({ err: error }, "file not stored: the disk is full");
    return c.json<ErrorBody>(errorBody(error.code, error.problem), error.status);
  }
  // 402 Payment Required: the card was refused (declined, no funds...), with Stripe's code.
  if (error instanceof PaymentError) {
    return c.json<ErrorBody>(errorBody(error.code, error.problem), 402);
  }
  if (error instanceof PaymentProviderError) {
    c.get("logger")?.error({ err: error }, "payment provider failed");
    return c.json<ErrorBody>(errorBody("payment_provider_unavailable", problem("payment.unavailable")), 502);
  }
  if (error instanceof z.ZodError) return errorResponse(c, invalidInput(error));
  if (isDatabaseUnavailable(error)) return databaseUnavailable(c, error);
  return undefined;
}

/** 503 with Retry-After: the database does not answer (server/db/unavailable.ts). */
function databaseUnavailable(c: Context, error: unknown): Response {
  c.get("logger")?.warn({ err: error }, "the database does not answer");
  c.header("Retry-After", String(databaseRetryAfterSeconds));
  c.header("Cache-Control", "no-store");
  return c.json<ErrorBody>(errorBody("database_unavailable", problem("database.unavailable")), 503);
}
