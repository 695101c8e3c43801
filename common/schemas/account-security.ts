// Inputs of the account security pages: the phone number and its one-time code, changing the
// password, and resetting a forgotten one.
import { z } from "zod";
import { issue } from "../errors/problem";
import { asciiDigits } from "../text-rules";
import { email, textTypeError } from "./fields";
import { passwordMismatch } from "./messages";
import { password } from "./users";

export const phoneNumberMessage = issue("phone.format");

/** 01XXXXXXXXX, or 1XXXXXXXXX after the country code (880, +880 or 00880): the last 9 digits. */
const bangladeshiMobile = /^(?:(?:\+|00)?8800?|0)1([3-9]\d{8})$/;

/**
 * A Bangladeshi mobile number (operators' prefixes 013-019), stored in one form: +8801XXXXXXXXX.
 * People type it many ways: 01712345678, 8801712345678, +880 1712-345678, (+880) 1712.345678,
 * 00880..., in Bangla digits (০১৭১২৩৪৫৬৭৮) too: spaces, dashes, dots and brackets are dropped.
 */
export const phoneNumber = z
  .string({ error: textTypeError("phoneNumber") })
  .trim()
  .min(1, { error: issue("field.required", { label: "phoneNumber" }) })
  .max(30, { error: phoneNumberMessage })
  .transform((value) => asciiDigits(value).replace(/[\s\-.()]/g, ""))
  .refine((value) => bangladeshiMobile.test(value), { error: phoneNumberMessage })
  .transform((value) => `+8801${bangladeshiMobile.exec(value)?.[1] ?? ""}`);

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
