// Admission applications (issue 38): an admission's round (when it opens and closes, the seats
// of each class and quota, the form fee, how places are decided, the documents and the admin's
// extra fields) and a guardian's application with its fixed core. Shared by the REST calls and the
// pages, so a value is read the same way wherever it is typed; every refusal names its field.
import { z } from "zod";
import { issue } from "../errors/problem";
import { genders, guardianRelations } from "../people";
import { bangladeshiMobileOf } from "../phone-number";
import { asciiDigits, hasControlCharacter, maxGraphemes } from "../text-rules";
import { majorUnitPrice, paymentProviderNames } from "./orders";

/** How places are decided: a written test ranks, a lottery draws, or the office chooses. */
export const decisionMethods = ["test", "lottery", "office"] as const;
export type DecisionMethod = (typeof decisionMethods)[number];

/** The documents a round may ask for. */
export const documentKinds = ["photo", "birthCertificate", "marksheet"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The kinds of field an admin adds to a round's form. */
export const extraFieldTypes = ["text", "number", "date", "choice"] as const;

/**
 * An application's life: a draft until its fee is paid (then submitted, with its number), then
 * the office's steps. Withdrawn is the guardian's (or the office's) last word.
 */
export const applicationStatuses = [
  "draft",
  "submitted",
  "under_review",
  "admit_card_issued",
  "selected",
  "waitlisted",
  "rejected",
  "admitted",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The office's moves from each status (draft → submitted is the payment's alone). */
export const nextStatuses: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: [],
  submitted: ["under_review", "admit_card_issued", "selected", "waitlisted", "rejected", "withdrawn"],
  under_review: ["admit_card_issued", "selected", "waitlisted", "rejected", "withdrawn"],
  admit_card_issued: ["selected", "waitlisted", "rejected", "withdrawn"],
  selected: ["admitted", "waitlisted", "rejected", "withdrawn"],
  waitlisted: ["selected", "rejected", "withdrawn"],
  rejected: ["under_review"],
  admitted: ["withdrawn"],
  withdrawn: [],
};

/** Statuses that hold a seat of the class (counted against the seats left). */
export const seatHoldingStatuses: readonly ApplicationStatus[] = ["selected", "admitted"];

/** The most bytes of a PDF document; photos follow the image pipeline's own limit. */
export const maxDocumentBytes = 2 * 1024 * 1024;

const text = (max: number) =>
  z
    .string({ error: issue("value.text") })
    .refine((value) => !hasControlCharacter(value), { error: issue("value.text"), abort: true })
    .trim()
    .refine(maxGraphemes(max), { error: issue("value.tooLong", { max }) });

const required = (max: number) => text(max).refine((value) => value.length > 0, issue("value.required"));

const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** YYYY-MM-DD (Bangla digits read alike), a real day. */
export const dayText = z
  .string({ error: issue("value.date") })
  .trim()
  .max(20, issue("value.date"))
  .transform(asciiDigits)
  .refine((value) => /^(19|20)\d{2}-\d{2}-\d{2}$/.test(value), issue("value.date"))
  .refine(isRealDay, issue("value.realDate"));

const instant = z.iso
  .datetime({ offset: true, error: issue("value.dateTime") })
  .transform((v) => new Date(v))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, issue("value.dateTime"));

const seats = z.coerce
  .number({ error: issue("value.whole") })
  .int(issue("value.whole"))
  .min(0, issue("value.zeroOrMore"))
  .max(10_000, issue("value.atMost", { max: 10_000 }));

/** A class of the round: its seats, the quotas the school names within them, and its age limits. */
export const roundClassInput = z
  .strictObject({
    class: required(40),
    seats,
    quotas: z
      .array(z.strictObject({ name: required(40), seats }), { error: issue("value.list") })
      .max(10, issue("value.atMost", { max: 10 }))
      .default([]),
    /** The oldest and youngest dates of birth accepted (both included). */
    bornFrom: dayText.optional(),
    bornUntil: dayText.optional(),
  })
  .refine((value) => !value.bornFrom || !value.bornUntil || value.bornFrom <= value.bornUntil, {
    error: issue("admission.bornRange"),
    path: ["bornUntil"],
  })
  .refine((value) => value.quotas.reduce((sum, quota) => sum + quota.seats, 0) <= value.seats, {
    error: issue("admission.quotaSeats"),
    path: ["quotas"],
  });
export type RoundClassInput = z.output<typeof roundClassInput>;

