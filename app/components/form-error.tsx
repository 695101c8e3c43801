import { Alert } from "@mantine/core";

/** The error banner of a form, announced to screen readers. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
