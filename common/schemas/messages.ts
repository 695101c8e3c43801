// Schema messages that pages compare against, kept apart from zod so importing one costs nothing.
export const passwordMismatch = "Your password did not match";