export const extraFieldInput = z
  .strictObject({
    key: z
      .string({ error: issue("value.text") })
      .regex(/^[a-z][a-zA-Z0-9]{0,29}$/, issue("admission.fieldKey")),
    label: required(80),
    labelBn: text(80).default(""),
    type: z.enum(extraFieldTypes, { error: issue("admission.fieldType") }),
    choices: z
      .array(required(60))
      .max(20, issue("value.atMost", { max: 20 }))
      .default([]),
    required: z.boolean({ error: issue("value.boolean") }).default(false),
  })
  .refine((value) => value.type !== "choice" || value.choices.length > 0, {
    error: issue("admission.choicesNeeded"),
    path: ["choices"],
  });
export type ExtraField = z.output<typeof extraFieldInput>;

export const roundInput = z
  .strictObject({
    /** The session (year) the children join, such as 2027: the first part of the numbers. */
    session: z.coerce
      .number({ error: issue("value.whole") })
      .int(issue("value.whole"))
      .min(2000, issue("value.atLeast", { min: 2000 }))
      .max(2100, issue("value.atMost", { max: 2100 })),
    opensAt: instant,
    closesAt: instant,
    /** The form fee in taka ("500", "৫০০"), read into paisa. */
    fee: majorUnitPrice.refine((minor) => minor > 0, issue("payment.amountPositive")),
    decision: z.enum(decisionMethods, { error: issue("admission.decision") }),
    classes: z
      .array(roundClassInput, { error: issue("value.list") })
      .min(1, issue("value.atLeast", { min: 1 }))
      .max(20, issue("value.atMost", { max: 20 })),
    documents: z
      .array(z.enum(documentKinds, { error: issue("admission.documentKind") }))
      .max(documentKinds.length)
      .default(["photo", "birthCertificate"]),
    fields: z
      .array(extraFieldInput)
      .max(20, issue("value.atMost", { max: 20 }))
      .default([]),
    instructions: text(2000).default(""),
  })
  .refine((value) => value.opensAt < value.closesAt, {
    error: issue("admission.closesBeforeOpens"),
    path: ["closesAt"],
  })
  .refine((value) => new Set(value.classes.map((c) => c.class.toLowerCase())).size === value.classes.length, {
    error: issue("admission.classTwice"),
    path: ["classes"],
  })
  .refine((value) => new Set(value.fields.map((f) => f.key)).size === value.fields.length, {
    error: issue("admission.fieldTwice"),
    path: ["fields"],
  });
export type RoundInput = z.output<typeof roundInput>;

/** A 17-digit birth registration number, ASCII or Bangla digits, spaces or dashes between groups. */
export const birthRegistrationNumber = z
  .string({ error: issue("register.birthRegistration") })
  .trim()
  .max(40, issue("register.birthRegistration"))
  .transform((value) => asciiDigits(value).replace(/[\s-]/g, ""))
  .refine((value) => /^[0-9]{17}$/.test(value), issue("register.birthRegistration"));

export const mobile = z
  .string({ error: issue("register.phone") })
  .trim()
  .max(30, issue("register.phone"))
  .refine((value) => bangladeshiMobileOf(value) !== null, issue("register.phone"))
  .transform((value) => bangladeshiMobileOf(value) as string);

const email = z
  .string({ error: issue("value.email") })
  .trim()
  .max(254, issue("value.email"))
  .refine((value) => value === "" || z.email().safeParse(value).success, issue("value.email"));

export const applicantGuardian = z.strictObject({
  name: required(100),
  relation: z.enum(guardianRelations, { error: issue("register.relation") }),
  phone: mobile,
  email: email.default(""),
  address: text(300).default(""),
});

/**
 * The fixed core and the extra fields' answers. A draft keeps what is typed so far (every part
 * optional); paying needs the whole (applicationComplete).
 */
export const applicationFields = z.strictObject({
  childName: required(100),
  childNameBn: required(100),
  dateOfBirth: dayText,
  birthRegistration: birthRegistrationNumber,
  gender: z.enum(genders, { error: issue("register.gender") }),
  guardians: z
    .array(applicantGuardian, { error: issue("value.list") })
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(3, issue("value.atMost", { max: 3 })),
  previousInstitution: text(150).default(""),
  quota: text(40).default(""),
  extra: z
    .record(z.string().max(30), text(1000), { error: issue("value.list") })
    .refine((value) => Object.keys(value).length <= 20, issue("value.atMost", { max: 20 }))
    .default({}),
  language: z.enum(["en", "bn"], { error: issue("admission.language") }).default("bn"),
});
export type ApplicationFields = z.output<typeof applicationFields>;

/** A new draft: the class applied for; the rest may come now or later. */
export const newApplicationInput = applicationFields.partial().extend({ class: required(40) });
export type NewApplicationInput = z.output<typeof newApplicationInput>;

/** A draft's change: any part of the form. */
export const applicationChange = applicationFields.partial();
export type ApplicationChange = z.output<typeof applicationChange>;

