// Checks a form in the browser with the same zod schema the server uses, before sending it.
// The schema (and zod) load when the form is first touched, so pages do not ship them up
// front. Without script, or if the schema cannot load, the server checks with the same rules.
import { type FormEvent, useRef, useState } from "react";
import { useSubmit } from "react-router";
import type { z } from "zod";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { useI18n } from "./i18n";

/** Each field's problem (common/errors), shown through `te` in the reader's language. */
export type FieldErrors = Record<string, Problem>;

export { fieldProblemsOf };

type Submit = (form: HTMLFormElement) => unknown;

export function useSchemaForm(
  loadSchema: () => Promise<z.ZodType>,
  serverErrors?: FieldErrors,
  submitWith?: (form: HTMLFormElement) => unknown,
) {
  const { te } = useI18n();
  const routerSubmit = useSubmit();
  const submit: Submit = submitWith ?? ((form) => routerSubmit(form));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const schema = useRef<Promise<z.ZodType | null> | null>(null);
  const load = () => {
    schema.current ??= loadSchema().catch(() => null);
    return schema.current;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void load().then((loaded) => {
      const result = loaded?.safeParse(Object.fromEntries(new FormData(form)));
      if (result && !result.success) {
        setClientErrors(fieldProblemsOf(result.error));
        return;
      }
      setClientErrors(null);
      submit(form);
    });
  };
  // The latest answer wins: errors found in the browser, else those the server sent.
  const errors = clientErrors ?? serverErrors ?? {};
  /** The message for a field, in the reader's language, or undefined. */
  const fieldError = (name: string) => (errors[name] ? te(errors[name]) : undefined);
  return { onSubmit, onFocus: () => void load(), errors, fieldError };
}
