// Checks a form in the browser with the same zod schema the server uses, before sending it.
// Without script the form still posts, and the server answers with the same messages.
import { type FormEvent, useState } from "react";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
}

export function useSchemaForm(schema: z.ZodType, serverErrors?: FieldErrors) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const result = schema.safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(result.error));
  };
  // The latest answer wins: errors found in the browser, else those the server sent.
  const errors = clientErrors ?? serverErrors ?? {};
  return { onSubmit, errors, clear: () => setClientErrors(null) };
}
