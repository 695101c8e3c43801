// Every error the REST adapter sends has one shape: {error: {code, message, fields?}}.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { fieldErrorsOf } from "../../common/schemas/field-errors";
import { DomainError, PaymentError, statusOf } from "../domain/errors";
import { RateLimitError } from "../domain/rate-limit";
import { ImageError } from "../files/images";
import { PaymentProviderError } from "../payments/provider";

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function invalidInput(error: z.ZodError, where: "body" | "query" | "params" = "body"): ApiError {
  const fields = fieldErrorsOf(error);
  const list = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return new ApiError(400, "invalid", `Invalid ${where}: ${list}`, fields);
}

export function errorResponse(c: Context, error: unknown): Response | undefined {
  if (error instanceof ApiError) {
    return c.json<ErrorBody>(
      { error: { code: error.code, message: error.message, fields: error.fields } },
      error.status,
    );
  }
  if (error instanceof DomainError) {
    // A refusal for too many requests says when to try again.
    if (error instanceof RateLimitError) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json<ErrorBody>(
      { error: { code: error.code, message: error.message, fields: error.fields } },
      statusOf[error.code] as ContentfulStatusCode,
    );
  }
  if (error instanceof ImageError) {
    const fields = error.field ? { [error.field]: error.message } : undefined;
    return c.json<ErrorBody>({ error: { code: error.code, message: error.message, fields } }, error.status);
  }
  // 402 Payment Required: the card was refused (declined, no funds...), with Stripe's code.
  if (error instanceof PaymentError) {
    return c.json<ErrorBody>({ error: { code: error.code, message: error.message } }, 402);
  }
  if (error instanceof PaymentProviderError) {
    c.get("logger")?.error({ err: error }, "payment provider failed");
    return c.json<ErrorBody>(
      {
        error: {
          code: "payment_provider_unavailable",
          message: "The payment service did not answer. Please try again in a moment.",
        },
      },
      502,
    );
  }
  if (error instanceof z.ZodError) return errorResponse(c, invalidInput(error));
  return undefined;
}
