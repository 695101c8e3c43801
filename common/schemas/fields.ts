// Field rules shared by forms and the server. Messages are translation keys' English text: a
// form shows them through the translation files, the API sends them as they are.
import { z } from "zod";
import { hasControlCharacter, isSafeLink, type Lines, maxLinkLength } from "../text-rules";

export { hasControlCharacter, isSafeLink, type Lines, maxLinkLength, shownLink } from "../text-rules";

export const noControlsMessage = (label: string) => `${label} must not contain control characters`;

/**
 * Each string in a value (an object's keys too) that holds a control character, by its path:
 * {"items.0.id": "id must not contain control characters"}. For the doors that check every
 * string of a request at once (the REST router, the guard in front of Better Auth).
 */
export function controlCharacterFields(
  value: unknown,
  lines: Lines = "one",
  where = "body",
): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (item: unknown, at: string[]) => {
    if (typeof item === "string") {
      if (hasControlCharacter(item, lines))
        found[at.join(".") || where] ??= noControlsMessage(at.at(-1) ?? where);
    } else if (Array.isArray(item)) {
      for (const [index, entry] of item.entries()) visit(entry, [...at, String(index)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, entry] of Object.entries(item)) {
        if (hasControlCharacter(key))
          found[[...at, "(name)"].join(".")] ??= "Field names must not contain control characters";
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
  (label: string, missing = `${label} is required`) =>
  (issue: { input?: unknown }) =>
    issue.input === undefined ? missing : `${label} must be text`;

/** A string of a person's text, without control characters, trimmed. */
export const text = (label: string, lines: Lines = "one", missing?: string) =>
  z
    .string({ error: textTypeError(label, missing) })
    .refine((value) => !hasControlCharacter(value, lines), { error: noControlsMessage(label), abort: true })
    .trim();

export const email = (max = 254) =>
  text("E-mail")
    .min(1, { error: "E-mail is required" })
    .max(max, { error: `E-mail must be at most ${max} characters` })
    .pipe(z.email({ error: "Enter a valid e-mail address" }))
    .transform((value) => value.toLowerCase());

export const requiredText = (label: string, max: number, lines: Lines = "one") =>
  text(label, lines)
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const optionalText = (label: string, max: number, lines: Lines = "one") =>
  text(label, lines)
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();

/** An http or https link, or empty. */
export const optionalLink = (label: string) =>
  text(label)
    .max(maxLinkLength, { error: `${label} must be at most ${maxLinkLength} characters` })
    .refine((value) => value === "" || isSafeLink(value), {
      error: `${label} must be an http or https link`,
    })
    .optional();