export const applicationOrderInput = z.strictObject({
  provider: z
    .enum(paymentProviderNames, {
      error: issue("payment.provider", { names: paymentProviderNames.join(", ") }),
    })
    .optional(),
});

export const statusChangeInput = z.strictObject({
  status: z.enum(applicationStatuses, { error: issue("admission.status") }),
  note: text(500).default(""),
});

/** YYYY-C<class>-NNNN, such as 2027-C6-0042. */
export const applicationNumberPattern = /^\d{4}-C[0-9A-Z]{1,3}-\d{4,}$/;
export const applicationNumber = z
  .string({ error: issue("admission.number") })
  .trim()
  .toUpperCase()
  .refine((value) => applicationNumberPattern.test(value), issue("admission.number"));

export const statusCodeRequest = z.strictObject({ number: applicationNumber });
export const statusCheckInput = z.strictObject({
  number: applicationNumber,
  code: z
    .string({ error: issue("admission.code") })
    .trim()
    .transform(asciiDigits)
    .refine((value) => /^\d{6}$/.test(value), issue("admission.code")),
});

export const boardQuery = z.strictObject({
  status: z.enum(applicationStatuses, { error: issue("admission.status") }).optional(),
  class: text(40).optional(),
  q: text(100).optional(),
});

/** The number a class takes in an application's number: "Class Six" → 6, "Alim" → AL. */
export function classCode(className: string): string {
  const words: Record<string, string> = {
    one: "1",
    two: "2",
    three: "3",
    four: "4",
    five: "5",
    six: "6",
    seven: "7",
    eight: "8",
    nine: "9",
    ten: "10",
  };
  const match = /^class\s+(\w+)$/i.exec(className.trim());
  const word = match?.[1]?.toLowerCase();
  if (word && words[word]) return words[word];
  if (word && /^\d{1,2}$/.test(word)) return word;
  return (
    className
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 2)
      .toUpperCase() || "X"
  );
}

// ---- the test, the lottery and admitting (stages 5 and 6) -------------------------------------

/** Admit cards for a class: the test's time and the rooms filled in order, rolls by number. */
export const admitCardsInput = z.strictObject({
  class: required(40),
  testAt: instant,
  rooms: z
    .array(
      z.strictObject({
        room: required(60),
        seats: seats.refine((n) => n > 0, issue("value.atLeast", { min: 1 })),
      }),
      {
        error: issue("value.list"),
      },
    )
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(50, issue("value.atMost", { max: 50 })),
});
export type AdmitCardsInput = z.output<typeof admitCardsInput>;

/** Marks out of at most 1000, two decimals at most (Bangla digits read alike). */
export const marksValue = z
  .union([z.number(), z.string()], { error: issue("admission.marks") })
  .transform((value) => asciiDigits(String(value)).trim())
  .refine((value) => /^\d{1,4}(\.\d{1,2})?$/.test(value) && Number(value) <= 1000, issue("admission.marks"))
  .transform(Number);

const marksRow = z.strictObject({ number: applicationNumber, marks: marksValue });

/** The marks of a round's applicants, as a list or a CSV text ("number,marks" per line). */
export const marksInput = z
  .strictObject({
    marks: z
      .array(marksRow, { error: issue("value.list") })
      .max(10_000)
      .optional(),
    csv: z
      .string({ error: issue("value.text") })
      .max(1_000_000)
      .optional(),
  })
  .transform((value, context) => {
    if (value.marks) return value.marks;
    const rows: z.output<typeof marksRow>[] = [];
    const lines = (value.csv ?? "")
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .filter((line) => line.trim());
    for (const [index, line] of lines.entries()) {
      const [number = "", marks = ""] = line.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, ""));
      if (index === 0 && !applicationNumberPattern.test(number.toUpperCase())) continue;
      const parsed = marksRow.safeParse({ number, marks });
      if (!parsed.success) {
        context.addIssue({
          code: "custom",
          path: ["csv"],
          message: issue("admission.marksLine", { line: index + 1 }),
        });
        return z.NEVER;
      }
      rows.push(parsed.data);
    }
    if (rows.length === 0) {
      context.addIssue({ code: "custom", path: ["marks"], message: issue("value.required") });
      return z.NEVER;
    }
    return rows;
  });

export const classInput = z.strictObject({ class: required(40) });

/** Admitting a selected child: the roll (the class's next when left out) and the section. */
export const admitInput = z.strictObject({
  roll: z
    .string({ error: issue("value.text") })
    .trim()
    .transform(asciiDigits)
    .refine((value) => /^\d{1,6}$/.test(value), issue("value.whole"))
    .optional(),
  section: text(20).optional(),
});
export type AdmitInput = z.output<typeof admitInput>;
