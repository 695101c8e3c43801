// Schema messages that pages compare against, kept apart from zod so importing one costs nothing.
import { issue, type Problem, problem } from "../errors/problem";

/** The schemas' message when the two passwords differ (a zod message: common/errors/problem.ts). */
export const passwordMismatch = issue("password.mismatch");

/** The same, as a page shows it above the form. */
export const passwordMismatchProblem = problem("password.mismatch");

export const isPasswordMismatch = (found: Problem | undefined) => found?.key === "password.mismatch";
