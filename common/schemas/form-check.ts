// A form whose fields are not the API's shape (subjects typed as lines, a week's grid) is checked
// by a function that reads it and names each field's problem; this makes that function a zod
// schema, so the browser (useSchemaForm) and the server check the form with the same code.
import { z } from "zod";
import { issueOf, type Problem } from "../errors/problem";

type Values = Record<string, unknown>;

/** A schema that passes when `check` finds no problem, and `base` (if any) passes too. */
export const formCheck = (check: (values: Values) => Record<string, Problem>, base?: z.ZodType) =>
  z.unknown().superRefine((values, ctx) => {
    const parsed = base?.safeParse(values);
    if (parsed && !parsed.success)
      for (const found of parsed.error.issues) ctx.addIssue({ ...found } as never);
    for (const [field, found] of Object.entries(check((values ?? {}) as Values)))
      ctx.addIssue({ code: "custom", path: [field], message: issueOf(found), input: values });
  });
