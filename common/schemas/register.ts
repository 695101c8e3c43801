// The school's register of students: a child's record, their guardians, an enrolment, the list's
// filters and a class's promotion. Shared by the REST calls, the dashboard's forms and the import
// of a register sheet, so a value is read the same way wherever it is typed.
import { z } from "zod";
import { issue } from "../errors/problem";
import { genders, guardianRelations, registerStatuses } from "../people";
import { bangladeshiMobileOf } from "../phone-number";
import { asciiDigits, hasControlCharacter, maxGraphemes } from "../text-rules";
import { rollNumber, sessionName } from "./results";

/** A person's full name: at most 100 letters as a reader counts them (grapheme clusters). */
export const nameLetters = 100;

const personName = z
  .string({ error: issue("value.text") })
  .refine((value) => !hasControlCharacter(value), { error: issue("register.controls"), abort: true })
  .trim()
  .refine(maxGraphemes(nameLetters), { error: issue("register.nameTooLong", { max: nameLetters }) });

/** The name in English (required). */
export const childName = personName.pipe(z.string().min(1, issue("value.required")));

/** The name in Bangla, or "" when not known. */
export const childNameBn = personName;

/**
 * A birth registration number: exactly 17 digits, typed in ASCII or Bangla digits, with spaces or
 * dashes between groups; stored as 17 ASCII digits. Empty: not known (null).
 */
export const birthRegistration = z
  .string({ error: issue("value.text") })
  .trim()
  .max(40, issue("register.birthRegistration"))
  .transform((value) => asciiDigits(value).replace(/[\s-]/g, ""))
  .refine((value) => value === "" || /^[0-9]{17}$/.test(value), issue("register.birthRegistration"))
  .transform((value) => value || null);

/**
 * A guardian's Bangladeshi mobile number (operators' prefixes 013-019), stored as +8801XXXXXXXXX
 * as accounts store theirs; 01712345678, 8801712345678, +880 1712-345678 and Bangla digits are
 * read alike. Empty: the register has no number (null).
 */
export const guardianPhone = z
  .string({ error: issue("value.text") })
  .trim()
  .max(30, issue("register.phone"))
  .refine((value) => value === "" || bangladeshiMobileOf(value) !== null, issue("register.phone"))
  .transform((value) => (value ? bangladeshiMobileOf(value) : null));

/** A date of birth, YYYY-MM-DD (Bangla digits read alike), a real day from 1900 to today; empty: not known. */
export const dateOfBirth = z
  .string({ error: issue("value.text") })
  .trim()
  .max(20, issue("value.date"))
  .transform(asciiDigits)
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), issue("value.date"))
  .refine((value) => value === "" || isRealDay(value), issue("value.realDate"))
  .refine((value) => value === "" || (value >= "1900-01-01" && value <= today()), issue("register.birthDate"))
  .transform((value) => value || null);

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today in Dhaka, as YYYY-MM-DD. */
const today = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

export const gender = z.enum(genders, { error: issue("register.gender") });
export const registerStatus = z.enum(registerStatuses, { error: issue("register.status") });
export const guardianRelation = z.enum(guardianRelations, { error: issue("register.relation") });

/** "" (or nothing) is no value, as an empty form field sends it. */
const emptyAsNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? null : value), schema.nullable());

const className = z
  .string({ error: issue("value.text") })
  .trim()
  .min(1, issue("value.required"))
  .max(40, issue("value.tooLong", { max: 40 }));

const sectionName = z
  .string({ error: issue("value.text") })
  .trim()
  .max(20, issue("value.tooLong", { max: 20 }))
  .transform((value) => value || null);

/** A child on the register, as added. */
export const childInput = z.strictObject({
  name: childName,
  nameBn: childNameBn.default(""),
  dateOfBirth: dateOfBirth.nullable().default(null),
  birthRegistration: birthRegistration.nullable().default(null),
  gender: emptyAsNull(gender).default(null),
  status: registerStatus.default("studying"),
});
export type ChildInput = z.output<typeof childInput>;

/** A change of a child's record: only the fields sent change. */
export const childChange = z.strictObject({
  name: childName.optional(),
  nameBn: childNameBn.optional(),
  dateOfBirth: dateOfBirth.nullable().optional(),
  birthRegistration: birthRegistration.nullable().optional(),
  gender: emptyAsNull(gender).optional(),
  status: registerStatus.optional(),
});
export type ChildChange = z.output<typeof childChange>;

/** A session, typed in ASCII or Bangla digits. */
export const session = z.preprocess(
  (value) => (typeof value === "string" ? asciiDigits(value) : value),
  sessionName,
);

/** A child's class, section, roll and registration number in one session. */
export const enrolmentInput = z.strictObject({
  session,
  class: className,
  section: sectionName.nullable().default(null),
  roll: rollNumber,
  registration: rollNumber,
});
export type EnrolmentInput = z.output<typeof enrolmentInput>;

/** A guardian as the register knows them. */
export const guardianInput = z.strictObject({
  name: childNameBn.default(""),
  relation: guardianRelation,
  phone: guardianPhone.nullable().default(null),
});
export type GuardianInput = z.output<typeof guardianInput>;

export const guardianChange = z.strictObject({
  name: childNameBn.optional(),
  relation: guardianRelation.optional(),
  phone: guardianPhone.nullable().optional(),
});
export type GuardianChange = z.output<typeof guardianChange>;

/** The register's list: a search, filters, a page. */
export const registerQuery = z.strictObject({
  /** Part of a name in English or Bangla, or a registration or roll number. */
  q: z
    .string({ error: issue("value.text") })
    .trim()
    .max(100, issue("value.tooLong", { max: 100 }))
    .refine((value) => !hasControlCharacter(value), issue("register.controls"))
    .optional(),
  session: z.union([z.literal(""), sessionName]).optional(),
  class: z
    .string({ error: issue("value.text") })
    .trim()
    .max(40, issue("value.tooLong", { max: 40 }))
    .optional(),
  section: z
    .string({ error: issue("value.text") })
    .trim()
    .max(20, issue("value.tooLong", { max: 20 }))
    .optional(),
  status: z.union([z.literal(""), registerStatus]).optional(),
  page: z.coerce
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(100_000, issue("value.atMost", { max: 100_000 }))
    .default(1),
  limit: z.coerce
    .number({ error: issue("value.number") })
    .int(issue("value.whole"))
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(200, issue("value.atMost", { max: 200 }))
    .default(50),
});
export type RegisterQuery = z.output<typeof registerQuery>;

/** How the new session's rolls are given: kept, or numbered 1, 2, 3... in an order. */
export const rollRules = ["keep", "byRoll", "byName", "byResult"] as const;
export type RollRule = (typeof rollRules)[number];

/** Every studying child of a class and session, enrolled in the next class and session at once. */
export const promotionInput = z
  .strictObject({
    fromSession: session,
    fromClass: className,
    /** One section only; none: every section. */
    fromSection: sectionName.optional(),
    toSession: session,
    toClass: className,
    /** The section in the new class; none: the section each child had. */
    toSection: sectionName.optional(),
    rolls: z.enum(rollRules, { error: issue("register.rollRule") }).default("keep"),
  })
  .refine((input) => input.toSession !== input.fromSession, {
    path: ["toSession"],
    error: issue("register.sameSession"),
  });
export type PromotionInput = z.output<typeof promotionInput>;
