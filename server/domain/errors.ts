// Errors the domain raises on purpose. Each adapter turns them into its own answer: the REST
// adapter into a JSON error with the matching status, a page into a redirect or an error page.
export type DomainErrorCode =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "invalid"
  | "conflict"
  | "rate_limited";

export const statusOf: Record<DomainErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
  conflict: 409,
  rate_limited: 429,
};

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Field name to message, for "invalid". */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (what: string) => new DomainError("not_found", `${what} not found`);

/**
 * A card payment the provider (or test mode) refused: declined, no funds, expired... The code
 * and message are Stripe's, so a page shows the same words whichever provider answered.
 */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}
