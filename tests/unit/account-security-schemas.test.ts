// The shared rules of the account security forms (browser and server use the same schemas).

import { describe, expect, it } from "vitest";
import { englishOf } from "../../common/errors/english";
import { problemOfIssue } from "../../common/errors/problem";
import {
  changePasswordInput,
  phoneCodeInput,
  phoneNumber,
  phoneNumberMessage,
  resetPasswordInput,
} from "../../common/schemas/account-security";
import { passwordMismatch } from "../../common/schemas/messages";

/** The first issue's English words, as the API sends them. */
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  const message = result.error?.issues[0]?.message;
  return message === undefined ? undefined : englishOf(problemOfIssue(message));
};

describe("phone number", () => {
  it.each([
    ["+8801712345678", "+8801712345678"],
    ["+880 1712-345678", "+8801712345678"],
    [" 01712-345678 ", "+8801712345678"],
    ["8801712345678", "+8801712345678"],
    ["০১৭১২৩৪৫৬৭৮", "+8801712345678"],
  ])("accepts %j as %s", (typed, stored) => {
    expect(phoneNumber.parse(typed)).toBe(stored);
  });

  it.each([
    " +1 (415) 555.0100 ",
    "01212345678",
    "+0 1712345678",
    "+88017",
    "+8801712345678901234",
    "+880 17x2 345678",
  ])("refuses %j with a message that shows the form", (typed) => {
    expect(messageOf(phoneNumber.safeParse(typed))).toBe(englishOf(problemOfIssue(phoneNumberMessage)));
  });

  it("wants a code of exactly six digits", () => {
    expect(phoneCodeInput.safeParse({ phoneNumber: "+8801712345678", code: " 123456 " }).success).toBe(true);
    for (const code of ["12345", "1234567", "12a456", ""]) {
      expect(messageOf(phoneCodeInput.safeParse({ phoneNumber: "+8801712345678", code }))).toBe(
        "Enter the 6-digit code",
      );
    }
  });
});

describe("passwords", () => {
  it("refuses a change whose two new passwords differ, with the specification's words", () => {
    const result = changePasswordInput.safeParse({
      currentPassword: "old-password",
      newPassword: "new-password-1",
      retypePassword: "new-password-2",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["retypePassword"], message: passwordMismatch });
  });

  it("reads the 'sign out everywhere else' box as a yes or no", () => {
    const base = {
      currentPassword: "old-password",
      newPassword: "new-password-1",
      retypePassword: "new-password-1",
    };
    expect(changePasswordInput.parse(base).revokeOtherSessions).toBe(false);
    expect(changePasswordInput.parse({ ...base, revokeOtherSessions: "on" }).revokeOtherSessions).toBe(true);
  });

  it("takes a reset token only in the form Better Auth makes them", () => {
    const form = { password: "new-password-1", retypePassword: "new-password-1" };
    expect(resetPasswordInput.safeParse({ ...form, token: "AbC123xyz_-0987654321aB" }).success).toBe(true);
    for (const token of ["", "short", "has spaces in it", "<script>alert(1)</script>"]) {
      expect(messageOf(resetPasswordInput.safeParse({ ...form, token }))).toBe(
        "This reset link is not valid",
      );
    }
  });
});
