// A search box for a list: a plain GET form (?q=) that works without script, and with script it
// searches as the visitor types, after a short pause, replacing the address rather than adding
// to the history. The field is never re-created, so it keeps focus and what was typed.
import { useEffect, useId, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { lettersAsCodeUnits } from "../../../common/text-rules";

const pauseMs = 300;

export function SearchForm({
  q,
  label,
  placeholder,
  keep = {},
}: {
  /** The search the page shows now (from the loader). */
  q: string;
  label: string;
  placeholder?: string;
  /** Other parts of the address a search keeps (a list's category), sent as hidden fields. */
  keep?: Record<string, string>;
}) {
  const id = useId();
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back and forward change the search: show it, unless the visitor is typing.
  useEffect(() => {
    const field = input.current;
    if (field && document.activeElement !== field) field.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = useRef(q);
  shown.current = q;
  const search = (value: string) => {
    const text = value.trim();
    if (text === shown.current) return;
    submit(text ? { ...keep, q: text } : keep, { method: "get", replace: true, preventScrollReset: true });
  };

  return (
    <Form method="get" role="search" className="search-form" onSubmit={() => clearTimeout(timer.current)}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="search-form__row">
        <input
          ref={input}
          id={id}
          className="field__input"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={lettersAsCodeUnits(100)}
          autoComplete="off"
          onChange={(event) => {
            const value = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), pauseMs);
          }}
        />
        <button type="submit" className="button">
          {label}
        </button>
      </div>
    </Form>
  );
}
