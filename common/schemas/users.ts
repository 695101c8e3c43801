// Inputs about accounts: registration, sign-in, the specification's user calls, the profile.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { issue } from "../errors/problem";
import { email, optionalLink, optionalText, requiredText, text, textTypeError } from "./fields";
import { passwordMismatch } from "./messages";

/** A password's length, as every form and Better Auth (server/auth/auth.ts) take it. */
export const minPasswordLength = 8;
export const maxPasswordLength = 128;

export const password = z
  .string({ error: textTypeError("password") })
  .min(minPasswordLength, {
    error: issue("password.tooShort", { label: "password", min: minPasswordLength }),
  })
  .max(maxPasswordLength, { error: issue("field.tooLong", { label: "password", max: maxPasswordLength }) });

/** An account's address: one rule for sign-up, sign-in and every call that names an account. */
export const accountEmail = email();

/** A person's full name: at most 100 letters as a reader counts them (grapheme clusters). */
export const maxNameLength = 100;

/**
 * A person's name and photo, whichever call changes them (the profile, the photo dialog,
 * Better Auth's sign-up and update-user, a phone sign-up: server/auth/account-fields.ts).
 */
export const displayName = requiredText("name", maxNameLength);
export const photoLink = optionalLink("photoLink");

export const registerInput = z
  .object({
    displayName,
    email: accountEmail,
    password,
    retypePassword: z.string({ error: issue("password.retype") }),
  })
  .refine((form) => form.password === form.retypePassword, {
    path: ["retypePassword"],
    error: passwordMismatch,
  });

export const loginInput = z.object({
  email: accountEmail,
  password: z
    .string({ error: textTypeError("password") })
    .min(1, { error: issue("field.required", { label: "password" }) })
    .max(128),
});

/** POST and PUT /User/users: the signed-in user's own record. */
export const userRecordInput = z.object({
  email: accountEmail,
  displayName: optionalText("name", maxNameLength),
});

/** PUT /User/users/admin and the AddAdmin form (and the other calls that name an account): any
 * address sign-up takes. */
export const makeAdminInput = z.object({ email: accountEmail });

/** PUT /User/updated: the profile. The specification sets no rules; these only bound sizes. */
export const profileInput = z.object({
  photoURl: photoLink,
  displayName: optionalText("name", maxNameLength).refine(
    (value) => value === undefined || value.length > 0,
    {
      error: issue("field.cannotBeEmpty", { label: "name" }),
    },
  ),
  email: email().optional(),
  about: optionalText("about", 2000, "many"),
  number: optionalText("number", 30),
  className: text("class")
    .optional()
    .refine((value) => !value || normaliseClassName(value) !== undefined, {
      error: issue("content.className"),
    })
    .transform((value) => (value ? normaliseClassName(value) : value)),
  rollNumber: optionalText("rollNumber", 20),
});

export type RegisterInput = z.infer<typeof registerInput>;
export type ProfileInput = z.infer<typeof profileInput>;

/**
 * The profile's photo dialog as the browser checks it: a chosen image within the site's limit
 * (the server refuses a larger one with the same problem) or a link by the rule of `photoLink`,
 * which POST /User/photo applies to it.
 */
export const photoChoiceInput = (maxBytes: number, size: string) =>
  z
    .object({
      image: z
        .instanceof(Blob)
        .refine((file) => file.size <= maxBytes, { error: issue("upload.imageTooLarge", { size }) })
        .optional(),
      photoURl: photoLink,
    })
    .refine((value) => value.image !== undefined || Boolean(value.photoURl), {
      path: ["image"],
      error: issue("content.photoOrLink"),
    });
