// A person's name and photo follow one set of rules whichever call changes them: the profile
// (PUT /User/updated, POST /User/photo) and Better Auth's own sign-up and update-user, which
// took a 20,000-character name, an object as a name, `javascript:` or a 900 KB data URL as a photo.
// Better Auth's calls are checked in a before hook (a refusal names the field); every write of
// the user table is also held to the rules in a database hook, whatever made it.
import { APIError } from "better-auth/api";
import { z } from "zod";
import { fieldErrorsOf } from "../../common/errors/english";
import { problemOfIssue } from "../../common/errors/problem";
import { displayName, maxNameLength, photoLink } from "../../common/schemas/users";
import { firstGraphemes, shownLink } from "../../common/text-rules";
import { DomainError } from "../domain/errors";

const signUpFields = z.object({ name: displayName, image: photoLink.nullable() });
const updateFields = z.object({ name: displayName.optional(), image: photoLink.nullable() });

/** The fields Better Auth's calls take whose schemas do not list them (they take any object). */
export const authBodyFieldLists: Record<string, string[]> = {
  "/sign-up/email": ["name", "email", "password", "image", "callbackURL", "rememberMe"],
  "/update-user": ["name", "image"],
  "/phone-number/verify": ["phoneNumber", "code", "name", "disableSession", "updatePhoneNumber"],
};

/** For the before hook: refuses a sign-up or update-user whose name or photo breaks the rules. */
export function checkAccountFields(path: string, body: unknown) {
  const schema = path === "/sign-up/email" ? signUpFields : path === "/update-user" ? updateFields : null;
  if (!schema) return;
  const checked = schema.safeParse(body ?? {});
  if (checked.success) return;
  const fields = fieldErrorsOf(checked.error);
  const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
  throw new APIError("BAD_REQUEST", { code: "INVALID", message: `Invalid body: ${list.join("; ")}`, fields });
}

const phoneSignUpName = z.object({ name: displayName.optional() });

/**
 * The name given with a phone sign-in's code, for an account the number does not have yet:
 * checked as every name is (a 400 naming the field), or undefined when none was given.
 */
export function checkPhoneSignUpName(body: Record<string, unknown>): string | undefined {
  const checked = phoneSignUpName.safeParse({ name: body.name });
  if (checked.success) return checked.data.name;
  const found = problemOfIssue(checked.error.issues[0]?.message ?? "");
  throw new DomainError("invalid", found, { name: found });
}

/**
 * For the user table's database hook: a change made by any other way (a provider's profile on
 * sign-in) keeps the rules too: the name cut to 100 letters, a photo that breaks them dropped.
 */
export function keptAccountFields<T extends { name?: unknown; image?: unknown }>(data: T): T {
  const kept = { ...data };
  if (typeof kept.name === "string") {
    const name = firstGraphemes(kept.name.replace(/\p{Cc}/gu, " ").trim(), maxNameLength);
    if (name) kept.name = name;
    else delete kept.name;
  }
  if (kept.image !== undefined && kept.image !== null)
    kept.image = typeof kept.image === "string" ? shownLink(kept.image.trim()) : null;
  return kept;
}
