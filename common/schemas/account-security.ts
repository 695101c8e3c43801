// Inputs of the account security pages: the phone number and its one-time code, changing the
// password, and resetting a forgotten one.
import { z } from "zod";
import { issue } from "../errors/problem";
import { bangladeshiMobileOf } from "../phone-number";
import { email, textTypeError } from "./fields";
import { passwordMismatch } from "./messages";
import { password } from "./users";

export const phoneNumberMessage = issue("phone.format");

/** A Bangladeshi mobile number, stored in one form: +8801XXXXXXXXX (common/phone-number.ts). */
export const phoneNumber = z
  .string({ error: textTypeError("phoneNumber") })
  .trim()
  .min(1, { error: issue("field.required", { label: "phoneNumber" }) })
  .max(30, { error: phoneNumberMessage })
  .refine((value) => bangladeshiMobileOf(value) !== null, { error: phoneNumberMessage })
  .transform((value) => bangladeshiMobileOf(value) ?? "");

export const phoneNumberInput = z.object({ phoneNumber });

export const phoneCodeInput = z.object({
  phoneNumber,
  code: z
    .string({ error: issue("phone.code") })
    .trim()
    .regex(/^\d{6}$/, { error: issue("phone.code") }),
});

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: issue("password.current") })
      .min(1, { error: issue("password.current") })
      .max(128, { error: issue("field.tooLong", { label: "password", max: 128 }) }),
    newPassword: password,
    retypePassword: z.string({ error: issue("password.retype") }),
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
      .string({ error: issue("password.resetLinkInvalid") })
      .regex(/^[A-Za-z0-9_-]{8,200}$/, { error: issue("password.resetLinkInvalid") }),
    password,
    retypePassword: z.string({ error: issue("password.retype") }),
  })
  .refine((form) => form.password === form.retypePassword, {
    path: ["retypePassword"],
    error: passwordMismatch,
  });

export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
