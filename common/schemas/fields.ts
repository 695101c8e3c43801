// Field rules shared by forms and the server. Messages are translation keys' English text: a
// form shows them through the translation files, the API sends them as they are.
import { z } from "zod";

export const email = (max = 254) =>
  z
    .string({ error: "E-mail is required" })
    .trim()
    .min(1, { error: "E-mail is required" })
    .max(max, { error: `E-mail must be at most ${max} characters` })
    .pipe(z.email({ error: "Enter a valid e-mail address" }))
    .transform((value) => value.toLowerCase());

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();

/** An http or https link, or empty. */
export const optionalLink = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2048, { error: `${label} must be at most 2048 characters` })
    .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value) || value.startsWith("/files/"), {
      error: `${label} must be an http or https link`,
    })
    .optional();
