// Field rules shared by forms and the server. Messages are problem codes (common/errors): a form
// shows them in the reader's language, the API sends their English words and the code.
import { z } from "zod";
import { issue, type LabelCode, type Problem, problem } from "../errors/problem";
import { hasControlCharacter, isSafeLink, type Lines, maxGraphemes, maxLinkLength } from "../text-rules";

export {
  graphemeCount,
  hasControlCharacter,
  isSafeLink,
  type Lines,
  maxGraphemes,
  maxLinkLength,
  shownLink,
} from "../text-rules";

/** A field's name as a request spells it ("items.0.id" gives "id"), not a label. */
export const noControlsProblem = (name: string): Problem => problem("field.nameControls", { name });

/**
 * Each string in a value (an object's keys too) that holds a control character, by its path:
 * {"items.0.id": "id must not contain control characters"}. For the doors that check every
 * string of a request at once (the REST router, the guard in front of Better Auth).
 */
export function controlCharacterFields(
  value: unknown,
  lines: Lines = "one",
  where = "body",
): Record<string, Problem> {
  const found: Record<string, Problem> = {};
  const visit = (item: unknown, at: string[]) => {
    if (typeof item === "string") {
      if (hasControlCharacter(item, lines))
        found[at.join(".") || where] ??= noControlsProblem(at.at(-1) ?? where);
    } else if (Array.isArray(item)) {
      for (const [index, entry] of item.entries()) visit(entry, [...at, String(index)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, entry] of Object.entries(item)) {
        if (hasControlCharacter(key))
          found[[...at, "(name)"].join(".")] ??= problem("request.fieldNameControls");
        else visit(entry, [...at, key]);
      }
    }
  };
  visit(value, []);
  return found;
}

/**
 * The message for a value of the wrong type: "is required" only when nothing was sent, "must be
 * text" when something else was (a number, an object).
 */
export const textTypeError =
  (label: LabelCode, missing = issue("field.required", { label })) =>
  (found: { input?: unknown }) =>
    found.input === undefined ? missing : issue("field.notText", { label });

/** A string of a person's text, without control characters, trimmed. */
export const text = (label: LabelCode, lines: Lines = "one", missing?: string) =>
  z
    .string({ error: textTypeError(label, missing) })
    .refine((value) => !hasControlCharacter(value, lines), {
      error: issue("field.controls", { label }),
      abort: true,
    })
    .trim();

export const email = (max = 254) =>
  text("email")
    .min(1, { error: issue("field.required", { label: "email" }) })
    .max(max, { error: issue("field.tooLong", { label: "email", max }) })
    .pipe(z.email({ error: issue("email.invalid") }))
    .transform((value) => value.toLowerCase());

/** At most `max` letters as a reader counts them (grapheme clusters: common/text-rules.ts). */
export const atMostLetters = (label: LabelCode, max: number, lines: Lines = "one") =>
  text(label, lines).refine(maxGraphemes(max), { error: issue("field.tooLong", { label, max }) });

export const requiredText = (label: LabelCode, max: number, lines: Lines = "one") =>
  atMostLetters(label, max, lines).refine((value) => value.length > 0, {
    error: issue("field.required", { label }),
    abort: true,
  });

export const optionalText = (label: LabelCode, max: number, lines: Lines = "one") =>
  atMostLetters(label, max, lines).optional();

/** An http or https link, or empty. */
export const optionalLink = (label: LabelCode) =>
  text(label)
    .max(maxLinkLength, { error: issue("field.tooLong", { label, max: maxLinkLength }) })
    .refine((value) => value === "" || isSafeLink(value), {
      error: issue("field.notLink", { label }),
    })
    .optional();
