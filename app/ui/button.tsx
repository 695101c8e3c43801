import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

type Look = { variant?: "primary" | "outline" | "subtle" | "danger"; size?: "small"; block?: boolean };

const classes = ({ variant = "primary", size, block }: Look, extra?: string) =>
  [
    "button",
    variant !== "primary" && `button--${variant}`,
    size && `button--${size}`,
    block && "button--block",
    extra,
  ]
    .filter(Boolean)
    .join(" ");

/** A button; `busy` shows a spinner and disables it while a form is being sent. */
export function Button({
  variant,
  size,
  block,
  busy,
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Look & { busy?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      {...props}
      className={classes({ variant, size, block }, className)}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...props }: LinkProps & Look) {
  return <Link {...props} className={classes({ variant, size, block }, className)} />;
}
