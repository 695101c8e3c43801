import { Alert } from "../ui";

/** The error banner of a form, announced to screen readers. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert tone="error" testId="form-error">
      {message}
    </Alert>
  );
}
