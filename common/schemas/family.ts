// A guardian's link to a child on the register: asked for with the child's registration number,
// confirmed with the code sent to a guardian phone the register holds; an admin links an account
// named by its e-mail address or phone number.
import { z } from "zod";
import { issue } from "../errors/problem";
import { asciiDigits } from "../text-rules";
import { rollNumber } from "./results";

export const registration = rollNumber;

/** The 6 digits of the text message (Bangla digits read alike). */
export const linkCode = z
  .string({ error: issue("family.code") })
  .trim()
  .transform(asciiDigits)
  .pipe(z.string().regex(/^[0-9]{6}$/, issue("family.code")));

export const linkCodeRequest = z.strictObject({ registration });
export const linkCodeConfirm = z.strictObject({ registration, code: linkCode });

/** An account by its e-mail address, or by its phone number in any of the usual forms. */
export const accountName = z
  .string({ error: issue("family.notAccount") })
  .trim()
  .min(1, issue("family.notAccount"))
  .max(254, issue("family.notAccount"));

export const guardianAccountInput = z.strictObject({ account: accountName });
