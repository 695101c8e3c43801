import type { z } from "zod";

/** Each field's first message, keyed by its path: {"admition.title": "Title is required"}. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join(".") || "body"] ??= issue.message;
  return fields;
}
