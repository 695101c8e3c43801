// Inputs about accounts: registration, sign-in, the specification's user calls, the profile.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { email, optionalLink, optionalText, requiredText, text, textTypeError } from "./fields";
import { passwordMismatch } from "./messages";

export const password = z
  .string({ error: textTypeError("Password") })
  .min(8, { error: "Password must be at least 8 characters" })
  .max(128, { error: "Password must be at most 128 characters" });

/** An account's address: one rule for sign-up, sign-in and every call that names an account. */
export const accountEmail = email();

/**
 * A person's name and photo, whichever call changes them (the profile, the photo dialog,
 * Better Auth's sign-up and update-user: server/auth/account-fields.ts).
 */
export const displayName = requiredText("Name", 50);
export const photoLink = optionalLink("Photo link");

export const registerInput = z
  .object({
    displayName,
    email: accountEmail,
    password,
    retypePassword: z.string({ error: "Retype the password" }),
  })
  .refine((form) => form.password === form.retypePassword, {
    path: ["retypePassword"],
    error: passwordMismatch,
  });

export const loginInput = z.object({
  email: accountEmail,
  password: z
    .string({ error: textTypeError("Password") })
    .min(1, { error: "Password is required" })
    .max(128),
});

/** POST and PUT /User/users: the signed-in user's own record. */
export const userRecordInput = z.object({
  email: accountEmail,
  displayName: optionalText("Name", 50),
});

/** PUT /User/users/admin and the AddAdmin form (and the other calls that name an account): any
 * address sign-up takes. */
export const makeAdminInput = z.object({ email: accountEmail });

/** PUT /User/updated: the profile. The specification sets no rules; these only bound sizes. */
export const profileInput = z.object({
  photoURl: photoLink,
  displayName: optionalText("Name", 50).refine((value) => value === undefined || value.length > 0, {
    error: "Name cannot be empty",
  }),
  email: email().optional(),
  about: optionalText("About", 2000, "many"),
  number: optionalText("Number", 30),
  className: text("Class")
    .optional()
    .refine((value) => !value || normaliseClassName(value) !== undefined, {
      error: "Choose a class from the list",
    })
    .transform((value) => (value ? normaliseClassName(value) : value)),
  rollNumber: optionalText("Roll number", 20),
});

export type RegisterInput = z.infer<typeof registerInput>;
export type ProfileInput = z.infer<typeof profileInput>;
