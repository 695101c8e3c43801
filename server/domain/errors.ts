// Errors the domain raises on purpose. Each adapter turns them into its own answer: the REST
// adapter into a JSON error with the matching status, a page into a redirect or an error page.
import { englishFields, englishOf } from "../../common/errors/english";
import { type LabelCode, type Problem, problem } from "../../common/errors/problem";

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

/**
 * `code` is the kind of refusal (and the HTTP status); `problem` what to tell the user, by its
 * code (common/errors), and `fieldProblems` each field's. `message` and `fields` are their English
 * words, as the API sends them. `message` may be given when the English says more than the
 * problem's text (a field's name before it, a list of fields).
 */
export class DomainError extends Error {
  readonly problem: Problem;
  readonly fieldProblems?: Record<string, Problem>;
  constructor(code: DomainErrorCode, problem: Problem, fields?: Record<string, Problem>, message?: string);
  constructor(
    readonly code: DomainErrorCode,
    found: Problem,
    fields?: Record<string, Problem>,
    message?: string,
  ) {
    super(message ?? englishOf(found));
    this.name = "DomainError";
    this.problem = found;
    this.fieldProblems = fields;
  }

  /** Field name to English message, for "invalid". */
  get fields(): Record<string, string> | undefined {
    return this.fieldProblems && englishFields(this.fieldProblems);
  }

  /**
   * A refusal of one field whose words follow the field's name: the API's message is
   * "period already has a substitute...", the field's message is the problem alone.
   */
  static ofField(code: DomainErrorCode, field: string, found: Problem, named = field): DomainError {
    return new DomainError(code, { ...found, at: named }, { [field]: found });
  }
}

/** "Order not found": `kind` is the record's kind as the API names it. */
export const notFound = (kind: LabelCode) =>
  new DomainError("not_found", problem("record.notFound", { kind }));

/**
 * A card payment the provider (or test mode) refused: declined, no funds, expired... The code
 * and message are Stripe's, so a page shows the same words whichever provider answered.
 */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    readonly problem: Problem,
  ) {
    super(englishOf(problem));
    this.name = "PaymentError";
  }
}
