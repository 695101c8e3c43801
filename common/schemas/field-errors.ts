import type { z } from "zod";

export const unknownFieldMessage = "Unknown field";

/** Each field's first message, keyed by its path: {"admition.title": "Title is required"}. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const at = issue.path.map(String);
    // A strict object names each field it does not know, not the object holding them.
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...at, key].join(".")] ??= unknownFieldMessage;
      continue;
    }
    fields[at.join(".") || "body"] ??= issue.message;
  }
  return fields;
}
