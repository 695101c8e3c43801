// The English words of problems: the API's `message` and `fields`, and the server's logs. The
// browser never loads this file: it gets its language's texts from the root loader.
import type { z } from "zod";
import { errorTextsOf } from "../../i18n";
import { type ErrorCode, type Problem, renderProblem } from "../../i18n/errors/render-problem";
import { errorTextsEn } from "../../i18n/errors/texts-en";
import { withKindLabels } from "../kinds/texts";
import { fieldProblemsOf } from "../schemas/field-errors";

/** The English words, with the kinds' names (common/kinds) as labels. */
export const english = withKindLabels(errorTextsOf.en, "en");

/** The English words of a problem: the API's `message`. */
export const englishOf = (found: Problem) => renderProblem(english, found);

/** The English words of field problems, as the API's `fields` gives them. */
export const englishFields = (fields: Record<string, Problem>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, found]) => [field, englishOf(found)]));

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && Object.hasOwn(errorTextsEn, value);

/** Each field's first message in English, keyed by its path: {"admition.title": "Title is required"}. */
export const fieldErrorsOf = (error: z.ZodError): Record<string, string> =>
  englishFields(fieldProblemsOf(error));
