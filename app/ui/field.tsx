// Labelled form fields: the label, the hint of a required field and the error are tied to the
// input for screen readers (aria-invalid, aria-describedby).
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

/** hint: a short help text under the label, read with the field. */
type Common = { label: ReactNode; error?: string; hint?: ReactNode; name: string };

function Frame({
  id,
  label,
  error,
  hint,
  required,
  children,
  errorTestId,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  errorTestId?: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {hint ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span className="field__error" id={`${id}-error`} data-testid={errorTestId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string, hint?: ReactNode) => ({
  "aria-invalid": error ? (true as const) : undefined,
  "aria-describedby":
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

export function TextField({ label, error, hint, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={props.required}>
      <input id={id} className="field__input" {...described(id, error, hint)} {...props} />
    </Frame>
  );
}

export function TextArea({ label, error, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} required={props.required}>
      <textarea id={id} className="field__input" {...described(id, error)} {...props} />
    </Frame>
  );
}

/** A file input for an image or a document; its error carries `<data-testid>-error`. */
export function FileField({ label, error, hint, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const testId = (props as { "data-testid"?: string })["data-testid"];
  return (
    <Frame id={id} label={label} error={error} hint={hint} errorTestId={testId && `${testId}-error`}>
      <input id={id} type="file" {...described(id, error, hint)} {...props} />
    </Frame>
  );
}

/** A native select; `placeholder` is a first, empty choice. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: { value: string; label: string }[];
    placeholder?: string;
  }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} required={props.required}>
      <select id={id} className="field__input" {...described(id, error)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordField({
  label,
  error,
  showLabel,
  hideLabel,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement> & { showLabel: string; hideLabel: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <Frame id={id} label={label} error={error} required={props.required}>
      <div className="field__with-action">
        <input
          id={id}
          className="field__input"
          type={visible ? "text" : "password"}
          {...described(id, error)}
          {...props}
        />
        <button
          type="button"
          className="button button--subtle button--small field__action"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? hideLabel : showLabel}
        </button>
      </div>
    </Frame>
  );
}
