// Labelled form fields: the label, the hint of a required field and the error are tied to the
// input for screen readers (aria-invalid, aria-describedby).
import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

type Common = { label: ReactNode; error?: string; name: string };

function Frame({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
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
      {children}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string) => ({
  "aria-invalid": error ? (true as const) : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

export function TextField({ label, error, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} required={props.required}>
      <input id={id} className="field__input" {...described(id, error)} {...props} />
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
