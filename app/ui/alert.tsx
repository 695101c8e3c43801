import type { ReactNode } from "react";

/** A banner: success and info are announced politely, errors at once. */
export function Alert({
  tone,
  children,
  onClose,
  closeLabel,
  testId,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  testId?: string;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      <div>{children}</div>
      {onClose ? (
        <button type="button" className="alert__close" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      ) : null}
    </div>
  );
}
