import type { z } from "zod";
import { type Problem, problem, problemOfIssue } from "../errors/problem";

/** Each field's first problem, keyed by its path: {"admition.title": {key: "field.required", ...}}. */
export function fieldProblemsOf(error: z.ZodError): Record<string, Problem> {
  const fields: Record<string, Problem> = {};
  for (const found of error.issues) {
    const at = found.path.map(String);
    // A strict object names each field it does not know, not the object holding them.
    if (found.code === "unrecognized_keys") {
      for (const key of found.keys) fields[[...at, key].join(".")] ??= problem("request.unknownField");
      continue;
    }
    fields[at.join(".") || "body"] ??= problemOfIssue(found.message);
  }
  return fields;
}
