// The one way the app's forms are checked and sent (docs/forms.md). The same zod schema the
// server uses checks the form in the browser before anything is sent; the schema (and zod) load
// when the form is first touched, so pages do not ship them up front. Without script, or if the
// schema cannot load, the server checks with the same rules and its field errors come back by
// code, shown beside each field through `fieldError(name)`.
import { type FormEvent, useRef, useState } from "react";
import { useSubmit } from "react-router";
import type { z } from "zod";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { useI18n } from "./i18n";

/** Each field's problem (common/errors), shown through `te` in the reader's language. */
export type FieldErrors = Record<string, Problem>;

export { fieldProblemsOf };

/**
 * The schema for a press of the button whose value is `intent` (undefined: the form's default,
 * also loaded on first focus). Null sends unchecked (a draft, a delete).
 */
type LoadSchema = (intent: string | undefined) => Promise<z.ZodType | null>;

type Options = {
  /**
   * Sends a form that passed, another way than the router's navigation: a fetcher, a payment,
   * or `useUpload` (app/lib/upload.ts) for a form with a file. `submitter` is the button pressed, when there is one.
   */
  submit?: (form: HTMLFormElement, submitter: HTMLElement | null) => unknown;
  /** The values checked, when they are not the form's fields as typed (a chosen file added). */
  values?: (form: HTMLFormElement) => Record<string, unknown>;
};

export function useSchemaForm(loadSchema: LoadSchema, serverErrors?: FieldErrors, options: Options = {}) {
  const { te } = useI18n();
  const routerSubmit = useSubmit();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const schemas = useRef(new Map<string, Promise<z.ZodType | null>>());
  const load = (intent: string | undefined) => {
    const key = intent ?? "";
    let found = schemas.current.get(key);
    if (!found) {
      found = loadSchema(intent).catch(() => null);
      schemas.current.set(key, found);
    }
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const submitter =
      pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement ? pressed : null;
    const intent = submitter?.name ? submitter.value : undefined;
    void load(intent).then((schema) => {
      const values = options.values?.(form) ?? Object.fromEntries(new FormData(form));
      const result = schema?.safeParse(values);
      if (result && !result.success) {
        const found = fieldProblemsOf(result.error);
        setClientErrors(found);
        // The reader is taken to the first field to mend.
        const first = Object.keys(found)[0];
        if (first) form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
        return;
      }
      setClientErrors(null);
      if (options.submit) options.submit(form, submitter);
      else void routerSubmit(submitter ?? form);
    });
  };

  // The latest answer wins: errors found in the browser, else those the server sent.
  const errors = clientErrors ?? serverErrors ?? {};
  /** The message for a field, in the reader's language, or undefined. */
  const fieldError = (name: string) => (errors[name] ? te(errors[name]) : undefined);
  return {
    onSubmit,
    onFocus: () => void load(undefined),
    errors,
    fieldError,
    /** Shows problems found another way (a file too large for the page's limit). */
    showErrors: setClientErrors,
  };
}
