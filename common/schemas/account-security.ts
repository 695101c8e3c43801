// Inputs of the account security pages: the phone number and its one-time code, changing the
// password, and resetting a forgotten one.
import { z } from "zod";
import { email, textTypeError } from "./fields";
import { passwordMismatch } from "./messages";
import { password } from "./users";

export const phoneNumberMessage = "Enter the number with its country code, such as +8801712345678";

/**
 * A phone number in international form (E.164): "+", a country code and up to 15 digits in all.
 * Spaces, dashes, dots and brackets people type are dropped, so "+880 1712-345678" is accepted
 * and stored as "+8801712345678".
 */
export const phoneNumber = z
  .string({ error: textTypeError("Phone number") })
  .trim()
  .min(1, { error: "Phone number is required" })
  .max(30, { error: phoneNumberMessage })
  .transform((value) => value.replace(/[\s\-.()]/g, ""))
  .refine((value) => /^\+[1-9]\d{7,14}$/.test(value), { error: phoneNumberMessage });

export const phoneNumberInput = z.object({ phoneNumber });

export const phoneCodeInput = z.object({
  phoneNumber,
  code: z
    .string({ error: "Enter the 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, { error: "Enter the 6-digit code" }),
});

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, { error: "Enter your current password" })
      .max(128, { error: "Password must be at most 128 characters" }),
    newPassword: password,
    retypePassword: z.string({ error: "Retype the password" }),
    revokeOtherSessions: checkbox,
  })
  .refine((form) => form.newPassword === form.retypePassword, {
    path: ["retypePassword"],
    error: passwordMismatch,
  });

export const forgotPasswordInput = z.object({ email: email() });

export const resetPasswordInput = z
  .object({
    token: z
      .string({ error: "This reset link is not valid" })
      .regex(/^[A-Za-z0-9_-]{8,200}$/, { error: "This reset link is not valid" }),
    password,
    retypePassword: z.string({ error: "Retype the password" }),
  })
  .refine((form) => form.password === form.retypePassword, {
    path: ["retypePassword"],
    error: passwordMismatch,
  });

export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
