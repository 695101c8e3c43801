import { Alert } from "../ui";

/** The error banner of a form, announced to screen readers; `details` list what it counts. */
export function FormError({ message, details }: { message?: string | null; details?: string[] }) {
  if (!message) return null;
  return (
    <Alert tone="error" testId="form-error">
      {message}
      {details?.length ? (
        <ul data-testid="form-error-details">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
